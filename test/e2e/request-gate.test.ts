import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, type InProcessSidecar } from '../support/in-process-sidecar.js';
import { rawRequest, httpText, type RawResponse } from '../support/raw-http.js';
import { TEST_APP_BUILD } from '../support/sidecar.js';

let sidecar: InProcessSidecar;
let auth: string;
const seen: string[] = [];

beforeAll(async () => {
  sidecar = await startInProcess();
  auth = sidecar.requestHeaders().authorization;
});

afterAll(async () => {
  await sidecar.stop();
  const bearer = auth.slice('Bearer '.length);
  for (const text of [...seen, sidecar.logText()]) expect(text.includes(bearer)).toBe(false);
});

interface RequestParts {
  readonly method?: string;
  readonly path?: string;
  readonly host?: string | null;
  readonly authorization?: string | null;
  readonly apiVersion?: string | null;
  readonly appBuild?: string | null;
  readonly extra?: readonly string[];
  readonly body?: string;
  readonly version?: string;
}

async function send(parts: RequestParts = {}): Promise<RawResponse> {
  const lines = [`${parts.method ?? 'GET'} ${parts.path ?? '/api/v1/health'} ${parts.version ?? 'HTTP/1.1'}`];
  const host = parts.host === undefined ? '127.0.0.1' : parts.host;
  if (host !== null) lines.push(`Host: ${host}`);
  const authorization = parts.authorization === undefined ? auth : parts.authorization;
  if (authorization !== null) lines.push(`Authorization: ${authorization}`);
  const apiVersion = parts.apiVersion === undefined ? 'service.internal-api/1' : parts.apiVersion;
  if (apiVersion !== null) lines.push(`X-Service-API-Version: ${apiVersion}`);
  const appBuild = parts.appBuild === undefined ? TEST_APP_BUILD : parts.appBuild;
  if (appBuild !== null) lines.push(`X-Service-App-Build: ${appBuild}`);
  lines.push(...(parts.extra ?? []), 'Connection: close');
  const response = await rawRequest(sidecar.port, httpText(lines, parts.body ?? ''));
  seen.push(response.text);
  return response;
}

function codeOf(response: RawResponse): string {
  return (JSON.parse(response.body) as { code: string }).code;
}

function expectEnvelope(response: RawResponse, status: number, code: string): void {
  expect(response.status).toBe(status);
  const envelope = JSON.parse(response.body) as Record<string, unknown>;
  expect(envelope.code).toBe(code);
  expect(envelope.correlation_ref).toMatch(/^api_[0-9a-f]{32}$/);
  expect(response.headers['x-service-correlation-ref']).toBe(envelope.correlation_ref);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(Object.keys(envelope).every((key) => ['code', 'message', 'correlation_ref', 'details', 'remediation'].includes(key))).toBe(true);
}

describe('rule 1: bearer', () => {
  it('accepts the paired bearer, and the scheme case-insensitively', async () => {
    expect((await send()).status).toBe(200);
    expect((await send({ authorization: auth.replace('Bearer', 'bEARER') })).status).toBe(200);
  });

  it.each([
    ['missing', (): string | null => null],
    ['wrong token', () => `Bearer ${'A'.repeat(43)}`],
    ['token with a suffix', () => `${auth}x`],
    ['token without its last character', () => auth.slice(0, -1)],
    ['two spaces', () => auth.replace(' ', '  ')],
    ['basic scheme', () => 'Basic dXNlcjpwYXNz'],
    ['scheme only', () => 'Bearer'],
  ])('refuses %s with 401 and WWW-Authenticate', async (_name, authorization) => {
    const response = await send({ authorization: authorization() });
    expectEnvelope(response, 401, 'AUTH_BEARER_INVALID');
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses a request that carries Authorization twice, even if one is right', async () => {
    expectEnvelope(await send({ extra: [`Authorization: Bearer ${'B'.repeat(43)}`] }), 401, 'AUTH_BEARER_INVALID');
    expectEnvelope(await send({ extra: [`Authorization: ${auth}`] }), 401, 'AUTH_BEARER_INVALID');
  });

  it('answers 401 before anything else is considered: unknown path, bad host, metadata, body', async () => {
    for (const parts of [
      { path: '/api/v1/nowhere' },
      { path: '/openapi.json' },
      { host: 'localhost' },
      { extra: ['Origin: http://evil.example'] },
      { apiVersion: null, appBuild: null },
      { method: 'POST', body: '{"a":1}', extra: ['Content-Type: text/plain', 'Content-Length: 7'] },
    ] satisfies RequestParts[]) {
      expectEnvelope(await send({ ...parts, authorization: null }), 401, 'AUTH_BEARER_INVALID');
    }
  });

  it('does not read the body of an unauthenticated request', async () => {
    const response = await send({ authorization: null, method: 'POST', extra: ['Content-Type: application/json', 'Content-Length: 1000000'], body: '{' });
    expectEnvelope(response, 401, 'AUTH_BEARER_INVALID');
  });
});

describe('rule 2: Host', () => {
  it('accepts 127.0.0.1 with and without the bound port', async () => {
    expect((await send({ host: `127.0.0.1:${sidecar.port}` })).status).toBe(200);
  });

  it.each([
    'localhost',
    `localhost:${String(0)}`,
    '0x7f.1',
    '2130706433',
    '0.0.0.0',
    '127.1',
    '127.0.0.2',
    '[::1]',
    '127.0.0.1:1',
    '127.0.0.1.',
    'evil.example',
    '',
  ])('refuses Host %j', async (host) => {
    expectEnvelope(await send({ host }), 400, 'REQUEST_HOST_REJECTED');
  });

  it('refuses an absent Host (HTTP/1.0) and a duplicated Host', async () => {
    expectEnvelope(await send({ host: null, version: 'HTTP/1.0' }), 400, 'REQUEST_HOST_REJECTED');
    expectEnvelope(await send({ extra: ['Host: 127.0.0.1'] }), 400, 'REQUEST_HOST_REJECTED');
  });
});

