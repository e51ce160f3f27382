// Routes bound after readiness (issue 15): a request waits for its own route's binding at most
// SERVER_TIMEOUTS.capabilityLoadWaitMs, and a binding that fails or does not match its declarations
// answers a sanitized INTERNAL_FAILURE instead of hanging or crashing.
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFieldValue, EventLog } from '../../src/app/event-log.js';
import { API_CONTRACT } from '../../src/contract/api-version.js';
import { SERVER_TIMEOUTS } from '../../src/contract/limits.js';
import { RequestGate } from '../../src/http/request-gate.js';
import type { RouteContract, RouteDefinition } from '../../src/http/route-definition.js';
import { buildHttpAdapter, type HttpAdapter } from '../../src/http/server.js';
import type { ConnectionTimers } from '../../src/http/connection-governor.js';

const BEARER = 'B'.repeat(43);
const HEADERS = { authorization: `Bearer ${BEARER}`, 'x-service-api-version': API_CONTRACT, 'x-service-app-build': 'test-build' };

class RecordingLog implements EventLog {
  readonly events: string[] = [];
  private readonly waiting = new Map<string, () => void>();
  event(name: string, _fields: Readonly<Record<string, EventFieldValue>> = {}): void {
    this.events.push(name);
    this.waiting.get(name)?.();
  }
  /** Resolves when the named event has been logged. */
  logged(name: string): Promise<void> {
    return this.events.includes(name) ? Promise.resolve() : new Promise((resolve) => this.waiting.set(name, resolve));
  }
}

/** Timers the test fires by hand; the connection governor's own timers are kept apart by their delay. */
class ManualTimers implements ConnectionTimers {
  readonly pending = new Map<number, { callback: () => void; ms: number }>();
  private next = 0;
  setTimeout(callback: () => void, ms: number): unknown {
    this.next += 1;
    this.pending.set(this.next, { callback, ms });
    return this.next;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  fire(ms: number): void {
    for (const [handle, timer] of [...this.pending]) {
      if (timer.ms !== ms) continue;
      this.pending.delete(handle);
      timer.callback();
    }
  }
}

const DECLARED: RouteContract = {
  operationId: 'readThing',
  method: 'GET',
  path: '/api/v1/thing',
  dispatchKey: 'test.read',
  summary: 'Reads the thing',
  tags: [],
  success: { status: 200, description: 'The thing.', contentType: 'application/json' },
};
const BOUND: RouteDefinition = { ...DECLARED, handler: async () => ({ thing: 1 }) };
const DECLARED_LATER: RouteContract = { ...DECLARED, operationId: 'readOther', path: '/api/v1/other', dispatchKey: 'test.other' };
const BOUND_LATER: RouteDefinition = { ...DECLARED_LATER, handler: async () => ({ other: 2 }) };

type Bind = (bound: (routes: readonly RouteDefinition[]) => void) => Promise<void>;

let adapter: HttpAdapter | null = null;
afterEach(async () => {
  await adapter?.close();
  adapter = null;
});

async function serve(bind: Bind, timers: ConnectionTimers, log: EventLog = new RecordingLog(), declared: readonly RouteContract[] = [DECLARED]): Promise<number> {
  const gate = new RequestGate({ bearer: BEARER, appBuild: 'test-build' });
  adapter = buildHttpAdapter({ gate, log, routes: [], deferred: { routes: declared, bind }, timers });
  const port = await adapter.listen();
  gate.bindPort(port);
  return port;
}

describe('routes bound after readiness', () => {
  it('answers a request that waited for the binding', async () => {
    let bindNow: (routes: readonly RouteDefinition[]) => void = () => undefined;
    let bindCalled: () => void = () => undefined;
    const called = new Promise<void>((resolve) => (bindCalled = resolve));
    const bind: Bind = (bound) =>
      new Promise((resolve) => {
        bindNow = (routes) => (bound(routes), resolve());
        bindCalled();
      });
    const port = await serve(bind, new ManualTimers());
    const answer = fetch(`http://127.0.0.1:${port}/api/v1/thing`, { headers: HEADERS });
    const unknown = await fetch(`http://127.0.0.1:${port}/api/v1/other`, { headers: HEADERS });
    expect(unknown.status).toBe(404);
    await called;
    bindNow([BOUND]);
    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ thing: 1 });
  });

  it('serves a capability composed first while a later one is still loading, then the later one', async () => {
    const log = new RecordingLog();
    let bindLater: () => void = () => undefined;
    const bind: Bind = async (bound) => {
      bound([BOUND]);
      await new Promise<void>((resolve) => (bindLater = resolve));
      bound([BOUND_LATER]);
    };
    const port = await serve(bind, new ManualTimers(), log, [DECLARED, DECLARED_LATER]);
    const later = fetch(`http://127.0.0.1:${port}/api/v1/other`, { headers: HEADERS });
    await log.logged('request.awaiting_capabilities');
    const first = await fetch(`http://127.0.0.1:${port}/api/v1/thing`, { headers: HEADERS });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ thing: 1 });
    bindLater();
    const answer = await later;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ other: 2 });
  });

  it('answers INTERNAL_FAILURE once the bounded wait has passed, and keeps serving what is bound', async () => {
    const timers = new ManualTimers();
    const log = new RecordingLog();
    const port = await serve(() => new Promise(() => undefined), timers, log);
    const answer = fetch(`http://127.0.0.1:${port}/api/v1/thing`, { headers: HEADERS });
    await log.logged('request.awaiting_capabilities');
    timers.fire(SERVER_TIMEOUTS.capabilityLoadWaitMs);
    const response = await answer;
    expect(response.status).toBe(500);
    expect(((await response.json()) as { code: string }).code).toBe('INTERNAL_FAILURE');
  });

  it.each([
    ['a binding that fails', (async () => Promise.reject(new Error('/home/alice/secret'))) satisfies Bind],
    ['bindings that do not match the declarations', (async (bound) => bound([{ ...BOUND, operationId: 'somethingElse' }])) satisfies Bind],
  ])('answers INTERNAL_FAILURE for %s, with nothing of the failure in the answer', async (_name, bind) => {
    const log = new RecordingLog();
    const port = await serve(bind, new ManualTimers(), log);
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/thing`, { headers: HEADERS });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect((JSON.parse(text) as { code: string }).code).toBe('INTERNAL_FAILURE');
    expect(text).not.toContain('alice');
    expect(log.events).toContain('capabilities.load_failed');
  });
});
