import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../../src/contract/error-codes.js';
import { localState, type LocalStateFixture } from '../support/local-state.js';
import { httpText, rawRequest, type RawResponse } from '../support/raw-http.js';
import { startSidecar, TEST_APP_BUILD, TEST_SIDECAR_ENTRY } from '../support/sidecar.js';

/**
 * The committed contract against the running service: every route of openapi-v1.json is walked
 * with the probes that reach its error statuses; every status seen is declared, every declared
 * status is seen or justified below, 422 appears only where the specification allows it, every
 * error body is an ErrorEnvelope or HTTPValidationError with no-store, and every schema_version
 * is the integer constant 1.
 */

type Json = Record<string, unknown>;
interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly parameters: Array<{ name: string; in: string; required: boolean; schema: Json }>;
  readonly requestBody?: { required: boolean };
  readonly responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
  readonly description?: string;
}

const CONTRACT = JSON.parse(readFileSync('openapi-v1.json', 'utf8')) as {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, Json> };
};
const OPERATIONS: Operation[] = Object.entries(CONTRACT.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
);

/**
 * Declared statuses the probes below do not reach, each with the reason it is declared anyway and
 * where it is exercised. `*` applies to every route.
 */
const JUSTIFIED: Record<string, string> = {
  '* 405':
    'Answered to a method a path does not accept, so never by the operation itself; the specification declares it on every route (section 4). Probed per path below.',
  '* 408': 'The request deadline (REQUEST_TIMEOUT) of the HTTP layer; exercised in http-conformance.test.ts.',
  '* 409':
    'Startup, revision and state conflicts (STARTUP_MUTATION_BLOCKED, STARTUP_DEGRADED, *_REVISION_STALE, ...); the specification declares it on every route; exercised per capability in startup-diagnostics, settings-and-secrets, provider-configuration, jobs-events, chat and gedcom tests.',
  '* 500':
    'A failure that answers INTERNAL_FAILURE or a sanitized provider/worker code; exercised in unexpected-failure.test.ts, chat and gedcom-worker tests.',
  '* 503':
    'Keyring unavailable or locked, the database file lost (DATABASE_FILE_LOST), or a request during a graceful shutdown (SERVICE_STOPPING); exercised in startup-diagnostics, database-loss and connection-governor tests.',
  '* 404': 'ROUTE_NOT_EXPOSED: the route in a composition that does not expose it (route-exposure.test.ts); the specification declares it on every route.',
  'bodiless 415':
    'Declared on every route by the specification (section 4); a route without a body refuses any body with 400 REQUEST_BODY_NOT_ALLOWED before its type is judged.',
  'streamInternalJobEvents 410': 'JOB_EVENT_REPLAY_EXPIRED: a Last-Event-ID before the retained window; exercised in jobs-events.test.ts.',
  'streamInternalChatEvents 410': 'CHAT_STREAM_REPLAY_GAP: a cursor before the retained window; exercised in chat.test.ts.',
  'getInternalGedcomJobResult 410': 'GEDCOM_JOB_RESULT_UNAVAILABLE: a completed job after a restart; exercised in gedcom.test.ts.',
};

/** A value of each path parameter that is well formed but names nothing, so the route answers its own 404. */
const UNKNOWN_PARAMETER: Record<string, string> = {
  job_id: `job_${'0'.repeat(32)}`,
  session_id: `chs_${'0'.repeat(32)}`,
  run_id: `chr_${'0'.repeat(32)}`,
  reference: 'unknown.api_key',
  name: 'no-such-consent',
};

let fixture: LocalStateFixture;
let sidecar: LaunchedSidecar;
let auth: string;
const observed = new Map<string, Set<number>>();

beforeAll(async () => {
  fixture = localState('unlocked');
  sidecar = await startSidecar({
    entry: TEST_SIDECAR_ENTRY,
    env: fixture.secrets.env,
    args: ['--workspace', fixture.workspace, '--artifact-root', mkdtempSync(join(tmpdir(), 'artifacts-'))],
  });
  auth = sidecar.requestHeaders().authorization as string;
});

afterAll(async () => {
  expect(await sidecar.stop()).toBe(0);
  fixture.stop();
});

