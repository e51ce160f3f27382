import { ConsentCreateRequest, ConsentNameParams, ConsentPreviewRequest, ConsentPreviewResponse, ConsentResponse } from '../../contract/consent.js';
import { ProviderConfigurationResponse } from '../../contract/provider-configuration.js';
import { EndpointValidationRequest, EndpointValidationResponse, ProviderProfileCreateRequest, ProviderProfileResponse } from '../../contract/providers.js';
import type { ConsentService } from '../../app/providers/consent-service.js';
import type { ProviderConfigurationService } from '../../app/providers/provider-configuration-service.js';
import { bindRoute, declareRoute, type RouteDefinition } from '../route-definition.js';

/** The provider routes as declared: what the contract document reads; `providerRoutes` binds their handlers. */
export const PROVIDER_ROUTES = {
  getInternalProviderConfiguration: declareRoute({
    operationId: 'getInternalProviderConfiguration',
    method: 'GET',
    path: '/api/v1/provider-configuration',
    dispatchKey: 'providers.read',
    summary: 'Provider configuration',
    description:
      'Provider metadata with safe endpoint defaults and capabilities, profile and consent summaries, credential presence (never a value) and the profile and consent revisions. Profiles, consents and revisions live in the encrypted database: while it is not open (degraded startup) the answer is 409 STARTUP_DEGRADED.',
    tags: ['providers'],
    success: { status: 200, description: 'The provider configuration.', schema: ProviderConfigurationResponse, contentType: 'application/json' },
  }),
  validateInternalProviderEndpoint: declareRoute({
    operationId: 'validateInternalProviderEndpoint',
    method: 'POST',
    path: '/api/v1/provider-endpoints/validate',
    dispatchKey: 'providers.validate_endpoint',
    summary: 'Test one endpoint',
    description:
      'Applies the endpoint policy (explicit loopback for local providers, the fixed reviewed URL for cloud providers), resolves a name twice, connects directly to the validated numeric address without any proxy, verifies TLS against the name and refuses a redirect. Answers a redacted destination and its SHA-256 identity; a refusal is ENDPOINT_REJECTED with a stable `reason` detail.',
    tags: ['providers'],
    body: EndpointValidationRequest,
    success: { status: 200, description: 'The endpoint passed the test.', schema: EndpointValidationResponse, contentType: 'application/json' },
  }),
  createInternalProviderProfile: declareRoute({
    operationId: 'createInternalProviderProfile',
    method: 'POST',
    path: '/api/v1/provider-profiles',
    dispatchKey: 'providers.create_profile',
    summary: 'Create a provider profile',
    description:
      'Creates a named profile (provider, endpoint, exact model) against the current profile revision and the identity of a recent endpoint test; the endpoint is tested again at save and must keep that identity. 409 STARTUP_MUTATION_BLOCKED while a startup component blocks mutations; 503 DATABASE_FILE_LOST when the database file is no longer the one at the workspace path.',
    tags: ['providers'],
    body: ProviderProfileCreateRequest,
    success: {
      status: 200,
      description: 'The created profile and the new profile revision.',
      schema: ProviderProfileResponse,
      contentType: 'application/json',
    },
  }),
} as const;

export function providerRoutes(providers: ProviderConfigurationService): RouteDefinition[] {
  return [
    bindRoute(PROVIDER_ROUTES.getInternalProviderConfiguration, async () => providers.configuration()),
    bindRoute(PROVIDER_ROUTES.validateInternalProviderEndpoint, async (request) => providers.validateEndpoint(request.body)),
    bindRoute(PROVIDER_ROUTES.createInternalProviderProfile, async (request) => providers.createProfile(request.body)),
  ];
}

/** The consent routes as declared: what the contract document reads; `consentRoutes` binds their handlers. */
export const CONSENT_ROUTES = {
  previewInternalConsent: declareRoute({
    operationId: 'previewInternalConsent',
    method: 'POST',
    path: '/api/v1/consents/preview',
    dispatchKey: 'consent.preview',
    summary: 'Preview a consent',
    description:
      'Returns the complete requested scope (provider, profile, model, modules, purposes, data classes, retention, living-person and remote-retention warnings, optional budget), the consent revision and a digest. Changes nothing, so a blocked startup component does not refuse it; it reads profiles from the encrypted database, and while that is not open it answers 409 STARTUP_DEGRADED (as settings GET). A profile named in the body that does not exist is 409 PROFILE_NOT_FOUND: 404 is kept for what the path addresses.',
    tags: ['consent'],
    body: ConsentPreviewRequest,
    success: { status: 200, description: 'The consent preview.', schema: ConsentPreviewResponse, contentType: 'application/json' },
  }),
  createInternalConsent: declareRoute({
    operationId: 'createInternalConsent',
    method: 'POST',
    path: '/api/v1/consents',
    dispatchKey: 'consent.create',
    summary: 'Create a consent',
    description:
      'Creates the named grant only from the exact current preview (digest and scope) against the current consent revision. 409 STARTUP_MUTATION_BLOCKED while a startup component blocks mutations; a profile named in the scope that does not exist is 409 PROFILE_NOT_FOUND (a conflict with current state; 404 is kept for what the path addresses).',
    tags: ['consent'],
    body: ConsentCreateRequest,
    success: { status: 200, description: 'The created consent and the new consent revision.', schema: ConsentResponse, contentType: 'application/json' },
  }),
  revokeInternalConsent: declareRoute({
    operationId: 'revokeInternalConsent',
    method: 'POST',
    path: '/api/v1/consents/{name}/revoke',
    dispatchKey: 'consent.revoke',
    summary: 'Revoke a consent',
    description:
      'Revokes the named grant. Idempotent: revoking a revoked grant answers it unchanged; a change bumps the consent revision. The consent addressed by the path that does not exist is 404 CONSENT_NOT_FOUND.',
    tags: ['consent'],
    params: ConsentNameParams,
    success: { status: 200, description: 'The revoked consent and the consent revision.', schema: ConsentResponse, contentType: 'application/json' },
  }),
} as const;

export function consentRoutes(consents: ConsentService): RouteDefinition[] {
  return [
    bindRoute(CONSENT_ROUTES.previewInternalConsent, async (request) => consents.preview(request.body)),
    bindRoute(CONSENT_ROUTES.createInternalConsent, async (request) => consents.create(request.body)),
    bindRoute(CONSENT_ROUTES.revokeInternalConsent, async (request) => consents.revoke(request.params.name)),
  ];
}
