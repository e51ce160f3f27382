import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  ConsentBudget,
  ConsentCreateRequest,
  ConsentPreviewRequest,
  ConsentPreviewResponse,
  ConsentResponse,
  ConsentScope,
} from '../../contract/consent.js';
import { CONSENT_PURPOSES, DATA_CLASS_SAMPLES, DATA_CLASSES, LIVING_PERSON_DATA_CLASSES } from '../../contract/consent.js';
import { PROVIDER_LIMITS } from '../../contract/limits.js';
import { EXECUTION_MODULES } from '../../contract/providers.js';
import { ServiceError } from '../service-error.js';
import type { StartupGate } from '../startup/startup-gate.js';
import type { ConsentRuns } from './consent-runs.js';
import type { ProviderCatalog } from './catalog.js';
import type { EndpointVerifier } from './endpoint-verifier.js';
import type { Clock } from './ports.js';
import { consentSummary, requireStore } from './provider-configuration-service.js';
import type { ProviderConfigurationStore } from './store.js';

const LIVING_PERSON_WARNING = 'The selected data classes can describe living persons. Their names, events and relationships would leave this computer.';
const REMOTE_RETENTION_WARNING = 'A cloud provider receives the data and may retain it under its own policy; this application cannot delete it there.';

/** JSON with object keys sorted at every level: the digest does not depend on key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const own: Array<[string, unknown]> = Object.entries(value);
    const entries = own.filter(([, item]) => item !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The budget as granted: the run bound, and each character or token bound only when one is given. */
function budgetOf(budget: ConsentBudget): ConsentBudget {
  return {
    max_runs: budget.max_runs,
    ...(budget.max_characters_sent === undefined || budget.max_characters_sent === null ? {} : { max_characters_sent: budget.max_characters_sent }),
    ...(budget.max_characters_received === undefined || budget.max_characters_received === null
      ? {}
      : { max_characters_received: budget.max_characters_received }),
    ...(budget.max_tokens === undefined || budget.max_tokens === null ? {} : { max_tokens: budget.max_tokens }),
  };
}

/** Keeps the catalogue order and drops duplicates, so equal sets give equal scopes. */
function inOrder<T extends string>(order: readonly T[], values: readonly T[]): T[] {
  return order.filter((value) => values.includes(value));
}

function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Consent administration: preview (no state change), create only from the exact current preview
 * against the current consent revision, and explicit idempotent revocation. The preview digest is
 * an HMAC under a key of this process, so a grant can only come from a preview this process issued.
 */
export class ConsentService {
  private readonly digestKey: Buffer;

  constructor(
    private readonly catalog: ProviderCatalog,
    private readonly verifier: EndpointVerifier,
    private readonly store: ProviderConfigurationStore | null,
    private readonly gate: StartupGate,
    private readonly clock: Clock,
    private readonly consentRuns: ConsentRuns,
    digestKey: Buffer = randomBytes(32),
  ) {
    this.digestKey = Buffer.from(digestKey);
  }

  preview(request: ConsentPreviewRequest): ConsentPreviewResponse {
    // A preview changes nothing: it is a read of profiles and revisions that live in the encrypted
    // database, refused only when that database is not open (409 STARTUP_DEGRADED, as settings GET).
    if (this.store === null) throw new ServiceError('STARTUP_DEGRADED');
    const store = this.store;
    const scope = this.scopeOf(store, request);
    const revision = store.revisions().consent;
    const samples = scope.data_classes.map((dataClass) => ({ data_class: dataClass, sample: DATA_CLASS_SAMPLES[dataClass] }));
    return { consent_revision: revision, digest: this.digest(scope, revision), scope, data_class_samples: samples };
  }

