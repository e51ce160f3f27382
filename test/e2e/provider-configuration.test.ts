import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import { localState, type LocalStateFixture } from '../support/local-state.js';
import { TEST_PROVIDER_NETWORK_VARIABLE, type TestProviderNetwork } from '../support/provider-network-extension.js';
import { NOT_FOUND_HANDLER, OK_HANDLER, REDIRECT_HANDLER, startHttpFake, startHttpsFake, startTrap, type ProviderFake } from '../support/provider-fakes.js';
import { httpText, rawRequest } from '../support/raw-http.js';
import { startSidecar, TEST_SIDECAR_ENTRY } from '../support/sidecar.js';
import { createTestPki } from '../support/test-pki.js';

const OPENAI = 'api.openai.test';
const ANTHROPIC = 'api.anthropic.test';
const GOOD = '34.117.30.1';
const WRONG_NAME = '34.117.30.2';
const SELF_SIGNED = '34.117.30.3';
/** A credential value that must never appear in any answer or log line. */
const SECRET = `sk-test-${'Q7'.repeat(20)}-never-echo`;

let fixture: LocalStateFixture;
let sidecar: LaunchedSidecar;
let trap: Awaited<ReturnType<typeof startTrap>>;
const fakes: ProviderFake[] = [];
let localOk: ProviderFake;
let localRedirect: ProviderFake;
let cloudGood: ProviderFake;
const transcripts: string[] = [];

beforeAll(async () => {
  const pki = createTestPki([OPENAI, ANTHROPIC]);
  cloudGood = await startHttpsFake(pki.leaf);
  const wrong = await startHttpsFake(pki.wrongName);
  const self = await startHttpsFake(pki.selfSigned);
  localOk = await startHttpFake(OK_HANDLER);
  localRedirect = await startHttpFake(REDIRECT_HANDLER);
  fakes.push(cloudGood, wrong, self, localOk, localRedirect);
  trap = await startTrap();
  const network: TestProviderNetwork = {
    hosts: {
      [OPENAI]: [[GOOD]],
      // Successive endpoint tests of the anthropic name: wrong name, self-signed, then a rebinding answer.
      [ANTHROPIC]: [[WRONG_NAME], [WRONG_NAME], [SELF_SIGNED], [SELF_SIGNED], [GOOD], ['127.0.0.1']],
    },
    ca: [pki.caCert],
    dial: { [`${GOOD}:443`]: cloudGood.port, [`${WRONG_NAME}:443`]: wrong.port, [`${SELF_SIGNED}:443`]: self.port },
    cloudUrls: { openai: `https://${OPENAI}/v1`, anthropic: `https://${ANTHROPIC}` },
  };
  const proxy = `http://127.0.0.1:${trap.port}`;
  fixture = localState('unlocked');
  sidecar = await startSidecar({
    entry: TEST_SIDECAR_ENTRY,
    args: ['--workspace', fixture.workspace],
    env: {
      ...fixture.secrets.env,
      [TEST_PROVIDER_NETWORK_VARIABLE]: JSON.stringify(network),
      HTTP_PROXY: proxy,
      HTTPS_PROXY: proxy,
      ALL_PROXY: proxy,
      http_proxy: proxy,
      https_proxy: proxy,
      NO_PROXY: '',
      NODE_USE_ENV_PROXY: '1',
    },
  });
});

