import { ChildProcess } from 'node:child_process';
import type * as childProcess from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KILLED_EXIT_WAIT_MS } from '../../client/child-exit.js';
import { API_CONTRACT } from '../../client/generated/contract-constants.js';
import { LaunchRefused, launchSidecar } from '../../client/launcher.js';
import { readinessProof } from '../../client/generated/readiness-proof.js';

/** Children the next spawns return instead of starting a program; empty: the real spawn. */
const fakes = vi.hoisted((): ChildProcess[] => []);
vi.mock('node:child_process', async (importOriginal) => {
  const actual = await importOriginal<typeof childProcess>();
  return { ...actual, spawn: (...args: Parameters<typeof actual.spawn>) => fakes.shift() ?? actual.spawn(...args) };
});

/** A child that never writes its readiness line and never exits, not even when killed; no pid: it was never started. */
function childThatNeverExits(pid: number | undefined): { child: ChildProcess; kills: string[]; stdout: PassThrough } {
  const child = new ChildProcess();
  const kills: string[] = [];
  const stdout = new PassThrough();
  child.stdin = new PassThrough();
  child.stdout = stdout;
  child.stderr = new PassThrough();
  Object.defineProperty(child, 'pid', { value: pid });
  child.kill = (signal?: NodeJS.Signals | number): boolean => {
    kills.push(String(signal));
    return true;
  };
  return { child, kills, stdout };
}

async function refusal(launch: Promise<unknown>): Promise<LaunchRefused> {
  const error: unknown = await launch.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof LaunchRefused)) throw new Error(`expected a LaunchRefused, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.useRealTimers();
  fakes.length = 0;
});

describe('launchSidecar when the program cannot be started', () => {
  it('refuses a missing program at once as spawn_failed with ENOENT, well within the readiness timeout', async () => {
    const started = Date.now();
    const refused = await refusal(launchSidecar({ entry: 'cli.js', execPath: '/nonexistent/node', appBuild: '1.0.0-test', readyTimeoutMs: 2_000 }));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(refused.reason).toBe('spawn_failed');
    expect(refused.errno).toBe('ENOENT');
    expect(refused.exitCode).toBeNull();
    expect(refused.stderrTail).toEqual([]);
    expect(refused.message).toBe('sidecar launch refused: spawn_failed (ENOENT)');
  });

  it('refuses a program that is not executable as spawn_failed with EACCES', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'launch-eacces-'));
    try {
      const program = join(folder, 'not-executable');
      writeFileSync(program, '#!/bin/sh\n');
      chmodSync(program, 0o644);
      const refused = await refusal(launchSidecar({ entry: null, execPath: program, appBuild: '1.0.0-test', readyTimeoutMs: 2_000 }));
      expect(refused.reason).toBe('spawn_failed');
      expect(refused.errno).toBe('EACCES');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('launchSidecar with a child that never reports its exit', () => {
  it('refuses at the readiness timeout and stops waiting for the killed child after a bounded time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { child, kills } = childThatNeverExits(4242);
    fakes.push(child);
    let settled = false;
    const launch = refusal(launchSidecar({ entry: 'cli.js', appBuild: '1.0.0-test', readyTimeoutMs: 1_000 })).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(kills).toEqual(['SIGKILL']);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(KILLED_EXIT_WAIT_MS);
    const refused = await launch;
    expect(refused.reason).toBe('readiness_timeout');
    expect(refused.exitCode).toBeNull();
    expect(refused.errno).toBeNull();
  });

  it("reports a fake child's spawn error (no exit ever) as spawn_failed without waiting for the timeout", async () => {
    const { child, kills } = childThatNeverExits(undefined);
    fakes.push(child);
    const launch = refusal(launchSidecar({ entry: 'cli.js', appBuild: '1.0.0-test', readyTimeoutMs: 60_000 }));
    child.emit('error', Object.assign(new Error('spawn /opt/app/node EACCES'), { code: 'EACCES' }));
    const refused = await launch;
    expect(refused.reason).toBe('spawn_failed');
    expect(refused.errno).toBe('EACCES');
    expect(kills).toEqual([]);
  });
});

describe('a launched sidecar that never reports its exit', () => {
  it('stop() kills it after its timeout and stops waiting after a bounded time', async () => {
    const { child, kills, stdout } = childThatNeverExits(4242);
    fakes.push(child);
    const appBuild = '1.0.0-test';
    const sidecarBuild = '1.0.0+test';
    // the fake child answers the handshake as the sidecar does: a readiness line, then a health answer with the proof
    let bearer = '';
    const health = createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ app_build: appBuild, sidecar_build: sidecarBuild, readiness_proof: readinessProof(bearer, appBuild, sidecarBuild, port) })),
    );
    await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
    // cast: listening on a TCP port, address() is an AddressInfo
    const { port } = health.address() as AddressInfo;
    child.stdin?.once('data', (line: Buffer) => {
      const handshake: unknown = JSON.parse(line.toString('utf8'));
      bearer = typeof handshake === 'object' && handshake !== null && 'bearer' in handshake && typeof handshake.bearer === 'string' ? handshake.bearer : '';
      stdout.write(
        `${JSON.stringify({ event: 'service.ready', base_url: `http://127.0.0.1:${port}`, port, pid: 4242, app_build: appBuild, sidecar_build: sidecarBuild, api: { contract: API_CONTRACT } })}\n`,
      );
    });
    try {
      const sidecar = await launchSidecar({ entry: 'cli.js', appBuild, readyTimeoutMs: 5_000 });
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let settled = false;
      const stopped = sidecar.stop(100).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(100);
      expect(kills).toEqual(['SIGKILL']);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(KILLED_EXIT_WAIT_MS);
      await expect(stopped).resolves.toBeNull();
    } finally {
      health.closeAllConnections();
      await new Promise<void>((resolve) => health.close(() => resolve()));
    }
  });
});