  async create(request: ConsentCreateRequest): Promise<ConsentResponse> {
    this.gate.assertMutationsAllowed();
    const store = requireStore(this.store, this.gate);
    const revision = store.revisions().consent;
    if (request.expected_revision !== revision) throw new ServiceError('CONSENT_REVISION_STALE');
    const given = request.scope;
    let current: ConsentScope;
    try {
      current = this.scopeOf(store, {
        name: given.name,
        profile: given.profile,
        model: given.model,
        modules: given.modules,
        purposes: given.purposes,
        data_classes: given.data_classes,
        retention: given.retention,
        budget: given.budget,
      });
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'CONSENT_NAME_TAKEN') throw error;
      throw new ServiceError('CONSENT_PREVIEW_STALE');
    }
    if (canonicalJson(current) !== canonicalJson(given) || !sameDigest(this.digest(current, revision), request.digest)) {
      throw new ServiceError('CONSENT_PREVIEW_STALE');
    }
    const profile = store.findProfile(current.profile);
    if (!profile) throw new ServiceError('CONSENT_PREVIEW_STALE');
    const verified = await this.verifier.verify(this.catalog.get(profile.providerId), profile.endpoint, { sendRequest: false });
    if (verified.identity !== profile.destinationIdentity) throw new ServiceError('ENDPOINT_IDENTITY_CHANGED');
    const outcome = store.insertConsent(
      request.expected_revision,
      { name: current.name, scope: current, digest: request.digest, createdAt: this.clock.now().toISOString() },
      PROVIDER_LIMITS.maxConsents,
    );
    if (!outcome.ok) {
      if (outcome.reason === 'stale') throw new ServiceError('CONSENT_REVISION_STALE');
      if (outcome.reason === 'taken') throw new ServiceError('CONSENT_NAME_TAKEN');
      throw new ServiceError('PROVIDER_CONFIGURATION_LIMIT', [{ name: 'limit', value: PROVIDER_LIMITS.maxConsents }]);
    }
    return { consent_revision: outcome.revision, consent: consentSummary(outcome.record) };
  }

  revoke(name: string): ConsentResponse {
    this.gate.assertMutationsAllowed();
    const store = requireStore(this.store, this.gate);
    const outcome = store.revokeConsent(name, this.clock.now().toISOString());
    if (!outcome.ok) throw new ServiceError('CONSENT_NOT_FOUND');
    // Durable first, then every run under way that depends on it stops (its upstream request aborted).
    if (outcome.changed) this.consentRuns.withdraw(name, 'CONSENT_REVOKED');
    return { consent_revision: outcome.revision, consent: consentSummary(outcome.record) };
  }

  private scopeOf(store: ProviderConfigurationStore, request: ConsentPreviewRequest): ConsentScope {
    if (store.findConsent(request.name)) throw new ServiceError('CONSENT_NAME_TAKEN');
    const profile = store.findProfile(request.profile);
    if (!profile) throw new ServiceError('PROFILE_NOT_FOUND');
    if (profile.model !== request.model) throw new ServiceError('PROVIDER_NOT_ALLOWED', [{ name: 'reason', value: 'model_mismatch' }]);
    const entry = this.catalog.get(profile.providerId);
    const modules = inOrder(EXECUTION_MODULES, request.modules);
    for (const module of modules) {
      if (!entry.capabilities.modules.includes(module)) {
        throw new ServiceError('PROVIDER_NOT_ALLOWED', [
          { name: 'reason', value: 'capability_unsupported' },
          { name: 'module', value: module },
        ]);
      }
    }
    const dataClasses = inOrder(DATA_CLASSES, request.data_classes);
    return {
      name: request.name,
      provider_id: profile.providerId,
      provider_kind: entry.kind,
      profile: profile.name,
      model: profile.model,
      destination: profile.destination,
      destination_identity: profile.destinationIdentity,
      modules,
      purposes: inOrder(CONSENT_PURPOSES, request.purposes),
      data_classes: dataClasses,
      retention: request.retention,
      living_person_warning: dataClasses.some((dataClass) => LIVING_PERSON_DATA_CLASSES.includes(dataClass)) ? LIVING_PERSON_WARNING : null,
      remote_retention_warning: entry.kind === 'cloud' ? REMOTE_RETENTION_WARNING : null,
      budget: request.budget ? budgetOf(request.budget) : null,
    };
  }

  private digest(scope: ConsentScope, revision: number): string {
    return createHmac('sha256', this.digestKey)
      .update(`service.consent-preview/1\n${revision}\n${canonicalJson(scope)}`, 'utf8')
      .digest('hex');
  }
}
