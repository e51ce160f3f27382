import type { ConsentPurpose, DataClass } from '../../contract/consent.js';
import type { ExecutionModule, ProviderCapabilities, ProviderCredentialReference, ProviderId, ProviderKind } from '../../contract/providers.js';
import { ServiceError } from '../service-error.js';
import type { StartupGate } from '../startup/startup-gate.js';
import type { ProviderCatalog } from './catalog.js';
import type { EndpointVerifier } from './endpoint-verifier.js';
import type { CredentialPresence } from './ports.js';
import { budgetExhausted, type ProviderConfigurationStore, type StoredConsent } from './store.js';

/** One intended remote (or local-model) execution, as chat and GEDCOM describe it. */
export interface PreflightRequest {
  /** The named profile: never `none`, never a direct provider identifier. */
  readonly profile: string;
  /** The exact model; it must be the profile's model. */
  readonly model: string;
  readonly module: ExecutionModule;
  readonly purpose: ConsentPurpose;
  readonly dataClasses: readonly DataClass[];
  /** The named consent grant; required for cloud providers. */
  readonly consent?: string | null;
  /** Capabilities the execution needs beyond the module. */
  readonly requires?: { readonly streaming?: boolean; readonly contextCharacters?: number };
  /** True for an actual run: one run is charged to the consent budget, atomically with the checks. */
  readonly chargeRun?: boolean;
}

/** Where and how the adapter must connect. It must connect to `address` only, with SNI/cert check on `servername`. */
export interface PinnedEndpoint {
  /** Canonical endpoint URL (base for the wire client's paths). */
  readonly url: string;
  readonly scheme: 'http' | 'https';
  readonly hostname: string;
  readonly port: number;
  readonly basePath: string;
  /** The validated numeric address to connect to. */
  readonly address: string;
  /** TLS server name for SNI and the certificate hostname check; null for loopback http. */
  readonly servername: string | null;
  /** SHA-256 hex of the leaf SubjectPublicKeyInfo seen now; the adapter should pin it. */
  readonly spkiSha256: string | null;
  readonly destinationIdentity: string;
}

/** Everything an adapter may use for one execution. It carries a credential reference, never a value. */
export interface ExecutionBinding {
  readonly providerId: ProviderId;
  readonly providerKind: ProviderKind;
  readonly profile: string;
  readonly model: string;
  readonly module: ExecutionModule;
  readonly purpose: ConsentPurpose;
  readonly dataClasses: readonly DataClass[];
  readonly consent: string | null;
  readonly endpoint: PinnedEndpoint;
  readonly credentialReference: ProviderCredentialReference | null;
  readonly capabilities: ProviderCapabilities;
}

function refuse(code: 'PROVIDER_NOT_ALLOWED' | 'CONSENT_SCOPE_MISMATCH' | 'CONSENT_REQUIRED', reason: string): ServiceError {
  return new ServiceError(code, [{ name: 'reason', value: reason }]);
}

/**
 * The central provider preflight (spec chat rules 1-3, GEDCOM rules 2-5): one call before every
 * remote execution. It re-reads profile and consent, re-tests the endpoint identity and checks the
 * credential's presence and the capability; it returns an execution binding or throws a stable
 * refusal. Nothing is sent to the provider by the preflight beyond a TLS handshake of the identity check.
 */
export class ProviderPreflight {
  constructor(
    private readonly catalog: ProviderCatalog,
    private readonly verifier: EndpointVerifier,
    private readonly store: ProviderConfigurationStore | null,
    private readonly credentials: CredentialPresence,
    private readonly gate: StartupGate,
  ) {}

