import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LaunchRefused, type LaunchedSidecar } from '../../client/launcher.js';
import { SERVE_EXIT } from '../../src/contract/launch.js';
import { corpusRoot } from '../support/corpus.js';
import { call, eventually, openStream, releaseJob, snapshot, submitJob, waitTerminal } from '../support/job-stream.js';
import { filesUnder, holderRecorded, localState, runSetup } from '../support/local-state.js';
import { SIDECAR_ENTRY, startSidecar, TEST_SIDECAR_ENTRY } from '../support/sidecar.js';

const PRES = join(corpusRoot(), 'gedcom/arbre-app-public-gedcoms/files/pres2020.ged');

/** A launch that is expected to be refused; answers the refusal. */
async function refusedLaunch(launch: () => Promise<LaunchedSidecar>): Promise<LaunchRefused> {
  try {
    const unexpected = await launch();
    await unexpected.stop();
  } catch (error) {
    if (error instanceof LaunchRefused) return error;
    throw error;
  }
  throw new Error('the second sidecar was not refused');
}

describe('one serving process per workspace', () => {
  it('a second serve on a served workspace refuses with the stable code and the holder pid; the first job ends exactly once', async () => {
    const fixture = localState('unlocked');
    const launch = () => startSidecar({ entry: TEST_SIDECAR_ENTRY, env: fixture.secrets.env, args: ['--workspace', fixture.workspace] });
    try {
      const first = await launch();
      const done = await submitJob(first, { progress_events: 1 });
      await waitTerminal(first, done.job_id);
      const running = await submitJob(first, { progress_events: 3, hold: 'release' });
      await eventually(async () => (await snapshot(first, running.job_id)).last_event_id === 5);
      const stream = await openStream(first, running.job_id);
      await holderRecorded(fixture.workspace, first.pid);
      const before = filesUnder(fixture.workspace);

      const refusal = await refusedLaunch(launch);
      expect(refusal.reason).toBe('workspace_in_use');
      expect(refusal.exitCode).toBe(SERVE_EXIT.workspaceInUse);
      expect(refusal.holderPid).toBe(first.pid);
      const line = refusal.stderrTail.find((text) => text.includes('"workspace.in_use"'));
      expect(JSON.parse(line ?? 'null')).toMatchObject({ event: 'workspace.in_use', holder_pid: first.pid });
      // It neither reconciled nor wrote: every file of the workspace is as it was.
      expect(filesUnder(fixture.workspace)).toEqual(before);

      // The first sidecar still owns its job, which ends once, succeeded, with one terminal event.
      expect(await snapshot(first, running.job_id)).toMatchObject({ state: 'running' });
      expect(await releaseJob(first, running.job_id)).toBe(true);
      expect(await waitTerminal(first, running.job_id)).toMatchObject({ state: 'succeeded' });
      await stream.finished;
      expect(stream.events.filter((event) => ['succeeded', 'failed', 'cancelled', 'interrupted'].includes(event.kind)).map((event) => event.kind)).toEqual([
        'succeeded',
      ]);
      const history = (await call<{ jobs: { job_id: string; state: string }[] }>(first, 'GET', '/api/v1/jobs')).body.jobs;
      expect(history.map((job) => [job.job_id, job.state])).toEqual([
        [running.job_id, 'succeeded'],
        [done.job_id, 'succeeded'],
      ]);
      expect(await first.stop()).toBe(0);

      // Once the holder is gone, the next sidecar starts at once and finds the job as it ended.
      const next = await launch();
      expect(await snapshot(next, running.job_id)).toMatchObject({ state: 'succeeded' });
      expect(await next.stop()).toBe(0);
    } finally {
      fixture.stop();
    }
  });

  it('after kill -9 of the holder an immediate start gets the lock and reconciles the job once, never to succeed later', async () => {
    const fixture = localState('unlocked');
    const launch = () => startSidecar({ entry: TEST_SIDECAR_ENTRY, env: fixture.secrets.env, args: ['--workspace', fixture.workspace] });
    try {
      const first = await launch();
      const running = await submitJob(first, { progress_events: 2, hold: 'release' });
      await eventually(async () => (await snapshot(first, running.job_id)).last_event_id === 4);
      first.child.kill('SIGKILL');
      expect(await first.exited()).toBe(null);

      const second = await launch();
      const reconciled = await snapshot(second, running.job_id);
      expect(reconciled).toMatchObject({ state: 'interrupted' });
      const stream = await openStream(second, running.job_id);
      await stream.finished;
      expect(stream.events.map((event) => event.kind)).toEqual(['interrupted']);
      expect(await second.stop()).toBe(0);
      const third = await launch();
      expect(await snapshot(third, running.job_id)).toEqual(reconciled);
      expect(await third.stop()).toBe(0);
    } finally {
      fixture.stop();
    }
  });

  it('setup on a served workspace is refused with the same code and changes nothing', async () => {
    const fixture = localState('unlocked');
    try {
      const serving = await fixture.launch();
      await holderRecorded(fixture.workspace, serving.pid);
      const before = filesUnder(fixture.workspace);
      const refused = runSetup(fixture.secrets.env, fixture.workspace);
      expect(refused.status).toBe(SERVE_EXIT.workspaceInUse);
      expect(refused.output).toMatch(new RegExp(`^setup: SETUP_REFUSED: workspace\\.in_use: held by pid ${serving.pid}\\n  remediation: `));
      expect(filesUnder(fixture.workspace)).toEqual(before);
      expect(await serving.stop()).toBe(0);
      expect(runSetup(fixture.secrets.env, fixture.workspace).status).toBe(0);
    } finally {
      fixture.stop();
    }
  });
});

