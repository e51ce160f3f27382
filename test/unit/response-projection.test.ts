// contract.md section 12: a body is serialized as the projection of its schema, so a field that a
// handler returns by mistake never leaves the service; a body that misses a declared field is a
// defect, answered as a sanitized INTERNAL_FAILURE.
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFieldValue, EventLog } from '../../src/app/event-log.js';
import { API_CONTRACT } from '../../src/contract/api-version.js';
import { RequestGate } from '../../src/http/request-gate.js';
import type { RouteDefinition } from '../../src/http/route-definition.js';
import { buildHttpAdapter, type HttpAdapter } from '../../src/http/server.js';

const BEARER = 'C'.repeat(43);
const HEADERS = { authorization: `Bearer ${BEARER}`, 'x-service-api-version': API_CONTRACT, 'x-service-app-build': 'test-build' };
const LEAK = 'sk-live-never-on-the-wire';

class RecordingLog implements EventLog {
  readonly lines: string[] = [];
  event(name: string, fields: Readonly<Record<string, EventFieldValue>> = {}): void {
    this.lines.push(JSON.stringify({ name, ...fields }));
  }
}

const Thing = Type.Object(
  {
    name: Type.String(),
    parts: Type.Array(Type.Object({ id: Type.Integer() }, { additionalProperties: false })),
    note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: false },
);

function route(path: string, answer: unknown): RouteDefinition {
  return {
    operationId: path.slice(8),
    method: 'GET',
    path,
    dispatchKey: `test.${path.slice(8)}`,
    summary: 'A thing',
    tags: [],
    success: { status: 200, description: 'The thing.', schema: Thing, contentType: 'application/json' },
    handler: async () => answer,
  };
}

let adapter: HttpAdapter | undefined;
afterEach(async () => {
  await adapter?.close();
  adapter = undefined;
});

async function serve(routes: RouteDefinition[], log: EventLog): Promise<number> {
  const gate = new RequestGate({ bearer: BEARER, appBuild: 'test-build' });
  adapter = buildHttpAdapter({ gate, log, routes });
  const port = await adapter.listen();
  gate.bindPort(port);
  return port;
}

describe("a response is its schema's projection", () => {
  it('leaves out a field the schema does not declare, at the top and nested, and keeps every declared one', async () => {
    const leaking = { name: 'tree', secret: LEAK, parts: [{ id: 1, token: LEAK }, { id: 2 }], note: null, debug: { bearer: LEAK } };
    const port = await serve([route('/api/v1/leaky', leaking)], new RecordingLog());
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/leaky`, { headers: HEADERS });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(LEAK);
    expect(JSON.parse(text)).toEqual({ name: 'tree', parts: [{ id: 1 }, { id: 2 }], note: null });
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
  });

  it('answers a body that misses a declared field as a sanitized 500 INTERNAL_FAILURE, and names the defect in the log', async () => {
    const log = new RecordingLog();
    const port = await serve([route('/api/v1/broken', { parts: [], secret: LEAK })], log);
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/broken`, { headers: HEADERS });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain(LEAK);
    expect(JSON.parse(text)).toMatchObject({ code: 'INTERNAL_FAILURE', details: [] });
    expect(log.lines).toEqual([JSON.stringify({ name: 'request.failed', error: 'RESPONSE_SHAPE_MISMATCH' })]);
  });
});
