import type { ConsentSummary } from '../../contract/consent.js';
import { PROVIDER_LIMITS } from '../../contract/limits.js';
import type { ProviderConfigurationResponse } from '../../contract/provider-configuration.js';
import type {
  EndpointValidationRequest,
  EndpointValidationResponse,
  ProviderProfileCreateRequest,
  ProviderProfileResponse,
  ProviderProfileSummary,
  SecretPresenceSummary,
} from '../../contract/providers.js';
import { PROVIDER_CREDENTIAL_REFERENCES, RESERVED_PROFILE_NAMES } from '../../contract/providers.js';
import { ServiceError } from '../service-error.js';
import type { StartupGate } from '../startup/startup-gate.js';
import type { ProviderCatalog } from './catalog.js';
import type { EndpointVerifier } from './endpoint-verifier.js';
import type { Clock, CredentialPresence } from './ports.js';
import type { ProviderConfigurationStore, StoredConsent, StoredProfile } from './store.js';

function profileSummary(catalog: ProviderCatalog, profile: StoredProfile): ProviderProfileSummary {
  return {
    name: profile.name,
    provider_id: profile.providerId,
    kind: catalog.get(profile.providerId).kind,
    endpoint: profile.endpoint,
    destination: profile.destination,
    destination_identity: profile.destinationIdentity,
    model: profile.model,
    created_revision: profile.createdRevision,
    created_at: profile.createdAt,
  };
}

export function consentSummary(consent: StoredConsent): ConsentSummary {
  return {
    name: consent.name,
    state: consent.state,
    scope: consent.scope,
    used_runs: consent.usedRuns,
    used_characters_sent: consent.usedCharactersSent,
    used_characters_received: consent.usedCharactersReceived,
    used_tokens: consent.usedTokens,
    remaining: remainingBudget(consent),
    created_revision: consent.createdRevision,
    created_at: consent.createdAt,
    revoked_at: consent.revokedAt,
  };
}

/** What a consent's budget still allows (null: no budget; a null kind: no bound of that kind). */
function remainingBudget(consent: StoredConsent): ConsentSummary['remaining'] {
  const budget = consent.scope.budget;
  if (budget === null) return null;
  const left = (bound: number | null | undefined, used: number): number | null => (bound === null || bound === undefined ? null : Math.max(0, bound - used));
  return {
    runs: Math.max(0, budget.max_runs - consent.usedRuns),
    characters_sent: left(budget.max_characters_sent, consent.usedCharactersSent),
    characters_received: left(budget.max_characters_received, consent.usedCharactersReceived),
    tokens: left(budget.max_tokens, consent.usedTokens),
  };
}

/** The store, or the refusal that applies when the encrypted database is not open. */
export function requireStore(store: ProviderConfigurationStore | null, gate: StartupGate): ProviderConfigurationStore {
  if (store) return store;
  gate.assertMutationsAllowed();
  throw new ServiceError('STARTUP_MUTATION_BLOCKED');
}

interface RecentTest {
  readonly key: string;
  readonly at: number;
}

/**
 * Provider metadata, endpoint tests and profile creation. An endpoint test leaves a short-lived
 * binding (provider, canonical URL, destination identity); a profile is saved only against such a
 * binding and after the endpoint is tested again and still has the same identity.
 */
export class ProviderConfigurationService {
  /** Recent endpoint tests, oldest first; bounded by PROVIDER_LIMITS.maxRecentEndpointTests. */
  private readonly recentTests = new Map<string, RecentTest>();

  constructor(
    private readonly catalog: ProviderCatalog,
    private readonly verifier: EndpointVerifier,
    private readonly store: ProviderConfigurationStore | null,
    private readonly credentials: CredentialPresence,
    private readonly gate: StartupGate,
    private readonly clock: Clock,
  ) {}