describe('a shared artifact root', () => {
  it('20 importers creating one fresh root at the same moment all succeed, 50 times over', async () => {
    const base = mkdtempSync(join(tmpdir(), 'import-race-'));
    // Bundled once, so that 20 threads start without each compiling the TypeScript sources again.
    const bundle = join(base, 'artifact-import-worker.mjs');
    await build({
      entryPoints: ['test/support/artifact-import-worker.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'silent',
    });
    const workers = Array.from({ length: 20 }, () => new Worker(bundle));
    // A small file: the race is in creating the root, not in copying bytes.
    const small = join(base, 'small.ged');
    writeFileSync(small, '0 HEAD\n1 GEDC\n2 VERS 7.0\n0 TRLR\n');
    try {
      for (let round = 0; round < 50; round++) {
        const root = join(base, `round-${round}`, 'nested', 'artifacts');
        const start = new Int32Array(new SharedArrayBuffer(4));
        const answers = workers.map(
          (worker) =>
            new Promise<{ ok: boolean; error?: string }>((resolve, reject) => {
              worker.once('error', reject);
              worker.once('message', (answer: { ok: boolean; error?: string }) => {
                worker.off('error', reject);
                resolve(answer);
              });
            }),
        );
        for (const worker of workers) worker.postMessage({ root, file: small, start });
        Atomics.store(start, 0, 1);
        Atomics.notify(start, 0);
        const results = await Promise.all(answers);
        expect(results.filter((result) => !result.ok)).toEqual([]);
        expect(readdirSync(join(root, 'grants')).filter((name) => name.startsWith('agr_'))).toHaveLength(20);
      }
    } finally {
      await Promise.all(workers.map((worker) => worker.terminate()));
    }
  });

  it('20 artifacts import commands into a fresh root at once all succeed, while a sidecar serving that root writes outputs', async () => {
    const fixture = localState('unlocked');
    const root = join(mkdtempSync(join(tmpdir(), 'import-serving-')), 'fresh', 'artifacts');
    const importOnce = (): Promise<{ status: number | null; stdout: string; stderr: string }> =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [SIDECAR_ENTRY, 'artifacts', 'import', PRES, '--operation', 'gedcom.subtree', '--artifact-root', root], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        // 'close', not 'exit': the output pipes may still hold data when the process has exited
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      });
    try {
      const imports = await Promise.all(Array.from({ length: 20 }, importOnce));
      expect(imports.filter((result) => result.status !== 0).map((result) => result.stderr)).toEqual([]);
      const sidecar = await fixture.launch(['--artifact-root', root]);
      const grants = imports.map((result) => (JSON.parse(result.stdout) as { grant: string }).grant);
      // Subtree jobs write outputs into the root while more imports land in it.
      const submitted = await Promise.all(
        grants.slice(0, 4).map((grant) =>
          call<{ job_id: string }>(sidecar, 'POST', '/api/v1/gedcom/subtree', {
            source: grant,
            root: '@I1@',
            direction: 'both',
            execution: { mode: 'offline' },
          }),
        ),
      );
      const during = await Promise.all(Array.from({ length: 10 }, importOnce));
      expect(during.filter((result) => result.status !== 0).map((result) => result.stderr)).toEqual([]);
      for (const answer of submitted) {
        expect(answer.status).toBe(202);
        expect(await waitTerminal(sidecar, answer.body.job_id)).toMatchObject({ state: 'succeeded' });
      }
      expect(await sidecar.stop()).toBe(0);
      expect(readdirSync(join(root, 'objects')).filter((name) => name.endsWith('.part'))).toEqual([]);
    } finally {
      fixture.stop();
    }
  });
});
