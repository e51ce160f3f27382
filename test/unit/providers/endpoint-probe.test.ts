import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderCatalog } from '../../../src/app/providers/catalog.js';
import { EndpointVerifier } from '../../../src/app/providers/endpoint-verifier.js';
import type { HostResolver } from '../../../src/app/providers/ports.js';
import { ServiceError } from '../../../src/app/service-error.js';
import { StaticHostResolver } from '../../../src/infra/endpoint-probe/dns-host-resolver.js';
import { NodeEndpointProber } from '../../../src/infra/endpoint-probe/node-endpoint-prober.js';
import {
  HTML_HANDLER,
  NOT_FOUND_HANDLER,
  OK_HANDLER,
  REDIRECT_HANDLER,
  startHttpFake,
  statusHandler,
  startHttpsFake,
  startTrap,
  type ProviderFake,
} from '../../support/provider-fakes.js';
import { createTestPki, type TestPki } from '../../support/test-pki.js';

const OPENAI_NAME = 'api.openai.test';
const ANTHROPIC_NAME = 'api.anthropic.test';
/** Public-looking addresses the test resolver hands out; the prober's dial maps them onto loopback fakes. */
const GOOD = '34.117.10.1';
const SELF_SIGNED = '34.117.10.2';
const WRONG_NAME = '34.117.10.3';
const REDIRECTING = '34.117.10.4';

let pki: TestPki;
const fakes: Record<string, ProviderFake> = {};
let localOk: ProviderFake;
let localRedirect: ProviderFake;

beforeAll(async () => {
  pki = createTestPki([OPENAI_NAME, ANTHROPIC_NAME]);
  fakes[GOOD] = await startHttpsFake(pki.leaf);
  fakes[SELF_SIGNED] = await startHttpsFake(pki.selfSigned);
  fakes[WRONG_NAME] = await startHttpsFake(pki.wrongName);
  fakes[REDIRECTING] = await startHttpsFake(pki.leaf, REDIRECT_HANDLER);
  localOk = await startHttpFake(OK_HANDLER);
  localRedirect = await startHttpFake(REDIRECT_HANDLER);
});

afterAll(async () => {
  await Promise.all([...Object.values(fakes), localOk, localRedirect].map((fake) => fake.close()));
});

function prober(): NodeEndpointProber {
  return new NodeEndpointProber({
    ca: [pki.caCert],
    dial: (address, port) => {
      if (address === '127.0.0.1') return { host: address, port };
      const fake = fakes[address];
      if (!fake || port !== 443) throw new Error('test dial outside the fakes');
      return { host: '127.0.0.1', port: fake.port };
    },
  });
}

function verifierFor(address: string | HostResolver): { verifier: EndpointVerifier; catalog: ProviderCatalog } {
  const resolver = typeof address === 'string' ? new StaticHostResolver({ [OPENAI_NAME]: [[address]] }) : address;
  const catalog = new ProviderCatalog({ cloudUrls: { openai: `https://${OPENAI_NAME}/v1`, anthropic: `https://${ANTHROPIC_NAME}` } });
  return { verifier: new EndpointVerifier(resolver, prober()), catalog };
}

async function rejection(work: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    expect(error.code).toBe('ENDPOINT_REJECTED');
    return Object.fromEntries(error.details.map((detail) => [detail.name, detail.value]));
  }
  throw new Error('expected a rejection');
}

