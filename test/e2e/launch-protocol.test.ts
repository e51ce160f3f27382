import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LaunchRefused, newBearer } from '../../client/launcher.js';
import { SIDECAR_ENTRY, startSidecar, TEST_APP_BUILD } from '../support/sidecar.js';

interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `serve` with the given stdin bytes, collecting everything it prints. */
function runServe(stdin: string | Buffer | null, options: { closeStdin?: boolean } = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SIDECAR_ENTRY, 'serve'], { stdio: ['pipe', 'pipe', 'pipe'], env: {} });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.on('error', () => undefined);
    const write = (): void => {
      if (stdin !== null) child.stdin.write(stdin);
      if (options.closeStdin) child.stdin.end();
    };
    write();
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

const valid = (bearer: string): string => JSON.stringify({ bearer, app_build: TEST_APP_BUILD });

// The handshake deadline itself is tested on the reader with a faked clock (test/unit/stdin-handshake.test.ts).
describe('stdin handshake', () => {
  it.each([
    ['not JSON', 'hello\n', 'handshake_not_json'],
    ['a JSON array', '[]\n', 'handshake_not_object'],
    ['a short bearer', `${JSON.stringify({ bearer: randomBytes(16).toString('base64url'), app_build: TEST_APP_BUILD })}\n`, 'handshake_bearer_malformed'],
    [
      'a bearer with a non-canonical last character',
      `${JSON.stringify({ bearer: `${'A'.repeat(42)}B`, app_build: TEST_APP_BUILD })}\n`,
      'handshake_bearer_malformed',
    ],
    ['a standard-base64 bearer', `${JSON.stringify({ bearer: `${'+'.repeat(42)}A`, app_build: TEST_APP_BUILD })}\n`, 'handshake_bearer_malformed'],
    ['an extra field', `${JSON.stringify({ bearer: newBearer(), app_build: TEST_APP_BUILD, port: 1 })}\n`, 'handshake_fields'],
    ['a missing field', `${JSON.stringify({ bearer: newBearer() })}\n`, 'handshake_fields'],
    ['a malformed app build', `${JSON.stringify({ bearer: newBearer(), app_build: 'no spaces allowed' })}\n`, 'handshake_app_build_malformed'],
    ['an oversized line', `${' '.repeat(5000)}${valid(newBearer())}\n`, 'handshake_too_long'],
    ['EOF before a newline', null, 'handshake_eof'],
  ])('refuses %s: exit 2, one token-free reason on stderr, nothing bound', async (_name, input, reason) => {
    const result = await runServe(input, { closeStdin: true });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ event: 'handshake.rejected', reason });
  });
});

describe('lifecycle', () => {
  it('prints exactly one token-free readiness line and exits 0 on stdin EOF', async () => {
    const sidecar = await startSidecar();
    const bearer = (sidecar.requestHeaders().authorization as string).slice(7);
    const stdout: string[] = [];
    sidecar.child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk.toString()));
    const code = await sidecar.stop();
    expect(code).toBe(0);
    expect(stdout.join('')).toBe('');
    expect(sidecar.stderrText()).toContain('stdin_closed');
    expect(sidecar.stderrText().includes(bearer)).toBe(false);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('shuts down gracefully on %s', async (signal) => {
    const sidecar = await startSidecar();
    sidecar.child.kill(signal);
    expect(await sidecar.exited()).toBe(0);
    expect(sidecar.stderrText()).toContain(signal.toLowerCase());
  });

  it('binds 127.0.0.1 only', async () => {
    const sidecar = await startSidecar();
    expect(sidecar.baseUrl).toBe(`http://127.0.0.1:${sidecar.port}`);
    await sidecar.stop();
  });

  it('the launcher refuses a child whose readiness proof does not verify', async () => {
    // A child that speaks the readiness line but is not the sidecar: it cannot know the bearer.
    const impostor = `
      const http = require('node:http');
      process.stdin.once('data', () => {
        const s = http.createServer((q, r) => { r.setHeader('content-type','application/json'); r.end(JSON.stringify({status:'ready',app_build:'${TEST_APP_BUILD}',sidecar_build:'1.0.0+local',readiness_proof:'${'0'.repeat(64)}'})); });
        s.listen(0, '127.0.0.1', () => { const p = s.address().port; console.log(JSON.stringify({event:'service.ready',base_url:'http://127.0.0.1:'+p,port:p,pid:process.pid,app_build:'${TEST_APP_BUILD}',sidecar_build:'1.0.0+local',api:{contract:'service.internal-api/1',application_contract:'service.application/0.3',namespace:'/api/v1'}})); });
      });`;
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(`${tmpdir()}/impostor-`);
    await writeFile(`${dir}/impostor.cjs`, impostor);
    // The launcher kills the impostor; the refusal names the reason (its exit fields describe that kill).
    const refusal = await startSidecar({ entry: `${dir}/impostor.cjs` }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(LaunchRefused);
    expect(refusal).toMatchObject({ reason: 'readiness_proof', stderrTail: [] });
  });
});
