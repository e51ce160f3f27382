import { beforeEach, describe, expect, it } from 'vitest';
import type { PreflightRequest } from '../../../src/app/providers/preflight.js';
import { startupGate } from '../../../src/app/startup/startup-gate.js';
import { harness, PUBLIC_OPENAI, refusal, type Harness } from './harness.js';

const CLOUD: PreflightRequest = {
  profile: 'work',
  model: 'gpt-4o-mini',
  module: 'chat',
  purpose: 'research_chat',
  dataClasses: ['user_text', 'person_names'],
  consent: 'chat-openai',
};

const LOCAL: PreflightRequest = { profile: 'local', model: 'llama3.2', module: 'gedcom', purpose: 'quality_review', dataClasses: ['life_events'] };

let h: Harness;
let identity: string;

async function prepare(target: Harness): Promise<string> {
  const id = await target.profile('work', 'openai', 'gpt-4o-mini');
  await target.profile('local', 'ollama', 'llama3.2');
  await target.profile('other', 'anthropic', 'claude-3-5-haiku');
  await target.consent({
    name: 'chat-openai',
    profile: 'work',
    model: 'gpt-4o-mini',
    modules: ['chat'],
    purposes: ['research_chat'],
    data_classes: ['user_text', 'person_names'],
    retention: 'provider_policy',
    budget: { max_runs: 2 },
  });
  return id;
}

beforeEach(async () => {
  h = harness();
  identity = await prepare(h);
});

/** Refusal plus the proof that nothing reached the provider: no probe at all for checks before the identity check. */
async function refusedWithoutContact(request: PreflightRequest, target: Harness = h): Promise<string> {
  const probes = target.prober.targets.length;
  const outcome = await refusal(target.preflight.check(request));
  expect(target.prober.targets.length).toBe(probes);
  return outcome;
}

describe('central preflight: an execution binding when everything holds', () => {
  it('binds a cloud execution to the pinned address, the name for TLS and a credential reference', async () => {
    const binding = await h.preflight.check(CLOUD);
    expect(binding).toEqual({
      providerId: 'openai',
      providerKind: 'cloud',
      profile: 'work',
      model: 'gpt-4o-mini',
      module: 'chat',
      purpose: 'research_chat',
      dataClasses: ['user_text', 'person_names'],
      consent: 'chat-openai',
      endpoint: {
        url: 'https://api.openai.com/v1',
        scheme: 'https',
        hostname: 'api.openai.com',
        port: 443,
        basePath: '/v1',
        address: PUBLIC_OPENAI,
        servername: 'api.openai.com',
        spkiSha256: 'a'.repeat(64),
        destinationIdentity: identity,
      },
      credentialReference: 'openai.api_key',
      capabilities: expect.objectContaining({ streaming: true, tools: false }),
    });
    expect(h.prober.targets.at(-1)?.sendRequest).toBe(false);
  });

  it('lets a local model run with a profile and model but no consent (GEDCOM rule 3)', async () => {
    const binding = await h.preflight.check(LOCAL);
    expect(binding.consent).toBeNull();
    expect(binding.credentialReference).toBeNull();
    expect(binding.endpoint).toMatchObject({ address: '127.0.0.1', servername: null, spkiSha256: null });
  });

  it('charges one run per execution and refuses once the budget is used', async () => {
    await h.preflight.check({ ...CLOUD, chargeRun: true });
    await h.preflight.check({ ...CLOUD, chargeRun: true });
    expect(h.store.findConsent('chat-openai')?.usedRuns).toBe(2);
    expect(await refusedWithoutContact({ ...CLOUD, chargeRun: true })).toBe('CONSENT_BUDGET_EXHAUSTED');
    expect(await refusedWithoutContact(CLOUD)).toBe('CONSENT_BUDGET_EXHAUSTED');
  });
});

