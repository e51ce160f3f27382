import { connect, type Socket } from 'node:net';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { SILENT_EVENT_LOG } from '../../src/app/event-log.js';
import type { ConnectionPolicy, ConnectionTimers } from '../../src/http/connection-governor.js';
import { RequestGate } from '../../src/http/request-gate.js';
import { defineRoute } from '../../src/http/route-definition.js';
import { buildHttpAdapter, type HttpAdapter, type HttpDeadlines } from '../../src/http/server.js';
import { SERVER_TIMEOUTS } from '../../src/contract/limits.js';

/**
 * The connection governor on a real loopback server, with its timers injected: deadlines fire
 * when the test says so, never by waiting.
 */

const BEARER = 'B'.repeat(43);
const BUILD = 'test-build';

class ManualTimers implements ConnectionTimers {
  private next = 1;
  readonly pending = new Map<number, { callback: () => void; ms: number }>();
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { callback, ms });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Fires every pending timer of the given duration. */
  fire(ms: number): number {
    let fired = 0;
    for (const [id, timer] of [...this.pending]) {
      if (timer.ms !== ms) continue;
      this.pending.delete(id);
      timer.callback();
      fired++;
    }
    return fired;
  }
}

const POLICY: ConnectionPolicy = { maxConnections: 6, maxUnauthenticatedConnections: 3, unauthenticatedMs: 3_000, lingeringCloseMs: 5_000, listenBacklog: 511 };

let adapter: HttpAdapter | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await adapter?.close();
  adapter = null;
});

async function serve(
  timers: ManualTimers,
  policy: ConnectionPolicy = POLICY,
  deadlines?: HttpDeadlines,
  beforeListen?: (built: HttpAdapter) => void,
): Promise<number> {
  const gate = new RequestGate({ bearer: BEARER, appBuild: BUILD });
  adapter = buildHttpAdapter({
    gate,
    log: SILENT_EVENT_LOG,
    connections: policy,
    timers,
    ...(deadlines ? { deadlines } : {}),
    routes: [
      defineRoute({
        operationId: 'ping',
        method: 'GET',
        path: '/api/v1/ping',
        dispatchKey: 'test.ping',
        summary: 'Ping',
        tags: [],
        success: { status: 200, description: 'pong', schema: Type.Object({ pong: Type.Boolean() }), contentType: 'application/json' },
        handler: async () => ({ pong: true }),
      }),
    ],
  });
  beforeListen?.(adapter);
  const port = await adapter.listen();
  gate.bindPort(port);
  return port;
}

function request(authorized: boolean, close = false): string {
  const lines = ['GET /api/v1/ping HTTP/1.1', 'Host: 127.0.0.1', 'X-Service-API-Version: service.internal-api/1', `X-Service-App-Build: ${BUILD}`];
  if (authorized) lines.push(`Authorization: Bearer ${BEARER}`);
  if (close) lines.push('Connection: close');
  return `${lines.join('\r\n')}\r\n\r\n`;
}

interface Client {
  readonly socket: Socket;
  text(): string;
  readonly closed: Promise<void>;
}

async function client(port: number, allowHalfOpen = false): Promise<Client> {
  // allowHalfOpen: the client keeps its side open after the server's FIN (a client still sending).
  const socket = connect({ host: '127.0.0.1', port, allowHalfOpen });
  sockets.push(socket);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, text: () => Buffer.concat(chunks).toString('utf8'), closed };
}

/** Waits until the server side has accepted `count` connections in all (event-loop turns, not time). */
async function accepted(count: number): Promise<void> {
  await expect.poll(() => adapter?.connections.counters.accepted ?? 0, { interval: 5 }).toBeGreaterThanOrEqual(count);
}

async function answered(client: Client, marker: string): Promise<void> {
  await expect.poll(() => client.text(), { interval: 5 }).toContain(marker);
}