function resolve(schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return CONTRACT.components.schemas[ref.replace('#/components/schemas/', '')];
}

function declared(operation: Operation): Set<number> {
  return new Set(Object.keys(operation.responses).map(Number));
}

interface Probe {
  readonly name: string;
  readonly path?: string;
  readonly method?: string;
  readonly headers?: readonly string[];
  readonly omitAuth?: boolean;
  readonly body?: string;
  readonly expect: number;
}

function pathOf(operation: Operation, values: Record<string, string>): string {
  return operation.path.replace(/\{([a-z_]+)\}/g, (_match, name: string) => values[name] ?? 'x');
}

function probesOf(operation: Operation): Probe[] {
  const takesBody = operation.requestBody !== undefined;
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const unknown = pathOf(operation, UNKNOWN_PARAMETER);
  const probes: Probe[] = [
    { name: 'no bearer', path: unknown, omitAuth: true, expect: 401 },
    { name: 'foreign api version', path: unknown, headers: ['X-Service-API-Version: service.internal-api/2'], expect: 400 },
    { name: 'unsupported expectation', path: unknown, headers: ['Expect: something-else'], expect: 417 },
    { name: 'query string', path: `${unknown}?unexpected=1`, expect: 400 },
    { name: 'header overflow', path: unknown, headers: [`X-Padding: ${'a'.repeat(20_000)}`], expect: 413 },
  ];
  if (takesBody) {
    probes.push(
      { name: 'text body', path: unknown, headers: ['Content-Type: text/plain'], body: '{}', expect: 415 },
      { name: 'oversized body', path: unknown, headers: ['Content-Type: application/json', 'Content-Length: 2000000'], expect: 413 },
      { name: 'invalid JSON', path: unknown, headers: ['Content-Type: application/json'], body: '{"a":', expect: 400 },
    );
    // Schema validation of the body runs after the path parameters are valid.
    probes.push({ name: 'schema-invalid body', path: unknown, headers: ['Content-Type: application/json'], body: '{"unexpected_field":1}', expect: 422 });
  } else {
    probes.push({ name: 'body on a bodiless route', path: unknown, headers: ['Content-Type: application/json'], body: '{}', expect: 400 });
  }
  if (pathParameters.length > 0) {
    probes.push({
      name: 'malformed path parameter',
      path: pathOf(operation, { job_id: 'x', session_id: 'x', run_id: 'x', reference: 'UPPER_CASE', name: '!' }),
      expect: 422,
    });
  }
  return probes;
}

