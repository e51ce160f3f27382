import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalArtifactStore, type GedcomOperationScope } from '../../client/artifacts.js';
import type { GedcomJobAccepted } from '../../src/contract/gedcom.js';
import { GEDCOM_OPERATION_TABLE } from '../../src/contract/gedcom-operations.js';
import { ERROR_CATALOGUE } from '../../src/contract/error-codes.js';
import type { JobEvent, JobSnapshot } from '../../src/contract/jobs.js';
import { GEDCOM_WORKER_LIMITS, JOB_LIMITS } from '../../src/contract/limits.js';
import { createProfile, openSession, startChatWorld, streamToEnd, type ChatWorld } from '../support/chat-world.js';
import { generatedGedcom } from '../support/gedcom-tree.js';
import { corpusRoot } from '../support/corpus.js';
import { call, expectContiguous, openStream, submitJob, releaseJob, waitTerminal } from '../support/job-stream.js';

/**
 * GEDCOM work off the request thread (issue 12), through the real test sidecar: tasks held at a
 * checkpoint inside the worker while the main thread serves, cancels that stop parse and merge
 * and leave nothing behind, faults (heap ceiling, stack overflow, a throwing worker) that fail one
 * job with a catalogued code while the service keeps serving.
 */

const QUEEN = join(corpusRoot(), 'gedcom', 'd-jeffrey-gedcom-samples/queen/Queen.ged');
const offline = { mode: 'offline' };

let world: ChatWorld;
let root: string;
let importer: LocalArtifactStore;
let large: string;
let nested: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'worker-artifacts-'));
  const scratch = mkdtempSync(join(tmpdir(), 'worker-in-'));
  large = join(scratch, 'large.ged');
  writeFileSync(large, generatedGedcom(30_000, 7), 'utf8');
  nested = join(scratch, 'nested.ged');
  const depth = 200_000;
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Deep /Nest/'];
  for (let level = 1; level <= depth; level++) lines.push(`${level} NOTE n`);
  lines.push('0 TRLR', '');
  writeFileSync(nested, lines.join('\n'), 'utf8');
  importer = new LocalArtifactStore(root);
  world = await startChatWorld({ args: ['--artifact-root', root] });
  await createProfile(world, 'local-ollama', 'ollama');
}, 120_000);

afterAll(async () => {
  await world?.close();
});

const sidecar = () => world.sidecar;

async function grant(file: string, op: GedcomOperationScope): Promise<string> {
  return (await importer.importFile(file, op)).grant;
}

