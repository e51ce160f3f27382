import { describe, expect, it } from 'vitest';
import { startupGate } from '../../../src/app/startup/startup-gate.js';
import type { ConsentPreviewRequest, ConsentScope } from '../../../src/contract/consent.js';
import { PROVIDER_LIMITS } from '../../../src/contract/limits.js';
import { harness, refusal } from './harness.js';

const CHAT_CONSENT: ConsentPreviewRequest = {
  name: 'chat-openai',
  profile: 'work',
  model: 'gpt-4o-mini',
  modules: ['chat'],
  purposes: ['research_chat'],
  data_classes: ['user_text', 'person_names'],
  retention: 'provider_policy',
  budget: { max_runs: 5 },
};

describe('provider configuration', () => {
  it('lists the catalog with safe defaults, secret presence and both revisions, never a value', async () => {
    const h = harness();
    const configuration = await h.providers.configuration();
    expect(configuration.profile_revision).toBe(0);
    expect(configuration.consent_revision).toBe(0);
    expect(configuration.providers.map((provider) => [provider.provider_id, provider.default_endpoint, provider.consent_required])).toEqual([
      ['ollama', 'http://127.0.0.1:11434', false],
      ['openai_compatible', 'http://127.0.0.1:8080/v1', false],
      ['openai', 'https://api.openai.com/v1', true],
      ['anthropic', 'https://api.anthropic.com', true],
    ]);
    expect(configuration.secrets).toEqual([
      { reference: 'openai.api_key', status: 'present' },
      { reference: 'anthropic.api_key', status: 'present' },
      { reference: 'openai_compatible.api_key', status: 'missing' },
    ]);
  });

  it('reads a failing credential store as unavailable', async () => {
    const h = harness();
    h.credentials.status = async () => {
      throw new Error('keyring locked');
    };
    expect((await h.providers.configuration()).secrets.every((secret) => secret.status === 'unavailable')).toBe(true);
  });
});

describe('provider profiles', () => {
  it('creates a profile from a tested identity and bumps the profile revision', async () => {
    const h = harness();
    const identity = await h.profile('work', 'openai', 'gpt-4o-mini');
    const configuration = await h.providers.configuration();
    expect(configuration.profile_revision).toBe(1);
    expect(configuration.profiles).toEqual([
      {
        name: 'work',
        provider_id: 'openai',
        kind: 'cloud',
        endpoint: 'https://api.openai.com/v1',
        destination: 'https://api.openai.com:443',
        destination_identity: identity,
        model: 'gpt-4o-mini',
        created_revision: 1,
        created_at: '2025-01-01T00:00:00.000Z',
      },
    ]);
  });

  const base = { name: 'local', provider_id: 'ollama' as const, endpoint: 'http://127.0.0.1:11434', model: 'llama3.2' };

  it('refuses a save without a matching endpoint test', async () => {
    const h = harness();
    expect(await refusal(h.providers.createProfile({ ...base, expected_revision: 0, destination_identity: 'b'.repeat(64) }))).toBe('ENDPOINT_BINDING_MISSING');
    const tested = await h.providers.validateEndpoint({ provider_id: 'ollama', endpoint: base.endpoint });
    expect(
      await refusal(
        h.providers.createProfile({
          ...base,
          provider_id: 'openai_compatible',
          endpoint: 'http://127.0.0.1:11434',
          expected_revision: 0,
          destination_identity: tested.destination_identity,
        }),
      ),
    ).toBe('ENDPOINT_BINDING_MISSING');
    h.clock.ms += PROVIDER_LIMITS.endpointTestTtlMs + 1;
    expect(await refusal(h.providers.createProfile({ ...base, expected_revision: 0, destination_identity: tested.destination_identity }))).toBe(
      'ENDPOINT_BINDING_MISSING',
    );
    expect(h.store.revisions().profile).toBe(0);
  });

  it('refuses a stale revision, a taken name and reserved names, changing nothing', async () => {
    const h = harness();
    await h.profile('local', 'ollama', 'llama3.2');
    const tested = await h.providers.validateEndpoint({ provider_id: 'ollama', endpoint: base.endpoint });
    const request = { ...base, destination_identity: tested.destination_identity };
    expect(await refusal(h.providers.createProfile({ ...request, name: 'other', expected_revision: 0 }))).toBe('PROFILE_REVISION_STALE');
    expect(await refusal(h.providers.createProfile({ ...request, expected_revision: 1 }))).toBe('PROFILE_NAME_TAKEN');
    for (const name of ['none', 'ollama', 'openai', 'anthropic', 'openai_compatible']) {
      expect(await refusal(h.providers.createProfile({ ...request, name, expected_revision: 1 }))).toBe('PROVIDER_NOT_ALLOWED:reserved_profile_name');
    }
    expect(h.store.revisions().profile).toBe(1);
    expect(h.store.listProfiles().map((profile) => profile.name)).toEqual(['local']);
  });

  it('re-tests at save: a changed identity since the test is refused', async () => {
    const h = harness();
    const tested = await h.providers.validateEndpoint({ provider_id: 'openai', endpoint: 'https://api.openai.com/v1' });
    h.prober.spki = 'c'.repeat(64);
    expect(
      await refusal(
        h.providers.createProfile({
          expected_revision: 0,
          name: 'work',
          provider_id: 'openai',
          endpoint: 'https://api.openai.com/v1',
          model: 'm',
          destination_identity: tested.destination_identity,
        }),
      ),
    ).toBe('ENDPOINT_IDENTITY_CHANGED');
    expect(h.store.listProfiles()).toEqual([]);
  });

  it('refuses changes while a startup component blocks mutations', async () => {
    const h = harness({ gate: startupGate(true, true) });
    expect(await refusal(h.providers.createProfile({ ...base, expected_revision: 0, destination_identity: 'b'.repeat(64) }))).toBe('STARTUP_MUTATION_BLOCKED');
    expect(await refusal(() => h.consents.revoke('x'))).toBe('STARTUP_MUTATION_BLOCKED');
  });
});