afterAll(async () => {
  await sidecar?.stop();
  fixture?.stop();
  await Promise.all([...fakes.map((fake) => fake.close()), trap?.close()]);
});

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(sidecar.requestHeaders()).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  if (body !== undefined) lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(text)}`);
  const response = await rawRequest(sidecar.port, httpText(lines, text));
  transcripts.push(response.text);
  return { status: response.status, body: JSON.parse(response.body) as Record<string, unknown> };
}

function reasonOf(answer: Answer): unknown {
  const details = (answer.body.details ?? []) as { name: string; value: unknown }[];
  return details.find((detail) => detail.name === 'reason')?.value;
}

const validate = (provider_id: string, endpoint: string): Promise<Answer> => call('POST', '/api/v1/provider-endpoints/validate', { provider_id, endpoint });

describe('provider configuration through the real process', () => {
  it('stores a credential and reports only its presence', async () => {
    expect((await call('POST', '/api/v1/secrets/openai.api_key/set', { value: SECRET })).status).toBe(200);
    const configuration = await call('GET', '/api/v1/provider-configuration');
    expect(configuration.status).toBe(200);
    expect(configuration.body).toMatchObject({ schema_version: 1, profile_revision: 0, consent_revision: 0, profiles: [], consents: [] });
    expect(configuration.body.secrets).toEqual([
      { reference: 'openai.api_key', status: 'present' },
      { reference: 'anthropic.api_key', status: 'missing' },
      { reference: 'openai_compatible.api_key', status: 'missing' },
    ]);
  });

  it('lists both modules in the capability manifest', async () => {
    const manifest = await call('GET', '/api/v1/capabilities');
    const modules = (manifest.body.modules as { module_id: string; actions: { dispatch_key: string }[] }[]).filter((module) =>
      ['providers', 'consent'].includes(module.module_id),
    );
    expect(modules.map((module) => module.actions.map((action) => action.dispatch_key))).toEqual([
      ['providers.read', 'providers.validate_endpoint', 'providers.create_profile'],
      ['consent.preview', 'consent.create', 'consent.revoke'],
    ]);
  });

  it('accepts an explicit loopback fake and the cloud fake signed by the test CA', async () => {
    const local = await validate('ollama', `http://127.0.0.1:${localOk.port}`);
    expect(local.status).toBe(200);
    expect(local.body).toMatchObject({ provider_id: 'ollama', destination: `http://127.0.0.1:${localOk.port}`, tls: false });
    const cloud = await validate('openai', `https://${OPENAI}/v1`);
    expect(cloud.status).toBe(200);
    expect(cloud.body).toMatchObject({ provider_id: 'openai', endpoint: `https://${OPENAI}/v1`, destination: `https://${OPENAI}:443`, tls: true });
    expect(cloud.body.destination_identity).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(cloud.body)).not.toContain(GOOD);
    expect(cloudGood.requests.at(-1)).toMatchObject({ url: '/v1/models', servername: OPENAI });
    expect(cloudGood.requests.every((request) => request.headers.authorization === undefined)).toBe(true);
  });

  it('diagnoses a server answering 404 on every path as not this API, and a closed port as nothing listening, each with a remediation', async () => {
    const notFound = await startHttpFake(NOT_FOUND_HANDLER);
    fakes.push(notFound);
    const wrong = await validate('openai_compatible', `http://127.0.0.1:${notFound.port}/v1`);
    expect([wrong.status, wrong.body.code, reasonOf(wrong)]).toEqual([400, 'ENDPOINT_REJECTED', 'not_provider_api']);
    expect(wrong.body.remediation).toContain('base path');
    const closed = await startHttpFake();
    await closed.close();
    const nothing = await validate('ollama', `http://127.0.0.1:${closed.port}`);
    expect([nothing.status, reasonOf(nothing)]).toEqual([400, 'unreachable']);
    expect(nothing.body.remediation).toContain('Nothing is listening');
  });

  it('refuses a redirect, TLS failures, rebinding and hostile URLs with stable reasons', async () => {
    const redirect = await validate('ollama', `http://127.0.0.1:${localRedirect.port}`);
    expect([redirect.status, redirect.body.code, reasonOf(redirect)]).toEqual([400, 'ENDPOINT_REJECTED', 'redirect']);
    expect(reasonOf(await validate('anthropic', `https://${ANTHROPIC}`))).toBe('tls_failed');
    expect(reasonOf(await validate('anthropic', `https://${ANTHROPIC}`))).toBe('tls_failed');
    expect(reasonOf(await validate('anthropic', `https://${ANTHROPIC}`))).toBe('loopback_destination');
    expect(reasonOf(await validate('ollama', 'http://localhost:11434'))).toBe('loopback_name_not_allowed');
    expect(reasonOf(await validate('ollama', 'http://user:pw@127.0.0.1:11434'))).toBe('credentials_in_url');
    expect(reasonOf(await validate('ollama', 'http://0x7f.1:11434'))).toBe('numeric_host_form');
    expect(reasonOf(await validate('openai', 'https://api.openai.com/v1'))).toBe('cloud_url_not_reviewed');
    expect((await call('POST', '/api/v1/provider-endpoints/validate', { provider_id: 'openai', endpoint: 'x', extra: 1 })).status).toBe(422);
  });

  it('never touches the proxy named by the environment', () => {
    expect(trap.connections()).toBe(0);
  });
});