  /**
   * The whole configuration. Profiles, consents and both revisions live in the encrypted database:
   * while it is not open they are unknown, and the answer is 409 STARTUP_DEGRADED (as settings GET).
   */
  async configuration(): Promise<ProviderConfigurationResponse> {
    const store = this.store;
    if (store === null) throw new ServiceError('STARTUP_DEGRADED');
    const secrets: SecretPresenceSummary[] = [];
    for (const reference of PROVIDER_CREDENTIAL_REFERENCES) {
      let status: SecretPresenceSummary['status'];
      try {
        status = await this.credentials.status(reference);
      } catch {
        status = 'unavailable';
      }
      secrets.push({ reference, status });
    }
    const revisions = store.revisions();
    return {
      schema_version: 1,
      profile_revision: revisions.profile,
      consent_revision: revisions.consent,
      providers: this.catalog.all().map((entry) => this.catalog.describe(entry)),
      secrets,
      profiles: store
        .listProfiles()
        .slice(0, PROVIDER_LIMITS.maxProfiles)
        .map((profile) => profileSummary(this.catalog, profile)),
      consents: store.listConsents().slice(0, PROVIDER_LIMITS.maxConsents).map(consentSummary),
    };
  }

  /** One explicit endpoint test (no state change beyond the in-memory binding). */
  async validateEndpoint(request: EndpointValidationRequest): Promise<EndpointValidationResponse> {
    const entry = this.catalog.get(request.provider_id);
    const verified = await this.verifier.verify(entry, request.endpoint, { sendRequest: true });
    this.remember(this.bindingKey(request.provider_id, verified.url, verified.identity));
    return {
      provider_id: request.provider_id,
      endpoint: verified.url,
      destination: verified.destination,
      destination_identity: verified.identity,
      tls: verified.scheme === 'https',
      tested_at: this.clock.now().toISOString(),
    };
  }

  async createProfile(request: ProviderProfileCreateRequest): Promise<ProviderProfileResponse> {
    this.gate.assertMutationsAllowed();
    const store = requireStore(this.store, this.gate);
    if (RESERVED_PROFILE_NAMES.includes(request.name)) throw new ServiceError('PROVIDER_NOT_ALLOWED', [{ name: 'reason', value: 'reserved_profile_name' }]);
    if (store.revisions().profile !== request.expected_revision) throw new ServiceError('PROFILE_REVISION_STALE');
    if (store.findProfile(request.name)) throw new ServiceError('PROFILE_NAME_TAKEN');
    const entry = this.catalog.get(request.provider_id);
    const target = this.verifier.target(entry, request.endpoint);
    if (!this.hasBinding(this.bindingKey(request.provider_id, target.url, request.destination_identity))) {
      throw new ServiceError('ENDPOINT_BINDING_MISSING');
    }
    const verified = await this.verifier.verify(entry, request.endpoint, { sendRequest: true });
    if (verified.identity !== request.destination_identity) throw new ServiceError('ENDPOINT_IDENTITY_CHANGED');
    const outcome = store.insertProfile(
      request.expected_revision,
      {
        name: request.name,
        providerId: request.provider_id,
        endpoint: verified.url,
        model: request.model,
        destination: verified.destination,
        destinationIdentity: verified.identity,
        createdAt: this.clock.now().toISOString(),
      },
      PROVIDER_LIMITS.maxProfiles,
    );
    if (!outcome.ok) {
      if (outcome.reason === 'stale') throw new ServiceError('PROFILE_REVISION_STALE');
      if (outcome.reason === 'taken') throw new ServiceError('PROFILE_NAME_TAKEN');
      throw new ServiceError('PROVIDER_CONFIGURATION_LIMIT', [{ name: 'limit', value: PROVIDER_LIMITS.maxProfiles }]);
    }
    return { profile_revision: outcome.revision, profile: profileSummary(this.catalog, outcome.record) };
  }

  private bindingKey(providerId: string, url: string, identity: string): string {
    return `${providerId}\n${url}\n${identity}`;
  }

  private remember(key: string): void {
    this.recentTests.delete(key);
    this.recentTests.set(key, { key, at: this.clock.now().getTime() });
    while (this.recentTests.size > PROVIDER_LIMITS.maxRecentEndpointTests) {
      const oldest = this.recentTests.keys().next().value;
      if (oldest === undefined) break;
      this.recentTests.delete(oldest);
    }
  }

  private hasBinding(key: string): boolean {
    const test = this.recentTests.get(key);
    if (!test) return false;
    if (this.clock.now().getTime() - test.at > PROVIDER_LIMITS.endpointTestTtlMs) {
      this.recentTests.delete(key);
      return false;
    }
    return true;
  }
}