describe('consent preview and creation', () => {
  it('preview shows the complete scope and changes nothing; create from it succeeds', async () => {
    const h = harness();
    const identity = await h.profile('work', 'openai', 'gpt-4o-mini');
    const preview = h.consents.preview({ ...CHAT_CONSENT, data_classes: ['person_names', 'user_text', 'person_names'] });
    expect(preview.consent_revision).toBe(0);
    expect(preview.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(preview.scope).toEqual({
      name: 'chat-openai',
      provider_id: 'openai',
      provider_kind: 'cloud',
      profile: 'work',
      model: 'gpt-4o-mini',
      destination: 'https://api.openai.com:443',
      destination_identity: identity,
      modules: ['chat'],
      purposes: ['research_chat'],
      data_classes: ['user_text', 'person_names'],
      retention: 'provider_policy',
      living_person_warning: expect.stringContaining('living persons'),
      remote_retention_warning: expect.stringContaining('retain'),
      budget: { max_runs: 5 },
    });
    expect(h.store.revisions().consent).toBe(0);
    expect(h.store.listConsents()).toEqual([]);
    const created = await h.consents.create({ expected_revision: 0, digest: preview.digest, scope: preview.scope });
    expect(created.consent_revision).toBe(1);
    expect(created.consent).toMatchObject({ name: 'chat-openai', state: 'active', used_runs: 0, created_revision: 1, revoked_at: null, scope: preview.scope });
    expect((await h.providers.configuration()).consents).toEqual([created.consent]);
  });

  it('has no warnings for a local provider and user text only', async () => {
    const h = harness();
    await h.profile('local', 'ollama', 'llama3.2');
    const preview = h.consents.preview({ ...CHAT_CONSENT, name: 'local', profile: 'local', model: 'llama3.2', data_classes: ['user_text'] });
    expect(preview.scope.living_person_warning).toBeNull();
    expect(preview.scope.remote_retention_warning).toBeNull();
  });

  const CHANGES: readonly (readonly [string, (scope: ConsentScope) => ConsentScope])[] = [
    ['name', (scope) => ({ ...scope, name: 'other' })],
    ['provider', (scope) => ({ ...scope, provider_id: 'anthropic' })],
    ['provider kind', (scope) => ({ ...scope, provider_kind: 'local' })],
    ['model', (scope) => ({ ...scope, model: 'gpt-4o' })],
    ['destination', (scope) => ({ ...scope, destination: 'https://api.openai.com:8443' })],
    ['destination identity', (scope) => ({ ...scope, destination_identity: 'd'.repeat(64) })],
    ['modules', (scope) => ({ ...scope, modules: ['chat', 'gedcom'] })],
    ['purposes', (scope) => ({ ...scope, purposes: ['research_chat', 'translation'] })],
    ['data classes', (scope) => ({ ...scope, data_classes: ['user_text', 'person_names', 'life_events'] })],
    ['data class order', (scope) => ({ ...scope, data_classes: ['person_names', 'user_text'] })],
    ['retention', (scope) => ({ ...scope, retention: 'transient' })],
    ['living-person warning', (scope) => ({ ...scope, living_person_warning: null })],
    ['remote-retention warning', (scope) => ({ ...scope, remote_retention_warning: 'fine' })],
    ['budget', (scope) => ({ ...scope, budget: { max_runs: 6 } })],
    ['budget removed', (scope) => ({ ...scope, budget: null })],
  ];

  it.each(CHANGES)('create with the %s changed fails and changes nothing', async (_field, change) => {
    const h = harness();
    await h.profile('work', 'openai', 'gpt-4o-mini');
    const preview = h.consents.preview(CHAT_CONSENT);
    expect(await refusal(h.consents.create({ expected_revision: 0, digest: preview.digest, scope: change(preview.scope) }))).toBe('CONSENT_PREVIEW_STALE');
    expect(h.store.revisions().consent).toBe(0);
    expect(h.store.listConsents()).toEqual([]);
  });

  it('create with another digest fails', async () => {
    const h = harness();
    await h.profile('work', 'openai', 'gpt-4o-mini');
    const preview = h.consents.preview(CHAT_CONSENT);
    expect(await refusal(h.consents.create({ expected_revision: 0, digest: 'e'.repeat(64), scope: preview.scope }))).toBe('CONSENT_PREVIEW_STALE');
  });

  it('a preview of another process (another digest key) is stale', async () => {
    const h = harness();
    await h.profile('work', 'openai', 'gpt-4o-mini');
    const preview = h.consents.preview(CHAT_CONSENT);
    const restarted = harness();
    await restarted.profile('work', 'openai', 'gpt-4o-mini');
    expect(await refusal(restarted.consents.create({ expected_revision: 0, digest: preview.digest, scope: preview.scope }))).toBe('CONSENT_PREVIEW_STALE');
  });

  it('create with a stale revision fails', async () => {
    const h = harness();
    await h.profile('work', 'openai', 'gpt-4o-mini');
    const preview = h.consents.preview(CHAT_CONSENT);
    expect(await refusal(h.consents.create({ expected_revision: 3, digest: preview.digest, scope: preview.scope }))).toBe('CONSENT_REVISION_STALE');
  });

  it('create after another consent changed the revision fails', async () => {
    const h = harness();
    await h.profile('work', 'openai', 'gpt-4o-mini');
    const first = h.consents.preview(CHAT_CONSENT);
    await h.consent({ ...CHAT_CONSENT, name: 'another' });
    expect(await refusal(h.consents.create({ expected_revision: first.consent_revision, digest: first.digest, scope: first.scope }))).toBe(
      'CONSENT_REVISION_STALE',
    );
    expect(await refusal(h.consents.create({ expected_revision: 1, digest: first.digest, scope: first.scope }))).toBe('CONSENT_PREVIEW_STALE');
    const again = h.consents.preview(CHAT_CONSENT);
    expect((await h.consents.create({ expected_revision: again.consent_revision, digest: again.digest, scope: again.scope })).consent_revision).toBe(2);
  });

  it('refuses a taken name, an unknown profile and a model outside the profile', async () => {
    const h = harness();
    await h.profile('work', 'openai', 'gpt-4o-mini');
    await h.consent(CHAT_CONSENT);
    expect(await refusal(() => h.consents.preview(CHAT_CONSENT))).toBe('CONSENT_NAME_TAKEN');
    expect(await refusal(() => h.consents.preview({ ...CHAT_CONSENT, name: 'x', profile: 'missing' }))).toBe('PROFILE_NOT_FOUND');
    expect(await refusal(() => h.consents.preview({ ...CHAT_CONSENT, name: 'x', model: 'gpt-4o' }))).toBe('PROVIDER_NOT_ALLOWED:model_mismatch');
  });

  it('re-tests the endpoint identity at creation', async () => {
    const h = harness();
    await h.profile('work', 'openai', 'gpt-4o-mini');
    const preview = h.consents.preview(CHAT_CONSENT);
    h.prober.spki = 'f'.repeat(64);
    expect(await refusal(h.consents.create({ expected_revision: 0, digest: preview.digest, scope: preview.scope }))).toBe('ENDPOINT_IDENTITY_CHANGED');
    expect(h.store.listConsents()).toEqual([]);
  });
});

describe('consent revocation', () => {
  it('is explicit and idempotent; only the first revocation bumps the revision', async () => {
    const h = harness();
    await h.profile('work', 'openai', 'gpt-4o-mini');
    await h.consent(CHAT_CONSENT);
    const first = h.consents.revoke('chat-openai');
    expect(first.consent_revision).toBe(2);
    expect(first.consent.state).toBe('revoked');
    expect(first.consent.revoked_at).toBe('2025-01-01T00:00:00.000Z');
    const second = h.consents.revoke('chat-openai');
    expect(second).toEqual(first);
    expect(await refusal(() => h.consents.revoke('unknown'))).toBe('CONSENT_NOT_FOUND');
  });

  it('revoke then preflight fails with CONSENT_REVOKED', async () => {
    const h = harness();
    await h.profile('work', 'openai', 'gpt-4o-mini');
    await h.consent(CHAT_CONSENT);
    const request = {
      profile: 'work',
      model: 'gpt-4o-mini',
      module: 'chat' as const,
      purpose: 'research_chat' as const,
      dataClasses: ['user_text' as const],
      consent: 'chat-openai',
    };
    expect((await h.preflight.check(request)).consent).toBe('chat-openai');
    h.consents.revoke('chat-openai');
    const probes = h.prober.targets.length;
    expect(await refusal(h.preflight.check(request))).toBe('CONSENT_REVOKED');
    expect(h.prober.targets.length).toBe(probes);
  });
});

describe('durable store limits', () => {
  it('refuses a profile beyond the limit without changing the revision', async () => {
    const h = harness();
    const tested = await h.providers.validateEndpoint({ provider_id: 'ollama', endpoint: 'http://127.0.0.1:11434' });
    for (let i = 0; i < PROVIDER_LIMITS.maxProfiles; i++) {
      h.store.insertProfile(
        i,
        {
          name: `p${i}`,
          providerId: 'ollama',
          endpoint: 'http://127.0.0.1:11434',
          model: 'm',
          destination: 'd',
          destinationIdentity: tested.destination_identity,
          createdAt: 'x',
        },
        PROVIDER_LIMITS.maxProfiles,
      );
    }
    const revision = h.store.revisions().profile;
    expect(
      await refusal(
        h.providers.createProfile({
          expected_revision: revision,
          name: 'one-more',
          provider_id: 'ollama',
          endpoint: 'http://127.0.0.1:11434',
          model: 'm',
          destination_identity: tested.destination_identity,
        }),
      ),
    ).toBe('PROVIDER_CONFIGURATION_LIMIT');
    expect(h.store.revisions().profile).toBe(revision);
  });
});