describe('rule 3: browser, cookie, origin and proxy metadata', () => {
  it.each([
    'Origin: null',
    'Referer: http://127.0.0.1/',
    'Cookie: a=b',
    'Sec-Fetch-Site: same-origin',
    'Sec-Fetch-Dest: document',
    'Sec-Fetch-User: ?1',
    'Sec-CH-UA: "Chromium"',
    'Forwarded: for=1.2.3.4',
    'X-Forwarded-For: 1.2.3.4',
    'X-Forwarded-Host: example.com',
    'X-Real-IP: 1.2.3.4',
    'Via: 1.1 proxy',
    'Proxy-Authorization: Basic x',
    'Proxy-Connection: keep-alive',
    'Upgrade: websocket',
    // Others of the same kinds, beyond the contract's list.
    'Sec-Fetch-Storage-Access: none',
    'Sec-Purpose: prefetch',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    'Access-Control-Request-Method: POST',
    'Access-Control-Request-Private-Network: true',
    'Upgrade-Insecure-Requests: 1',
    'X-Requested-With: XMLHttpRequest',
    'Cookie2: $Version=1',
    'Purpose: prefetch',
    'X-Forwarded: for=1.2.3.4',
    'X-Client-IP: 1.2.3.4',
    'True-Client-IP: 1.2.3.4',
    'X-Original-URL: /admin',
    'X-HTTP-Method-Override: DELETE',
  ])('refuses %s', async (header) => {
    expectEnvelope(await send({ extra: [header] }), 400, 'REQUEST_METADATA_REJECTED');
  });

  it('allows Sec-Fetch-Mode alone (Node fetch sends it)', async () => {
    expect((await send({ extra: ['Sec-Fetch-Mode: cors'] })).status).toBe(200);
  });
});

describe('rules 4 and 5: contract and paired build headers', () => {
  it.each([null, '', 'service.internal-api/2', 'SERVICE.INTERNAL-API/1', 'service.internal-api/1, service.internal-api/1'])(
    'refuses API version %j',
    async (apiVersion) => {
      const response = await send({ apiVersion });
      expect(response.status).toBe(400);
      expect(codeOf(response)).toBe('API_VERSION_UNSUPPORTED');
    },
  );

  it.each([null, '', 'other-build', `${TEST_APP_BUILD}x`, 'bad build!', 'a'.repeat(129)])('refuses app build %j', async (appBuild) => {
    expectEnvelope(await send({ appBuild }), 400, 'APP_BUILD_MISMATCH');
  });

  it('checks the order: host before metadata before version before build', async () => {
    expect(codeOf(await send({ host: 'localhost', extra: ['Origin: x'], apiVersion: null, appBuild: null }))).toBe('REQUEST_HOST_REJECTED');
    expect(codeOf(await send({ extra: ['Origin: x'], apiVersion: null, appBuild: null }))).toBe('REQUEST_METADATA_REJECTED');
    expect(codeOf(await send({ apiVersion: null, appBuild: null }))).toBe('API_VERSION_UNSUPPORTED');
  });
});

describe('rule 6: routing', () => {
  it.each(['/api/v1/nowhere', '/openapi.json', '/docs', '/redoc', '/api/v1/health/', '/API/V1/HEALTH', '/'])('answers 404 for %s', async (path) => {
    expectEnvelope(await send({ path }), 404, 'ROUTE_NOT_EXPOSED');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'])('answers 405 with Allow for %s on a GET route', async (method) => {
    const response = await send({ method });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET');
    if (method !== 'HEAD') expect(codeOf(response)).toBe('METHOD_NOT_ALLOWED');
  });

  it('refuses a CORS preflight (its question is browser metadata), and OPTIONS like any other method', async () => {
    const preflight = await send({ method: 'OPTIONS', extra: ['Access-Control-Request-Method: GET'] });
    expectEnvelope(preflight, 400, 'REQUEST_METADATA_REJECTED');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const options = await send({ method: 'OPTIONS' });
    expect(options.status).toBe(405);
    expect(options.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rules 7 and 8 on bodiless routes', () => {
  it('refuses a body on a route that takes none', async () => {
    expectEnvelope(await send({ extra: ['Content-Type: application/json', 'Content-Length: 2'], body: '{}' }), 400, 'REQUEST_BODY_NOT_ALLOWED');
    expectEnvelope(
      await send({ extra: ['Content-Type: application/json', 'Transfer-Encoding: chunked'], body: '2\r\n{}\r\n0\r\n\r\n' }),
      400,
      'REQUEST_BODY_NOT_ALLOWED',
    );
  });

  it('a Content-Length of zero in any spelling announces no body', async () => {
    for (const length of ['0', '00', '000']) expect((await send({ extra: [`Content-Length: ${length}`] })).status, length).toBe(200);
  });

  it('refuses a query string on a route that declares none', async () => {
    expectEnvelope(await send({ path: '/api/v1/health?verbose=1' }), 400, 'REQUEST_QUERY_NOT_ALLOWED');
    expectEnvelope(await send({ path: '/api/v1/capabilities?' }), 400, 'REQUEST_QUERY_NOT_ALLOWED');
  });
});