describe('central preflight: every refusal of chat rule 2, before any remote generation', () => {
  it('refuses provider none', async () => {
    expect(await refusedWithoutContact({ ...CLOUD, profile: 'none' })).toBe('PROVIDER_NOT_ALLOWED:provider_none');
  });

  it.each(['openai', 'anthropic', 'ollama', 'openai_compatible'])('refuses the direct provider identifier %s', async (profile) => {
    expect(await refusedWithoutContact({ ...CLOUD, profile })).toBe('PROVIDER_NOT_ALLOWED:direct_provider_identifier');
  });

  it('refuses a missing profile', async () => {
    expect(await refusedWithoutContact({ ...CLOUD, profile: 'gone' })).toBe('PROFILE_NOT_FOUND');
  });

  it('refuses a stale profile selection: a model that is not the profile model', async () => {
    expect(await refusedWithoutContact({ ...CLOUD, model: 'gpt-4o' })).toBe('PROVIDER_NOT_ALLOWED:model_mismatch');
  });

  it('refuses incompatible capabilities', async () => {
    const limited = harness({
      catalog: { capabilities: { openai: { streaming: false, max_context_characters: 1000, max_output_tokens: 100, modules: ['chat'], tools: false } } },
    });
    await prepare(limited);
    expect(await refusedWithoutContact({ ...CLOUD, module: 'gedcom' }, limited)).toBe('PROVIDER_NOT_ALLOWED:capability_unsupported');
    expect(await refusedWithoutContact({ ...CLOUD, requires: { streaming: true } }, limited)).toBe('PROVIDER_NOT_ALLOWED:capability_unsupported');
    expect(await refusedWithoutContact({ ...CLOUD, requires: { contextCharacters: 1001 } }, limited)).toBe('PROVIDER_NOT_ALLOWED:capability_unsupported');
  });

  it('refuses missing cloud consent (absent or unknown name)', async () => {
    expect(await refusedWithoutContact({ ...CLOUD, consent: null })).toBe('CONSENT_REQUIRED');
    expect(await refusedWithoutContact({ ...CLOUD, consent: undefined })).toBe('CONSENT_REQUIRED');
    expect(await refusedWithoutContact({ ...CLOUD, consent: 'never-granted' })).toBe('CONSENT_REQUIRED:consent_unknown');
  });

  it('refuses revoked consent', async () => {
    h.consents.revoke('chat-openai');
    expect(await refusedWithoutContact(CLOUD)).toBe('CONSENT_REVOKED');
  });

  it.each([
    ['another module', { module: 'gedcom' as const }, 'module'],
    ['another purpose', { purpose: 'translation' as const }, 'purpose'],
    ['a data class outside the grant', { dataClasses: ['user_text' as const, 'relationships' as const] }, 'data_classes'],
    ['no data class', { dataClasses: [] }, 'data_classes'],
    ['another profile', { profile: 'other', model: 'claude-3-5-haiku' }, 'profile'],
  ])('refuses a consent that does not cover %s', async (_name, change, field) => {
    expect(await refusedWithoutContact({ ...CLOUD, ...change })).toBe(`CONSENT_SCOPE_MISMATCH:${field}`);
  });

  it('refuses a changed endpoint identity, and sends no request', async () => {
    h.prober.spki = 'b'.repeat(64);
    const requests = h.prober.targets.filter((target) => target.sendRequest).length;
    expect(await refusal(h.preflight.check(CLOUD))).toBe('ENDPOINT_IDENTITY_CHANGED');
    expect(h.prober.targets.filter((target) => target.sendRequest).length).toBe(requests);
  });

  it('refuses an endpoint that now fails the policy, and maps an unreachable endpoint', async () => {
    h.prober.outcome = { kind: 'tls_failed', failure: 'hostname_mismatch' };
    expect(await refusal(h.preflight.check(CLOUD))).toBe('ENDPOINT_REJECTED:tls_failed');
    h.prober.outcome = { kind: 'unreachable' };
    expect(await refusal(h.preflight.check(CLOUD))).toBe('PROVIDER_UNAVAILABLE');
  });

  it('refuses a missing or unreadable credential', async () => {
    h.credentials.statuses.set('openai.api_key', 'missing');
    expect(await refusedWithoutContact(CLOUD)).toBe('PROVIDER_CREDENTIAL_MISSING');
    h.credentials.statuses.set('openai.api_key', 'unavailable');
    expect(await refusedWithoutContact(CLOUD)).toBe('CREDENTIAL_STORE_UNAVAILABLE');
  });

  it('refuses while startup is degraded', async () => {
    const degraded = harness({ gate: startupGate(true, false) });
    expect(await refusedWithoutContact(CLOUD, degraded)).toBe('STARTUP_DEGRADED');
  });

  it('a revocation during the identity check wins', async () => {
    const original = h.prober.probe.bind(h.prober);
    h.prober.probe = async (target) => {
      h.consents.revoke('chat-openai');
      return original(target);
    };
    expect(await refusal(h.preflight.check({ ...CLOUD, chargeRun: true }))).toBe('CONSENT_REVOKED');
    expect(h.store.findConsent('chat-openai')?.usedRuns).toBe(0);
  });
});
