import BetterSqlite3 from 'better-sqlite3-multiple-ciphers';
import { ConsentRuns } from '../../../src/app/providers/consent-runs.js';
import { ConsentService } from '../../../src/app/providers/consent-service.js';
import { ProviderCatalog, type CatalogOptions } from '../../../src/app/providers/catalog.js';
import { EndpointVerifier } from '../../../src/app/providers/endpoint-verifier.js';
import type { Clock, CredentialPresence, EndpointProber, ProbeOutcome, ProbeTarget } from '../../../src/app/providers/ports.js';
import { ProviderPreflight } from '../../../src/app/providers/preflight.js';
import { ProviderConfigurationService } from '../../../src/app/providers/provider-configuration-service.js';
import { ServiceError } from '../../../src/app/service-error.js';
import { startupGate, type StartupGate } from '../../../src/app/startup/startup-gate.js';
import type { ConsentPreviewRequest } from '../../../src/contract/consent.js';
import type { ProviderCredentialReference, SecretPresence } from '../../../src/contract/providers.js';
import { migrate, type Database } from '../../../src/infra/database/encrypted-database.js';
import { PROVIDERS_MIGRATION } from '../../../src/infra/database/migrations/003-providers.js';
import { CONSENT_CHARACTERS_MIGRATION } from '../../../src/infra/database/migrations/004-consent-characters.js';
import { CONSENT_TOKENS_MIGRATION } from '../../../src/infra/database/migrations/005-consent-tokens.js';
import { SqliteProviderStore } from '../../../src/infra/database/sqlite-provider-store.js';
import { StaticHostResolver } from '../../../src/infra/endpoint-probe/dns-host-resolver.js';

export const PUBLIC_OPENAI = '34.117.20.1';
export const PUBLIC_ANTHROPIC = '34.117.20.2';

/** A prober double: answers 200 with a TLS key hash the test can change; counts every probe. */
export class FakeProber implements EndpointProber {
  spki = 'a'.repeat(64);
  readonly targets: ProbeTarget[] = [];
  outcome: ProbeOutcome | null = null;
  async probe(target: ProbeTarget): Promise<ProbeOutcome> {
    this.targets.push(target);
    if (this.outcome) return this.outcome;
    // One body in every provider's listing shape: Ollama's version, OpenAI's list, Anthropic's page.
    const body = target.path.endsWith('/api/version') ? '{"version":"0.5.1"}' : '{"object":"list","data":[],"has_more":false}';
    return {
      kind: 'answered',
      status: target.sendRequest ? 200 : null,
      spkiSha256: target.scheme === 'https' ? this.spki : null,
      body: target.sendRequest ? body : null,
      bodyComplete: true,
    };
  }
}

export class FakeCredentials implements CredentialPresence {
  readonly statuses = new Map<ProviderCredentialReference, SecretPresence>([
    ['openai.api_key', 'present'],
    ['anthropic.api_key', 'present'],
    ['openai_compatible.api_key', 'missing'],
  ]);
  async status(reference: ProviderCredentialReference): Promise<SecretPresence> {
    return this.statuses.get(reference) ?? 'missing';
  }
}

export class FakeClock implements Clock {
  ms = Date.parse('2025-01-01T00:00:00.000Z');
  now(): Date {
    return new Date(this.ms);
  }
}

export interface Harness {
  readonly db: Database;
  readonly store: SqliteProviderStore;
  readonly prober: FakeProber;
  readonly credentials: FakeCredentials;
  readonly clock: FakeClock;
  readonly catalog: ProviderCatalog;
  readonly providers: ProviderConfigurationService;
  readonly consents: ConsentService;
  /** Runs under way by consent: watched for withdrawal, charged to the budgets. */
  readonly runs: ConsentRuns;
  readonly preflight: ProviderPreflight;
  /** Validates then saves a profile; answers its identity. */
  profile(name: string, providerId: 'ollama' | 'openai' | 'anthropic', model: string): Promise<string>;
  /** Preview then create. */
  consent(request: ConsentPreviewRequest): Promise<void>;
}

export function harness(options: { gate?: StartupGate; catalog?: CatalogOptions } = {}): Harness {
  const db = new BetterSqlite3(':memory:');
  migrate(db, [PROVIDERS_MIGRATION, CONSENT_CHARACTERS_MIGRATION, CONSENT_TOKENS_MIGRATION]);
  const store = new SqliteProviderStore(db);
  const prober = new FakeProber();
  const credentials = new FakeCredentials();
  const clock = new FakeClock();
  const gate = options.gate ?? startupGate(false, false);
  const catalog = new ProviderCatalog(options.catalog);
  const resolver = new StaticHostResolver({ 'api.openai.com': [[PUBLIC_OPENAI]], 'api.anthropic.com': [[PUBLIC_ANTHROPIC]] });
  const verifier = new EndpointVerifier(resolver, prober);
  const providers = new ProviderConfigurationService(catalog, verifier, store, credentials, gate, clock);
  const runs = new ConsentRuns(store);
  const consents = new ConsentService(catalog, verifier, store, gate, clock, runs);
  const preflight = new ProviderPreflight(catalog, verifier, store, credentials, gate);
  return {
    db,
    store,
    prober,
    credentials,
    clock,
    catalog,
    providers,
    consents,
    runs,
    preflight,
    async profile(name, providerId, model) {
      const endpoint = catalog.get(providerId).endpoint;
      const tested = await providers.validateEndpoint({ provider_id: providerId, endpoint });
      await providers.createProfile({
        expected_revision: store.revisions().profile,
        name,
        provider_id: providerId,
        endpoint,
        model,
        destination_identity: tested.destination_identity,
      });
      return tested.destination_identity;
    },
    async consent(request) {
      const preview = consents.preview(request);
      await consents.create({ expected_revision: preview.consent_revision, digest: preview.digest, scope: preview.scope });
    },
  };
}

/** The code (and reason detail, when there is one) of a refused call. */
export async function refusal(work: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    if (typeof work === 'function') await work();
    else await work;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const reason = error.details.find((detail) => detail.name === 'reason');
    return reason ? `${error.code}:${String(reason.value)}` : error.code;
  }
  return 'ok';
}