describe('connection governor', () => {
  it('answers 408 REQUEST_TIMEOUT and closes a connection that has not authenticated by its deadline', async () => {
    const timers = new ManualTimers();
    const port = await serve(timers);
    const slow = await client(port);
    slow.socket.write('GET /api/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await accepted(1);
    expect(timers.fire(POLICY.unauthenticatedMs)).toBe(1);
    await slow.closed;
    expect(slow.text()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(slow.text()).toContain('cache-control: no-store');
    expect(slow.text()).toContain('"code":"REQUEST_TIMEOUT"');
    expect(adapter?.connections.counters.expired).toBe(1);
  });

  it('lets an authenticated keep-alive connection outlive the unauthenticated deadline', async () => {
    const timers = new ManualTimers();
    const port = await serve(timers);
    const shell = await client(port);
    shell.socket.write(request(true));
    await answered(shell, '{"pong":true}');
    expect(timers.fire(POLICY.unauthenticatedMs)).toBe(0);
    shell.socket.write(request(true, true));
    await shell.closed;
    expect(shell.text().match(/HTTP\/1\.1 200/g)).toHaveLength(2);
  });

  it('closes the oldest unauthenticated connection to admit a new one; the paired client still gets through', async () => {
    const timers = new ManualTimers();
    const port = await serve(timers);
    const idle: Client[] = [];
    for (let i = 0; i < POLICY.maxUnauthenticatedConnections; i++) idle.push(await client(port));
    await accepted(POLICY.maxUnauthenticatedConnections);
    const shell = await client(port);
    await (idle[0] as Client).closed;
    expect((idle[0] as Client).text()).toBe('');
    shell.socket.write(request(true, true));
    await shell.closed;
    expect(shell.text()).toContain('{"pong":true}');
    expect(adapter?.connections.counters.evicted).toBe(1);
    expect(adapter?.connections.openUnauthenticated).toBeLessThanOrEqual(POLICY.maxUnauthenticatedConnections);
  });

  it('at the total bound, admits a new connection only by closing an unauthenticated one, else refuses it', async () => {
    const timers = new ManualTimers();
    const policy: ConnectionPolicy = { ...POLICY, maxConnections: 2, maxUnauthenticatedConnections: 2 };
    const port = await serve(timers, policy);
    const first = await client(port);
    first.socket.write(request(true));
    await answered(first, '{"pong":true}');
    const idle = await client(port);
    await accepted(2);
    const second = await client(port);
    await idle.closed;
    second.socket.write(request(true));
    await answered(second, '{"pong":true}');
    // Two authenticated connections fill the bound: a third is refused.
    const third = await client(port);
    await third.closed;
    expect(third.text()).toBe('');
    expect(adapter?.connections.counters.refused).toBe(1);
    expect(adapter?.connections.open).toBe(2);
  });

  it('lingers after an early answer until the client ends, or until the lingering bound', async () => {
    const timers = new ManualTimers();
    const port = await serve(timers);
    const sender = await client(port, true);
    // Unauthenticated, announcing a body it does not send (yet): answered 401 at once.
    sender.socket.write('POST /api/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":');
    await answered(sender, '"code":"AUTH_BEARER_INVALID"');
    // Still open for what the client is sending; the write side is shut.
    sender.socket.write('"more body bytes"');
    await expect.poll(() => adapter?.connections.counters.lingered, { interval: 5 }).toBe(1);
    expect(adapter?.connections.open).toBe(1);
    expect(timers.fire(POLICY.lingeringCloseMs)).toBe(1);
    await expect.poll(() => adapter?.connections.open, { interval: 5 }).toBe(0);

    // A client that ends its side after reading the answer closes the lingering socket at once.
    const polite = await client(port, true);
    polite.socket.write('POST /api/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":');
    await answered(polite, '"code":"AUTH_BEARER_INVALID"');
    await expect.poll(() => adapter?.connections.counters.lingered, { interval: 5 }).toBe(2);
    polite.socket.end();
    await polite.closed;
    expect(timers.pending.size).toBe(0);
  });

  it('applies the configured header deadline of an authenticated connection (checked every deadlineCheckIntervalMs, not every 30 s)', async () => {
    const timers = new ManualTimers();
    const deadlines: HttpDeadlines = { headersMs: 150, requestMs: 300, keepAliveMs: 5_000, deadlineCheckIntervalMs: 10 };
    const port = await serve(timers, POLICY, deadlines);
    const shell = await client(port);
    shell.socket.write(request(true));
    await answered(shell, '{"pong":true}');
    shell.socket.write('GET /api/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await shell.closed;
    expect(shell.text()).toContain('HTTP/1.1 408 Request Timeout');
    expect(shell.text()).toContain('"code":"REQUEST_TIMEOUT"');
    expect(SERVER_TIMEOUTS.deadlineCheckIntervalMs * 10).toBeLessThanOrEqual(SERVER_TIMEOUTS.headersMs);
  });

  it('answers requests that arrive during a graceful shutdown with 503 SERVICE_STOPPING, an envelope (not the framework body)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const port = await serve(new ManualTimers(), POLICY, undefined, (built) => built.onClosing(async () => held));
    const shell = await client(port);
    shell.socket.write(request(true));
    await answered(shell, '{"pong":true}');
    const closing = adapter?.close();
    shell.socket.write(request(true));
    await answered(shell, '"code":"SERVICE_STOPPING"');
    expect(shell.text()).toContain('HTTP/1.1 503');
    expect(shell.text()).not.toContain('statusCode');
    release();
    await closing;
    adapter = null;
  });
});