describe('probe of a cloud endpoint through a loopback HTTPS fake with a test CA', () => {
  it('accepts the fake whose certificate the test CA signed for the name, with SNI on the name', async () => {
    const { verifier, catalog } = verifierFor(GOOD);
    const before = fakes[GOOD]?.requests.length ?? 0;
    const verified = await verifier.verify(catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: true });
    expect(verified.spkiSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(verified.identity).toMatch(/^[0-9a-f]{64}$/);
    expect(verified.pinnedAddress).toBe(GOOD);
    const seen = fakes[GOOD]?.requests.slice(before) ?? [];
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/models', servername: OPENAI_NAME });
    expect(seen[0]?.headers.host).toBe(OPENAI_NAME);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('gives the same identity on a second test, and a different one for another key', async () => {
    const { verifier, catalog } = verifierFor(GOOD);
    const first = await verifier.verify(catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: true });
    const second = await verifier.verify(catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: false });
    expect(second.identity).toBe(first.identity);
    const other = verifierFor(REDIRECTING);
    const handshakeOnly = await other.verifier.verify(other.catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: false });
    expect(handshakeOnly.spkiSha256).toBe(first.spkiSha256);
    expect(handshakeOnly.identity).not.toBe(first.identity); // the resolved address is part of the identity
  });

  it('refuses a self-signed certificate', async () => {
    const { verifier, catalog } = verifierFor(SELF_SIGNED);
    expect(await rejection(verifier.verify(catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: true }))).toEqual({
      reason: 'tls_failed',
      tls: 'certificate_untrusted',
    });
    expect(fakes[SELF_SIGNED]?.requests).toHaveLength(0);
  });

  it('refuses a certificate for another name', async () => {
    const { verifier, catalog } = verifierFor(WRONG_NAME);
    expect(await rejection(verifier.verify(catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: true }))).toEqual({
      reason: 'tls_failed',
      tls: 'hostname_mismatch',
    });
    expect(fakes[WRONG_NAME]?.requests).toHaveLength(0);
  });

  it('refuses a fake answering 302 and does not follow it', async () => {
    const { verifier, catalog } = verifierFor(REDIRECTING);
    const before = fakes[REDIRECTING]?.requests.length ?? 0;
    expect(await rejection(verifier.verify(catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: true }))).toEqual({ reason: 'redirect' });
    expect((fakes[REDIRECTING]?.requests.length ?? 0) - before).toBe(1);
  });

  it('refuses DNS rebinding: a resolver answering differently the second time', async () => {
    const rebinding = new StaticHostResolver({ [OPENAI_NAME]: [[GOOD], ['127.0.0.1']] });
    const { verifier, catalog } = verifierFor(rebinding);
    const before = fakes[GOOD]?.requests.length ?? 0;
    expect(await rejection(verifier.verify(catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: true }))).toEqual({
      reason: 'loopback_destination',
    });
    const changing = new StaticHostResolver({ [OPENAI_NAME]: [[GOOD], [SELF_SIGNED]] });
    const second = verifierFor(changing);
    expect(await rejection(second.verifier.verify(second.catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: true }))).toEqual({
      reason: 'resolution_changed',
    });
    expect((fakes[GOOD]?.requests.length ?? 0) - before).toBe(0);
  });
});

describe('probe of a local endpoint', () => {
  it('accepts an explicit loopback fake over http', async () => {
    const { verifier, catalog } = verifierFor(GOOD);
    const verified = await verifier.verify(catalog.get('ollama'), `http://127.0.0.1:${localOk.port}`, { sendRequest: true });
    expect(verified.spkiSha256).toBeNull();
    expect(localOk.requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/version' });
    expect(localOk.requests.at(-1)?.headers.host).toBe(`127.0.0.1:${localOk.port}`);
  });

  it('refuses a local fake answering 302', async () => {
    const { verifier, catalog } = verifierFor(GOOD);
    expect(await rejection(verifier.verify(catalog.get('ollama'), `http://127.0.0.1:${localRedirect.port}`, { sendRequest: true }))).toEqual({
      reason: 'redirect',
    });
  });

  it('reports a closed port as unreachable', async () => {
    const closed = await startHttpFake();
    await closed.close();
    const { verifier, catalog } = verifierFor(GOOD);
    expect(await rejection(verifier.verify(catalog.get('ollama'), `http://127.0.0.1:${closed.port}`, { sendRequest: true }))).toEqual({
      reason: 'unreachable',
    });
  });
});

async function refusalOf(work: Promise<unknown>): Promise<{ details: Record<string, unknown>; remediation: string | null }> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    expect(error.code).toBe('ENDPOINT_REJECTED');
    return { details: Object.fromEntries(error.details.map((detail) => [detail.name, detail.value])), remediation: error.remediation };
  }
  throw new Error('expected a rejection');
}

