import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkHealth } from '../../client/health-check.js';
import { RequestFailed } from '../../client/request-failed.js';

const HEADERS = { Authorization: 'Bearer test-bearer', 'X-Service-API-Version': '1' };
const PROOF = { app_build: 'app-1', sidecar_build: 'sidecar-1', readiness_proof: 'ab'.repeat(32) };

let server: Server | null = null;

async function serve(answer: (res: ServerResponse, headers: Readonly<Record<string, string | string[] | undefined>>) => void): Promise<number> {
  server = createServer((req, res) => answer(res, req.headers));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server === null ? resolve() : server.close(() => resolve())));
  server = null;
});

describe('launcher health check', () => {
  it('sends the contract headers and returns the proof fields of a 200 answer', async () => {
    let seen: Readonly<Record<string, string | string[] | undefined>> = {};
    const port = await serve((res, headers) => {
      seen = headers;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', ...PROOF }));
    });
    await expect(checkHealth(port, HEADERS, 5_000)).resolves.toEqual({ ok: true, health: PROOF });
    expect(seen['authorization']).toBe(HEADERS.Authorization);
    expect(seen['x-service-api-version']).toBe('1');
  });

  it('refuses a 401 as health_status with the RequestFailed every other call throws, carrying the envelope', async () => {
    const envelope = {
      code: 'AUTH_BEARER_INVALID',
      message: 'The private bearer is missing or invalid.',
      correlation_ref: `api_${'c'.repeat(32)}`,
      details: [],
    };
    const port = await serve((res) => res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify(envelope)));
    const checked = await checkHealth(port, HEADERS, 5_000);
    expect(checked).toMatchObject({ ok: false, reason: 'health_status' });
    const failure = checked.ok ? null : checked.failure;
    expect(failure).toBeInstanceOf(RequestFailed);
    expect(failure).toMatchObject({
      status: 401,
      request: 'GET /api/v1/health',
      code: 'AUTH_BEARER_INVALID',
      serviceMessage: envelope.message,
      correlationRef: envelope.correlation_ref,
    });
  });

  it('refuses a body without the proof fields and an oversized body as health_status', async () => {
    const answers = [
      (res: ServerResponse) => res.writeHead(200).end(JSON.stringify({ ...PROOF, readiness_proof: 7 })),
      (res: ServerResponse) => res.writeHead(200).end('not json'),
      (res: ServerResponse) => res.writeHead(200).end(JSON.stringify({ ...PROOF, padding: 'x'.repeat(20_000) })),
    ];
    for (const answer of answers) {
      const port = await serve(answer);
      await expect(checkHealth(port, HEADERS, 5_000)).resolves.toEqual({ ok: false, reason: 'health_status' });
      server?.closeAllConnections();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
      server = null;
    }
  });

  it('gives up at the deadline on a server that never answers', async () => {
    const port = await serve(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const checked = checkHealth(port, HEADERS, 2_000);
      await vi.advanceTimersByTimeAsync(2_000);
      await expect(checked).resolves.toEqual({ ok: false, reason: 'health_timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a closed port as health_unreachable', async () => {
    const port = await serve(() => undefined);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = null;
    await expect(checkHealth(port, HEADERS, 5_000)).resolves.toEqual({ ok: false, reason: 'health_unreachable' });
  });
});