  async check(request: PreflightRequest): Promise<ExecutionBinding> {
    this.gate.assertNotDegraded();
    if (request.profile === 'none') throw refuse('PROVIDER_NOT_ALLOWED', 'provider_none');
    if (this.catalog.isProviderId(request.profile)) throw refuse('PROVIDER_NOT_ALLOWED', 'direct_provider_identifier');
    if (!this.store) throw new ServiceError('STARTUP_DEGRADED');
    const store = this.store;

    const profile = store.findProfile(request.profile);
    if (!profile) throw new ServiceError('PROFILE_NOT_FOUND');
    if (profile.model !== request.model) throw refuse('PROVIDER_NOT_ALLOWED', 'model_mismatch');
    const entry = this.catalog.get(profile.providerId);
    const capabilities = entry.capabilities;
    if (!capabilities.modules.includes(request.module)) throw refuse('PROVIDER_NOT_ALLOWED', 'capability_unsupported');
    if (request.requires?.streaming === true && !capabilities.streaming) throw refuse('PROVIDER_NOT_ALLOWED', 'capability_unsupported');
    if (request.requires?.contextCharacters !== undefined && request.requires.contextCharacters > capabilities.max_context_characters) {
      throw refuse('PROVIDER_NOT_ALLOWED', 'capability_unsupported');
    }

    const consentName = request.consent ?? null;
    if (entry.kind === 'cloud' && consentName === null) throw new ServiceError('CONSENT_REQUIRED');
    if (consentName !== null) this.checkConsent(store.findConsent(consentName), request, profile.destinationIdentity);

    let credentialReference: ProviderCredentialReference | null = null;
    if (entry.credentialReference !== null) {
      let status: 'present' | 'missing' | 'unavailable';
      try {
        status = await this.credentials.status(entry.credentialReference);
      } catch {
        status = 'unavailable';
      }
      if (status === 'unavailable') throw new ServiceError('CREDENTIAL_STORE_UNAVAILABLE');
      if (status === 'missing' && entry.credentialRequired) throw new ServiceError('PROVIDER_CREDENTIAL_MISSING');
      if (status === 'present') credentialReference = entry.credentialReference;
    }

    let verified;
    try {
      verified = await this.verifier.verify(entry, profile.endpoint, { sendRequest: false });
    } catch (error) {
      const reason = error instanceof ServiceError ? error.details.find((detail) => detail.name === 'reason')?.value : undefined;
      if (reason === 'unreachable' || reason === 'timeout') throw new ServiceError('PROVIDER_UNAVAILABLE');
      throw error;
    }
    if (verified.identity !== profile.destinationIdentity) throw new ServiceError('ENDPOINT_IDENTITY_CHANGED');

    if (consentName !== null) {
      // Re-read after the asynchronous steps: a revocation (or a budget used up) in between wins.
      const current = store.findConsent(consentName);
      const outcome =
        current !== null && current.state === 'active' && budgetExhausted(current)
          ? 'exhausted'
          : request.chargeRun === true
            ? store.chargeConsent(consentName)
            : this.stillActive(store, consentName);
      if (outcome === 'not_found') throw refuse('CONSENT_REQUIRED', 'consent_unknown');
      if (outcome === 'revoked') throw new ServiceError('CONSENT_REVOKED');
      if (outcome === 'exhausted') throw new ServiceError('CONSENT_BUDGET_EXHAUSTED');
    }

    return {
      providerId: entry.id,
      providerKind: entry.kind,
      profile: profile.name,
      model: profile.model,
      module: request.module,
      purpose: request.purpose,
      dataClasses: [...request.dataClasses],
      consent: consentName,
      endpoint: {
        url: verified.url,
        scheme: verified.scheme,
        hostname: verified.hostname,
        port: verified.port,
        basePath: verified.basePath,
        address: verified.pinnedAddress,
        servername: verified.servername,
        spkiSha256: verified.spkiSha256,
        destinationIdentity: verified.identity,
      },
      credentialReference,
      capabilities: { ...capabilities, modules: [...capabilities.modules] },
    };
  }

  private stillActive(store: ProviderConfigurationStore, name: string): 'charged' | 'not_found' | 'revoked' | 'exhausted' {
    const consent = store.findConsent(name);
    if (!consent) return 'not_found';
    if (consent.state === 'revoked') return 'revoked';
    if (budgetExhausted(consent)) return 'exhausted';
    return 'charged';
  }

  private checkConsent(consent: StoredConsent | null, request: PreflightRequest, profileIdentity: string): void {
    if (!consent) throw refuse('CONSENT_REQUIRED', 'consent_unknown');
    if (consent.state === 'revoked') throw new ServiceError('CONSENT_REVOKED');
    const scope = consent.scope;
    if (scope.profile !== request.profile) throw refuse('CONSENT_SCOPE_MISMATCH', 'profile');
    if (scope.model !== request.model) throw refuse('CONSENT_SCOPE_MISMATCH', 'model');
    const profile = this.store?.findProfile(request.profile);
    if (!profile || scope.provider_id !== profile.providerId) throw refuse('CONSENT_SCOPE_MISMATCH', 'provider');
    if (scope.destination_identity !== profileIdentity) throw new ServiceError('ENDPOINT_IDENTITY_CHANGED');
    if (!scope.modules.includes(request.module)) throw refuse('CONSENT_SCOPE_MISMATCH', 'module');
    if (!scope.purposes.includes(request.purpose)) throw refuse('CONSENT_SCOPE_MISMATCH', 'purpose');
    if (request.dataClasses.length === 0 || !request.dataClasses.every((dataClass) => scope.data_classes.includes(dataClass))) {
      throw refuse('CONSENT_SCOPE_MISMATCH', 'data_classes');
    }
    if (budgetExhausted(consent)) throw new ServiceError('CONSENT_BUDGET_EXHAUSTED');
  }
}
