import { StartupDiagnosticReportResponse } from '../../contract/diagnostics.js';
import { SecretReferenceParams, SecretSetRequest, SecretStatusResponse } from '../../contract/secrets.js';
import { SettingsPatchRequest, SettingsResponse } from '../../contract/settings.js';
import type { StartupReport } from '../../app/diagnostics/startup-report.js';
import type { CredentialService } from '../../app/secrets/credential-service.js';
import type { SettingsService } from '../../app/settings/settings-service.js';
import { bindRoute, declareRoute, type RouteDefinition } from '../route-definition.js';

/** The diagnostics routes as declared: what the contract document reads; `diagnosticsRoutes` binds their handlers. */
export const DIAGNOSTICS_ROUTES = {
  getInternalStartupDiagnostics: declareRoute({
    operationId: 'getInternalStartupDiagnostics',
    method: 'GET',
    path: '/api/v1/startup-diagnostics',
    dispatchKey: 'diagnostics.read',
    summary: 'Startup diagnostics',
    description: 'Read-only report with exactly four components in a fixed order; no paths, no side effects. Evaluated once at start.',
    tags: ['diagnostics'],
    success: { status: 200, description: 'The startup report.', schema: StartupDiagnosticReportResponse, contentType: 'application/json' },
  }),
} as const;

export function diagnosticsRoutes(startup: StartupReport): RouteDefinition[] {
  return [bindRoute(DIAGNOSTICS_ROUTES.getInternalStartupDiagnostics, async () => startup.checked())];
}

/** The settings routes as declared: what the contract document reads; `settingsRoutes` binds their handlers. */
export const SETTINGS_ROUTES = {
  getInternalSettings: declareRoute({
    operationId: 'getInternalSettings',
    method: 'GET',
    path: '/api/v1/settings',
    dispatchKey: 'settings.read',
    summary: 'Read settings',
    description:
      'The complete catalog of five non-secret settings with the current revision. The values live in the encrypted database: while it is not open (degraded startup) the answer is 409 STARTUP_DEGRADED.',
    tags: ['settings'],
    success: { status: 200, description: 'The settings catalog.', schema: SettingsResponse, contentType: 'application/json' },
  }),
  patchInternalSettings: declareRoute({
    operationId: 'patchInternalSettings',
    method: 'PATCH',
    path: '/api/v1/settings',
    dispatchKey: 'settings.patch',
    summary: 'Patch settings',
    description:
      'Applies all changes atomically or none. Refused with 409 STARTUP_MUTATION_BLOCKED while a startup component blocks mutations (an invalid configuration file included), before any key is judged. Fails for an unknown key, a sensitive key, an invalid value or a stale expected_revision, naming each failing key in details. Acknowledged only once committed to the database file that is at the workspace path now: a file removed, replaced or made read-only underneath the service answers 503 DATABASE_FILE_LOST and nothing changes.',
    tags: ['settings'],
    body: SettingsPatchRequest,
    success: { status: 200, description: 'The settings after the patch.', schema: SettingsResponse, contentType: 'application/json' },
  }),
} as const;

export function settingsRoutes(settings: SettingsService): RouteDefinition[] {
  return [
    bindRoute(SETTINGS_ROUTES.getInternalSettings, async () => settings.read()),
    bindRoute(SETTINGS_ROUTES.patchInternalSettings, async (request) => settings.patch(request.body.expected_revision, request.body.changes)),
  ];
}

/** The secret routes as declared: what the contract document reads; `secretRoutes` binds their handlers. */
export const SECRET_ROUTES = {
  getInternalSecretStatus: declareRoute({
    operationId: 'getInternalSecretStatus',
    method: 'GET',
    path: '/api/v1/secrets/{reference}/status',
    dispatchKey: 'secrets.status',
    summary: 'Credential status',
    description:
      'Tells whether the allowlisted credential is `present` or `missing`; never reveals a value. A reference off the allowlist is 404 SECRET_REFERENCE_UNKNOWN (422 when it breaks the pattern). An unavailable or locked keyring fails closed with 503 CREDENTIAL_STORE_UNAVAILABLE or CREDENTIAL_STORE_LOCKED (spec rule 9): this route never answers `status: unavailable`, a value the schema keeps for listings (provider configuration reports a failing keyring that way).',
    tags: ['secrets'],
    params: SecretReferenceParams,
    success: { status: 200, description: 'The credential status.', schema: SecretStatusResponse, contentType: 'application/json' },
  }),
  setInternalSecret: declareRoute({
    operationId: 'setInternalSecret',
    method: 'POST',
    path: '/api/v1/secrets/{reference}/set',
    dispatchKey: 'secrets.set',
    summary: 'Set a credential',
    description:
      'Stores the write-only value in the OS keyring and reads it back. The response carries only reference and status. The reference is judged first (404 SECRET_REFERENCE_UNKNOWN off the allowlist, whatever the startup state), then the state: 409 STARTUP_MUTATION_BLOCKED while a startup component blocks mutations, 409 CREDENTIAL_ENV_MANAGED for an environment-managed reference, 503 when the keyring is unavailable or locked.',
    tags: ['secrets'],
    params: SecretReferenceParams,
    body: SecretSetRequest,
    success: { status: 200, description: 'The credential status after the write.', schema: SecretStatusResponse, contentType: 'application/json' },
  }),
  deleteInternalSecret: declareRoute({
    operationId: 'deleteInternalSecret',
    method: 'POST',
    path: '/api/v1/secrets/{reference}/delete',
    dispatchKey: 'secrets.delete',
    summary: 'Delete a credential',
    description:
      'Removes the credential from the OS keyring and verifies that it is absent. Same order of refusals as set: 404 SECRET_REFERENCE_UNKNOWN, then 409 STARTUP_MUTATION_BLOCKED or CREDENTIAL_ENV_MANAGED, then 503 for an unavailable or locked keyring.',
    tags: ['secrets'],
    params: SecretReferenceParams,
    success: { status: 200, description: 'The credential status after the delete.', schema: SecretStatusResponse, contentType: 'application/json' },
  }),
} as const;

export function secretRoutes(credentials: CredentialService): RouteDefinition[] {
  return [
    bindRoute(SECRET_ROUTES.getInternalSecretStatus, async (request) => credentials.status(request.params.reference)),
    bindRoute(SECRET_ROUTES.setInternalSecret, async (request) => credentials.set(request.params.reference, request.body.value)),
    bindRoute(SECRET_ROUTES.deleteInternalSecret, async (request) => credentials.delete(request.params.reference)),
  ];
}