describe("endpoint diagnosis: the answer of the test path must be the provider's own", () => {
  const local = async (handler: Parameters<typeof startHttpFake>[0], providerId: 'ollama' | 'openai_compatible', base = '') => {
    const fake = await startHttpFake(handler);
    try {
      const { verifier, catalog } = verifierFor(GOOD);
      return await refusalOf(verifier.verify(catalog.get(providerId), `http://127.0.0.1:${fake.port}${base}`, { sendRequest: true }));
    } finally {
      await fake.close();
    }
  };

  it('refuses a server answering 404 on every path as not this API, with the base-path remediation', async () => {
    for (const providerId of ['ollama', 'openai_compatible'] as const) {
      const { details, remediation } = await local(NOT_FOUND_HANDLER, providerId, providerId === 'ollama' ? '' : '/v1');
      expect(details).toEqual({ reason: 'not_provider_api', upstream_status: 404 });
      expect(remediation).toContain('base path');
    }
  });

  it("refuses a 200 that is not the provider's listing (an HTML page, or Ollama's root on the OpenAI path)", async () => {
    expect((await local(HTML_HANDLER, 'openai_compatible', '/v1')).details).toEqual({ reason: 'not_provider_api', upstream_status: 200 });
    const ollamaAnswer: Parameters<typeof startHttpFake>[0] = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('Ollama is running');
    };
    expect((await local(ollamaAnswer, 'ollama')).details).toEqual({ reason: 'not_provider_api', upstream_status: 200 });
  });

  it('accepts an OpenAI-compatible listing at the base path, and refuses the same server at the wrong base path', async () => {
    const listing: Parameters<typeof startHttpFake>[0] = (request, response) => {
      if (request.url !== '/v1/models') return NOT_FOUND_HANDLER(request, response);
      return OK_HANDLER(request, response);
    };
    const fake = await startHttpFake(listing);
    try {
      const { verifier, catalog } = verifierFor(GOOD);
      await verifier.verify(catalog.get('openai_compatible'), `http://127.0.0.1:${fake.port}/v1`, { sendRequest: true });
      expect((await refusalOf(verifier.verify(catalog.get('openai_compatible'), `http://127.0.0.1:${fake.port}`, { sendRequest: true }))).details).toEqual({
        reason: 'not_provider_api',
        upstream_status: 404,
      });
    } finally {
      await fake.close();
    }
  });

  it('tells rate limiting and a server error apart (chunked error bodies)', async () => {
    const limited = await local(
      statusHandler(429, { error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' } }),
      'openai_compatible',
      '/v1',
    );
    expect(limited.details).toEqual({ reason: 'rate_limited', upstream_status: 429 });
    expect(limited.remediation).toContain('wait');
    const loading = await local(statusHandler(503, { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } }), 'openai_compatible', '/v1');
    expect(loading.details).toEqual({ reason: 'server_error', upstream_status: 503 });
  });

  it('names nothing listening with a remediation', async () => {
    const closed = await startHttpFake();
    await closed.close();
    const { verifier, catalog } = verifierFor(GOOD);
    const { details, remediation } = await refusalOf(verifier.verify(catalog.get('ollama'), `http://127.0.0.1:${closed.port}`, { sendRequest: true }));
    expect(details).toEqual({ reason: 'unreachable' });
    expect(remediation).toContain('Nothing is listening');
  });

  it('gives a certificate refusal its detail and remediation', async () => {
    const { verifier, catalog } = verifierFor(SELF_SIGNED);
    const { details, remediation } = await refusalOf(verifier.verify(catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: true }));
    expect(details).toEqual({ reason: 'tls_failed', tls: 'certificate_untrusted' });
    expect(remediation).toContain('certificate');
  });

  it("sends Anthropic's documented version header and accepts its 401 error shape (the test sends no key)", async () => {
    const anthropic = await startHttpsFake(
      pki.leaf,
      statusHandler(401, { type: 'error', error: { type: 'authentication_error', message: 'x-api-key header is required' } }),
    );
    const address = '34.117.10.9';
    fakes[address] = anthropic;
    try {
      const catalog = new ProviderCatalog({ cloudUrls: { openai: `https://${OPENAI_NAME}/v1`, anthropic: `https://${ANTHROPIC_NAME}` } });
      const verifier = new EndpointVerifier(new StaticHostResolver({ [ANTHROPIC_NAME]: [[address]] }), prober());
      await verifier.verify(catalog.get('anthropic'), `https://${ANTHROPIC_NAME}`, { sendRequest: true });
      expect(anthropic.requests.at(-1)).toMatchObject({ url: '/v1/models' });
      expect(anthropic.requests.at(-1)?.headers['anthropic-version']).toBe('2023-06-01');
      expect(anthropic.requests.at(-1)?.headers['x-api-key']).toBeUndefined();
      // A 401 that is not Anthropic's error object is another server.
      const plain = await startHttpsFake(pki.leaf, (_request, response) => {
        response.writeHead(401, { 'content-type': 'text/plain' });
        response.end('Unauthorized');
      });
      fakes[address] = plain;
      try {
        expect((await refusalOf(verifier.verify(catalog.get('anthropic'), `https://${ANTHROPIC_NAME}`, { sendRequest: true }))).details).toEqual({
          reason: 'not_provider_api',
          upstream_status: 401,
        });
      } finally {
        await plain.close();
      }
    } finally {
      delete fakes[address];
      await anthropic.close();
    }
  });
});

describe('proxy variables', () => {
  it('are ignored: a listening trap named by every proxy variable receives nothing', async () => {
    const trap = await startTrap();
    const names = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy', 'NO_PROXY', 'no_proxy'] as const;
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    try {
      for (const name of names) process.env[name] = name.toLowerCase().startsWith('no') ? '' : `http://127.0.0.1:${trap.port}`;
      const { verifier, catalog } = verifierFor(GOOD);
      await verifier.verify(catalog.get('openai'), `https://${OPENAI_NAME}/v1`, { sendRequest: true });
      await verifier.verify(catalog.get('ollama'), `http://127.0.0.1:${localOk.port}`, { sendRequest: true });
      expect(trap.connections()).toBe(0);
    } finally {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      await trap.close();
    }
  });
});