async function submit(op: string, body: unknown): Promise<GedcomJobAccepted> {
  const answer = await call<GedcomJobAccepted>(sidecar(), 'POST', `/api/v1/gedcom/${op}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body;
}

async function arm(body: Record<string, unknown>): Promise<void> {
  expect((await call(sidecar(), 'POST', '/api/v1/testing/gedcom/arm', body)).status).toBe(200);
}

/** Resolves once the job's task holds at its checkpoint inside its worker; fails at once if the job ends first. */
async function held(job: GedcomJobAccepted): Promise<void> {
  let reached = false;
  const holding = call<{ held: number }>(sidecar(), 'GET', '/api/v1/testing/gedcom/held').then((answer) => answer.body.held);
  const ended = waitTerminal(sidecar(), job.job_id).then((terminal) => {
    if (reached) return 0;
    throw new Error(`the job ended ${terminal.state} (${terminal.error?.code ?? 'no error'}) before reaching its checkpoint`);
  });
  try {
    expect(await Promise.race([holding, ended])).toBeGreaterThan(0);
  } finally {
    reached = true;
    // the job ends later (released, cancelled, or its sidecar stopped): that is not this wait's concern
    ended.catch(() => undefined);
  }
}

async function healthy(): Promise<void> {
  expect((await call(sidecar(), 'GET', '/api/v1/health')).status).toBe(200);
}

/** The artifact store's objects: every file name, temporary `.part` names included. */
function objects(): string[] {
  return readdirSync(join(root, 'objects')).sort();
}

async function failedWith(job: GedcomJobAccepted, code: string): Promise<JobSnapshot> {
  const terminal = await waitTerminal(sidecar(), job.job_id);
  expect(terminal.state).toBe('failed');
  expect(terminal.error).toEqual({ code, message: ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].message });
  return terminal;
}

describe('GEDCOM work runs in worker threads', () => {
  it('keeps health, settings, another job stream and a chat stream answering while a task holds inside its worker', async () => {
    await arm({ stage: 'index', action: 'hold' });
    const job = await submit('quality', { source: await grant(QUEEN, 'gedcom.quality'), execution: offline });
    await held(job);
    expect((await call<JobSnapshot>(sidecar(), 'GET', `/api/v1/jobs/${job.job_id}`)).body).toMatchObject({ state: 'running', progress: { stage: 'index' } });
    await healthy();
    expect((await call(sidecar(), 'GET', '/api/v1/settings')).status).toBe(200);
    // another job's event stream delivers its events and its end
    const scripted = await submitJob(sidecar(), { progress_events: 3, hold: 'release' });
    const stream = await openStream(sidecar(), scripted.job_id);
    await stream.waitForEvents(4);
    expect(await releaseJob(sidecar(), scripted.job_id)).toBe(true);
    expect(await stream.finished).toBe('end');
    expect(stream.events.at(-1)?.kind).toBe('succeeded');
    // a chat stream runs to its end against the local fake
    const session = await openSession(world, 'local-ollama');
    const chat = await streamToEnd(world, session, { message: 'hello' });
    expect(chat.events.at(-1)?.kind).toBe('completed');
    // beyond the pool's size (one worker in the test composition) a GEDCOM job waits queued
    const second = await submit('inspect', { source: await grant(QUEEN, 'gedcom.inspect'), execution: offline });
    expect((await call<JobSnapshot>(sidecar(), 'GET', `/api/v1/jobs/${second.job_id}`)).body.state).toBe('queued');
    // the GEDCOM job is still where it was; released, it finishes and the queued one runs
    expect((await call<JobSnapshot>(sidecar(), 'GET', `/api/v1/jobs/${job.job_id}`)).body.state).toBe('running');
    expect((await call<{ released: number }>(sidecar(), 'POST', '/api/v1/testing/gedcom/release')).body.released).toBe(1);
    expect((await waitTerminal(sidecar(), job.job_id)).state).toBe('succeeded');
    expect((await waitTerminal(sidecar(), second.job_id)).state).toBe('succeeded');
    expect((await call(sidecar(), 'GET', `/api/v1/gedcom/jobs/${job.job_id}/result`)).status).toBe(200);
  });

  it('reports stage progress in order, bounded, with the terminal event retained', async () => {
    const job = await submit('quality', { source: await grant(large, 'gedcom.quality'), execution: offline });
    const terminal = await waitTerminal(sidecar(), job.job_id);
    expect(terminal.state).toBe('succeeded');
    const stream = await openStream(sidecar(), job.job_id);
    await stream.finished;
    const events: JobEvent[] = stream.events;
    expect(expectContiguous(events, events[0]?.sequence ?? 1)).toBe(true);
    expect(events.at(-1)?.kind).toBe('succeeded');
    const progress = events.filter((e) => e.kind === 'progress');
    const stages = GEDCOM_OPERATION_TABLE.quality.stages;
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThanOrEqual(GEDCOM_WORKER_LIMITS.progressEventsPerJob + stages.length);
    expect(events.length).toBeLessThanOrEqual(JOB_LIMITS.retainedEventsPerJob);
    let stageIndex = -1;
    let lastDone = -1;
    for (const event of progress) {
      const stage = event.progress?.stage ?? '';
      const index = stages.indexOf(stage as (typeof stages)[number]);
      expect(index, stage).toBeGreaterThanOrEqual(stageIndex);
      if (index > stageIndex) lastDone = -1;
      stageIndex = index;
      const done = event.progress?.completed ?? 0;
      expect(done).toBeGreaterThanOrEqual(lastDone);
      lastDone = done;
      const total = event.progress?.total;
      if (total !== null && total !== undefined) expect(done).toBeLessThanOrEqual(total);
    }
    // every stage of the operation was reported
    expect(new Set(progress.map((e) => e.progress?.stage))).toEqual(new Set(stages));
  });

  it('cancels mid-parse and mid-merge: cancelled, no output artifact and no temporary file', async () => {
    for (const stage of ['parse', 'match', 'write'] as const) {
      const before = objects();
      await arm({ stage, action: 'hold' });
      const job = await submit('merge', { left: await grant(large, 'gedcom.merge'), right: await grant(QUEEN, 'gedcom.merge'), execution: offline });
      const afterImports = objects();
      await held(job);
      const cancel = await call<{ disposition: string }>(sidecar(), 'POST', `/api/v1/jobs/${job.job_id}/cancel`);
      expect(cancel.body.disposition).toBe('pending_safe_point');
      const terminal = await waitTerminal(sidecar(), job.job_id);
      expect(terminal.state, stage).toBe('cancelled');
      expect(terminal.artifacts).toEqual([]);
      expect(objects(), stage).toEqual(afterImports);
      expect(objects().filter((name) => name.endsWith('.part'))).toEqual([]);
      expect(afterImports.length).toBe(before.length + 2);
      await healthy();
    }
  });

  it('fails a task over its heap ceiling with GEDCOM_RESOURCE_LIMIT, and the next task succeeds', async () => {
    // merging two 30,000-person trees needs far more than 16 MiB of heap (the index's typed arrays live outside it)
    await arm({ heap_mb: 16 });
    await failedWith(
      await submit('merge', { left: await grant(large, 'gedcom.merge'), right: await grant(large, 'gedcom.merge'), execution: offline }),
      'GEDCOM_RESOURCE_LIMIT',
    );
    await healthy();
    const next = await submit('quality', { source: await grant(QUEEN, 'gedcom.quality'), execution: offline });
    expect((await waitTerminal(sidecar(), next.job_id)).state).toBe('succeeded');
  });

  it('fails a stack overflow, a throwing worker and runaway allocation with catalogued codes, never their text', async () => {
    const source = await grant(QUEEN, 'gedcom.quality');
    await arm({ stage: 'parse', action: 'throw' });
    await failedWith(await submit('quality', { source, execution: offline }), 'GEDCOM_WORKER_FAILED');
    await healthy();
    await arm({ stage: 'index', action: 'overflow_stack' });
    await failedWith(await submit('quality', { source, execution: offline }), 'GEDCOM_RESOURCE_LIMIT');
    await healthy();
    await arm({ stage: 'read', action: 'exhaust_memory', heap_mb: 64 });
    await failedWith(await submit('quality', { source, execution: offline }), 'GEDCOM_RESOURCE_LIMIT');
    await healthy();
    const log = sidecar().stderrText();
    expect(log).not.toMatch(/deliberate fault|call stack|heap out of memory|RangeError|at [A-Za-z]+ \(/);
    const next = await submit('quality', { source, execution: offline });
    expect((await waitTerminal(sidecar(), next.job_id)).state).toBe('succeeded');
  });

  it('a 200,000-level nesting file ends with a catalogued outcome and the service keeps serving', async () => {
    const job = await submit('quality', { source: await grant(nested, 'gedcom.quality'), execution: offline });
    const terminal = await waitTerminal(sidecar(), job.job_id);
    expect(terminal.state).toBe('succeeded');
    await healthy();
    const inspect = await submit('inspect', { source: await grant(nested, 'gedcom.inspect'), execution: offline });
    expect((await waitTerminal(sidecar(), inspect.job_id)).state).toBe('succeeded');
  });

  it('shutdown stops a held task: the job ends interrupted and leaves no temporary file', async () => {
    await arm({ stage: 'apply', action: 'hold' });
    const job = await submit('subtree', {
      source: await grant(QUEEN, 'gedcom.subtree'),
      root: '@I101@',
      direction: 'both',
      generations: 3,
      execution: offline,
    });
    await held(job);
    await world.sidecar.stop();
    world.sidecar = await world.launch();
    const after = await call<JobSnapshot>(sidecar(), 'GET', `/api/v1/jobs/${job.job_id}`);
    expect(after.body.state).toBe('interrupted');
    expect(objects().filter((name) => name.endsWith('.part'))).toEqual([]);
    await healthy();
  });
});