describe('profiles and consents through the real process', () => {
  let identity: string;

  it('creates a profile against the profile revision and a tested identity', async () => {
    const tested = await validate('openai', `https://${OPENAI}/v1`);
    identity = tested.body.destination_identity as string;
    const request = {
      expected_revision: 0,
      name: 'work',
      provider_id: 'openai',
      endpoint: `https://${OPENAI}/v1`,
      model: 'gpt-4o-mini',
      destination_identity: identity,
    };
    const created = await call('POST', '/api/v1/provider-profiles', request);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      profile_revision: 1,
      profile: { name: 'work', provider_id: 'openai', destination_identity: identity, created_revision: 1 },
    });
    const stale = await call('POST', '/api/v1/provider-profiles', { ...request, name: 'again' });
    expect([stale.status, stale.body.code]).toEqual([409, 'PROFILE_REVISION_STALE']);
    const unbound = await call('POST', '/api/v1/provider-profiles', {
      ...request,
      expected_revision: 1,
      name: 'unbound',
      destination_identity: 'a'.repeat(64),
    });
    expect([unbound.status, unbound.body.code]).toEqual([409, 'ENDPOINT_BINDING_MISSING']);
  });

  it('previews, creates only from the exact preview, and revokes idempotently', async () => {
    const previewRequest = {
      name: 'chat-work',
      profile: 'work',
      model: 'gpt-4o-mini',
      modules: ['chat'],
      purposes: ['research_chat'],
      data_classes: ['user_text', 'person_names'],
      retention: 'provider_policy',
      budget: { max_runs: 10 },
    };
    const preview = await call('POST', '/api/v1/consents/preview', previewRequest);
    expect(preview.status).toBe(200);
    const scope = preview.body.scope as Record<string, unknown>;
    expect(scope).toMatchObject({ provider_id: 'openai', provider_kind: 'cloud', destination_identity: identity, budget: { max_runs: 10 } });
    expect(typeof scope.living_person_warning).toBe('string');
    expect(typeof scope.remote_retention_warning).toBe('string');
    expect((await call('GET', '/api/v1/provider-configuration')).body.consent_revision).toBe(0);

    const changed = await call('POST', '/api/v1/consents', {
      expected_revision: 0,
      digest: preview.body.digest,
      scope: { ...scope, purposes: ['research_chat', 'translation'] },
    });
    expect([changed.status, changed.body.code]).toEqual([409, 'CONSENT_PREVIEW_STALE']);
    const created = await call('POST', '/api/v1/consents', { expected_revision: 0, digest: preview.body.digest, scope });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ consent_revision: 1, consent: { name: 'chat-work', state: 'active', used_runs: 0 } });
    const replay = await call('POST', '/api/v1/consents', { expected_revision: 0, digest: preview.body.digest, scope });
    expect([replay.status, replay.body.code]).toEqual([409, 'CONSENT_REVISION_STALE']);

    const revoked = await call('POST', '/api/v1/consents/chat-work/revoke');
    expect(revoked.body).toMatchObject({ consent_revision: 2, consent: { state: 'revoked' } });
    const again = await call('POST', '/api/v1/consents/chat-work/revoke');
    expect(again.body).toEqual(revoked.body);
    const unknown = await call('POST', '/api/v1/consents/nobody/revoke');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'CONSENT_NOT_FOUND']);
    const configuration = await call('GET', '/api/v1/provider-configuration');
    expect(configuration.body).toMatchObject({ profile_revision: 1, consent_revision: 2 });
  });

  it('kept the profiles and consents durable across a restart', async () => {
    await sidecar.stop();
    transcripts.push(sidecar.stderrText());
    sidecar = await startSidecar({ entry: TEST_SIDECAR_ENTRY, args: ['--workspace', fixture.workspace], env: { ...fixture.secrets.env } });
    const configuration = await call('GET', '/api/v1/provider-configuration');
    expect(configuration.body).toMatchObject({ profile_revision: 1, consent_revision: 2 });
    expect((configuration.body.profiles as unknown[]).length).toBe(1);
    expect(configuration.body.consents).toEqual([expect.objectContaining({ name: 'chat-work', state: 'revoked' })]);
  });
});

describe('secrets never leak', () => {
  it('no answer and no log line carries the credential value', () => {
    const needle = Buffer.from(SECRET, 'utf8');
    for (const text of [...transcripts, sidecar.stderrText()]) expect(Buffer.from(text, 'utf8').includes(needle)).toBe(false);
  });
});