async function send(operation: Operation, probe: Probe): Promise<RawResponse> {
  const lines = [`${probe.method ?? operation.method} ${probe.path ?? operation.path} HTTP/1.1`, 'Host: 127.0.0.1'];
  if (probe.omitAuth !== true) lines.push(`Authorization: ${auth}`);
  if (!(probe.headers ?? []).some((header) => header.startsWith('X-Service-API-Version'))) lines.push('X-Service-API-Version: service.internal-api/1');
  lines.push(`X-Service-App-Build: ${TEST_APP_BUILD}`, ...(probe.headers ?? []));
  if (probe.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(probe.body)}`);
  lines.push('Connection: close');
  return rawRequest(sidecar.port, httpText(lines, probe.body ?? ''));
}

function expectContractBody(operation: Operation, response: RawResponse): void {
  expect(response.headers['cache-control']).toBe('no-store');
  if (response.status < 400) return;
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(response.body) as Json;
  const content = operation.responses[String(response.status)]?.content?.['application/json']?.schema?.$ref;
  if (response.status === 422) {
    expect(content).toBe('#/components/schemas/HTTPValidationError');
    expect(Array.isArray(body.detail)).toBe(true);
    for (const item of body.detail as Json[]) expect(['body', 'path', 'header']).toContain((item.loc as unknown[])[0]);
    return;
  }
  expect(content).toBe('#/components/schemas/ErrorEnvelope');
  expect(Object.keys(body).every((key) => ['code', 'message', 'correlation_ref', 'details', 'remediation'].includes(key))).toBe(true);
  expect(ERROR_CATALOGUE[body.code as ErrorCode]?.status).toBe(response.status);
  expect(body.correlation_ref).toMatch(/^api_[0-9a-f]{32}$/);
  expect(response.headers['x-service-correlation-ref']).toBe(body.correlation_ref);
}

describe('the committed contract', () => {
  it('declares every schema_version as the integer constant 1', () => {
    const found: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (node === null || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${at}/${index}`));
      for (const [key, value] of Object.entries(node)) {
        if (key === 'schema_version') {
          found.push(at);
          expect(resolve(value as Json), at).toMatchObject({ type: 'integer', const: 1 });
        }
        walk(value, `${at}/${key}`);
      }
    };
    walk(CONTRACT, '');
    expect(found.length).toBeGreaterThanOrEqual(17);
    // And no numeric constant is typed `number` where it is a count.
    expect(JSON.stringify(CONTRACT)).not.toMatch(/"type":"number","const":(?!0\b|1\b)\d/);
  });

  it('declares 422 only on routes with a path parameter or a body, and every error response as an envelope or a validation error', () => {
    for (const operation of OPERATIONS) {
      const allowed = operation.requestBody !== undefined || operation.parameters.some((parameter) => parameter.in === 'path');
      expect('422' in operation.responses, `${operation.operationId} 422`).toBe(allowed);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const ref = response.content?.['application/json']?.schema?.$ref;
        expect(ref, `${operation.operationId} ${status}`).toBe(
          status === '422' ? '#/components/schemas/HTTPValidationError' : '#/components/schemas/ErrorEnvelope',
        );
      }
    }
  });

  it('declares the status of every catalogued code a route description names', () => {
    for (const operation of OPERATIONS) {
      for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
        if (!new RegExp(`\\b${code}\\b`).test(operation.description ?? '')) continue;
        expect(declared(operation).has(ERROR_CATALOGUE[code].status), `${operation.operationId} names ${code}`).toBe(true);
      }
    }
  });
});

describe('every route of the contract against the running service', () => {
  it.each(OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s', async (_name, operation) => {
    const seen = observed.get(operation.operationId) ?? new Set<number>();
    observed.set(operation.operationId, seen);
    for (const probe of probesOf(operation)) {
      const response = await send(operation, probe);
      expect(response.status, `${operation.operationId}: ${probe.name}`).toBe(probe.expect);
      expect(declared(operation).has(response.status), `${operation.operationId}: ${probe.name} answered an undeclared ${response.status}`).toBe(true);
      expectContractBody(operation, response);
      seen.add(response.status);
    }
    // Well-formed identifiers that name nothing answer the route's own 404 (owner-scoped chat routes
    // answer it for the missing owner too); a path template with another method answers 405.
    if (operation.parameters.some((parameter) => parameter.in === 'path') && operation.requestBody === undefined) {
      const response = await send(operation, { name: 'unknown identifier', path: pathOf(operation, UNKNOWN_PARAMETER), expect: 404 });
      expect(response.status, `${operation.operationId}: unknown identifier`).toBe(404);
      expectContractBody(operation, response);
      seen.add(404);
    }
    const other = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'].find(
      (method) => !Object.keys(CONTRACT.paths[operation.path] ?? {}).includes(method.toLowerCase()),
    ) as string;
    const wrongMethod = await send(operation, { name: 'other method', method: other, path: pathOf(operation, UNKNOWN_PARAMETER), expect: 405 });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe(
      Object.keys(CONTRACT.paths[operation.path] ?? {})
        .map((method) => method.toUpperCase())
        .sort()
        .join(', '),
    );
    expectContractBody(operation, wrongMethod);
  });

  it('every declared status is reached above or justified', () => {
    const unexplained: string[] = [];
    for (const operation of OPERATIONS) {
      const seen = observed.get(operation.operationId) ?? new Set<number>();
      for (const status of declared(operation)) {
        if (status < 400 || seen.has(status)) continue;
        const bodiless = operation.requestBody === undefined ? JUSTIFIED[`bodiless ${status}`] : undefined;
        if (JUSTIFIED[`${operation.operationId} ${status}`] === undefined && JUSTIFIED[`* ${status}`] === undefined && bodiless === undefined) {
          unexplained.push(`${operation.operationId} ${status}`);
        }
      }
    }
    expect(unexplained).toEqual([]);
  });
});
