import type { ApiClient, Schemas } from './api-client.js';
import { answerOf } from './answer.js';

export type ProviderConfiguration = Schemas['ProviderConfigurationResponse'];
export type EndpointValidation = Schemas['EndpointValidationResponse'];
export type ProviderId = Schemas['EndpointValidationRequest']['provider_id'];
export type ProviderProfileRequest = Omit<Schemas['ProviderProfileCreateRequest'], 'expected_revision'>;
export type ProviderProfile = Schemas['ProviderProfileResponse'];

/** Providers: the catalogue with profiles, secrets presence and consents; endpoint validation; profile creation. */
export class ProvidersClient {
  constructor(private readonly api: ApiClient) {}

  /** The provider catalogue, the profiles, which credentials are present, and the consents with their usage. */
  list(signal?: AbortSignal): Promise<ProviderConfiguration> {
    return answerOf('ProviderConfigurationResponse', this.api.GET('/api/v1/provider-configuration', { signal }), 'GET /api/v1/provider-configuration');
  }

  /**
   * Probes `endpoint` for `provider` and returns its destination identity (what a profile and a consent
   * bind to). A refused endpoint throws RequestFailed: `code` ENDPOINT_REJECTED with the diagnosis in
   * `details` (a stable `reason`, e.g. a refused connection or a non-loopback local endpoint) and what to do in `remediation`.
   */
  validateEndpoint(provider: ProviderId, endpoint: string, signal?: AbortSignal): Promise<EndpointValidation> {
    const call = this.api.POST('/api/v1/provider-endpoints/validate', { body: { provider_id: provider, endpoint }, signal });
    return answerOf('EndpointValidationResponse', call, 'POST /api/v1/provider-endpoints/validate');
  }

  /** Creates a profile at the current profile revision (or `expectedRevision`) for a validated endpoint. */
  async createProfile(profile: ProviderProfileRequest, expectedRevision?: number, signal?: AbortSignal): Promise<ProviderProfile> {
    const revision = expectedRevision ?? (await this.list(signal)).profile_revision;
    const call = this.api.POST('/api/v1/provider-profiles', { body: { ...profile, expected_revision: revision }, signal });
    return answerOf('ProviderProfileResponse', call, 'POST /api/v1/provider-profiles');
  }
}
