/**
 * The error-code catalogue: every stable code the service can answer with, its HTTP
 * status and its default sanitized message. This is the only place a code is declared;
 * the HTTP error mapping, the OpenAPI document and docs/error-codes.md are projections.
 */
export const ERROR_CATALOGUE = {
  // request gate (contract.md section 2)
  AUTH_BEARER_INVALID: { status: 401, message: 'The private bearer is missing or invalid.' },
  REQUEST_HOST_REJECTED: { status: 400, message: 'The Host header must be the loopback address of this service.' },
  REQUEST_METADATA_REJECTED: { status: 400, message: 'Browser, cookie, origin or proxy metadata is not accepted.' },
  API_VERSION_UNSUPPORTED: { status: 400, message: 'The API version header is missing or not supported.' },
  APP_BUILD_MISMATCH: { status: 400, message: 'The app build header is missing or does not match the paired build.' },
  ROUTE_NOT_EXPOSED: { status: 404, message: 'The route is not exposed.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'The method is not accepted on this route.' },
  REQUEST_BODY_NOT_ALLOWED: { status: 400, message: 'This route takes no request body.' },
  REQUEST_URL_INVALID: { status: 400, message: 'The request URL is not valid.' },
  REQUEST_TARGET_REJECTED: { status: 400, message: 'The request target must be a path (origin-form).' },
  REQUEST_MALFORMED: { status: 400, message: 'The request is not valid HTTP/1.1.' },
  REQUEST_HEADERS_TOO_LARGE: { status: 413, message: 'The request headers are too large.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time.' },
  EXPECTATION_UNSUPPORTED: { status: 417, message: 'Only the expectation 100-continue is supported.' },
  REQUEST_QUERY_INVALID: { status: 400, message: 'A query parameter is not valid.' },
  REQUEST_QUERY_NOT_ALLOWED: { status: 400, message: 'This route takes no query parameters.' },
  CONTENT_TYPE_UNSUPPORTED: { status: 415, message: 'The request body must be application/json in UTF-8.' },
  REQUEST_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  REQUEST_JSON_INVALID: { status: 400, message: 'The request body is not valid JSON.' },
  REQUEST_LIMIT_EXCEEDED: { status: 413, message: 'The request body exceeds a JSON limit.' },
  // startup and settings
  STARTUP_MUTATION_BLOCKED: { status: 409, message: 'A startup component blocks changes; see the startup diagnostics.' },
  STARTUP_DEGRADED: { status: 409, message: 'The service started degraded; this operation is not available.' },
  DATABASE_FILE_LOST: { status: 503, message: 'The encrypted database file was removed, replaced or made read-only; changes are refused until restart.' },
  SETTINGS_REVISION_STALE: { status: 409, message: 'The settings changed since the given revision.' },
  SETTINGS_KEY_UNKNOWN: { status: 400, message: 'The patch names an unknown setting.' },
  SETTINGS_KEY_SENSITIVE: { status: 400, message: 'The patch names a sensitive setting.' },
  SETTINGS_VALUE_INVALID: { status: 400, message: 'The patch holds an invalid setting value.' },
  // credentials
  SECRET_REFERENCE_UNKNOWN: { status: 404, message: 'The credential reference is not on the allowlist.' },
  CREDENTIAL_STORE_UNAVAILABLE: { status: 503, message: 'Secure credential storage is unavailable.' },
  CREDENTIAL_STORE_LOCKED: { status: 503, message: 'Secure credential storage is locked.' },
  CREDENTIAL_ENV_MANAGED: { status: 409, message: 'This credential is managed by the environment and is read-only.' },
  CREDENTIAL_DELETE_UNVERIFIED: { status: 500, message: 'The credential could not be verified as deleted.' },
  CREDENTIAL_WRITE_UNVERIFIED: { status: 500, message: 'The credential could not be verified after writing.' },
  // jobs
  JOB_NOT_FOUND: { status: 404, message: 'The job is not known.' },
  JOB_EVENT_REPLAY_EXPIRED: { status: 410, message: 'The requested job events are no longer retained; fetch a fresh snapshot.' },
  JOB_EVENT_CURSOR_INVALID: { status: 400, message: 'The Last-Event-ID is not a valid event id of this job.' },
  JOB_SUBSCRIBER_LIMIT: { status: 409, message: 'The job has too many event subscribers.' },
  JOB_CURSOR_INVALID: { status: 400, message: 'The page cursor is not valid.' },
  JOB_QUEUE_FULL: { status: 409, message: 'Too many jobs are waiting to run.' },
  SHUTDOWN_BLOCKED_ACTIVE_WORK: { status: 409, message: 'Work is still active; the service is not ready to quit.' },
  // providers and consent
  PROFILE_REVISION_STALE: { status: 409, message: 'The provider profiles changed since the given revision.' },
  PROFILE_NOT_FOUND: { status: 409, message: 'The named provider profile does not exist.' },
  PROFILE_NAME_TAKEN: { status: 409, message: 'A provider profile with this name already exists.' },
  CONSENT_REVISION_STALE: { status: 409, message: 'The consents changed since the given revision.' },
  CONSENT_PREVIEW_STALE: { status: 409, message: 'The consent does not match the current preview.' },
  CONSENT_NAME_TAKEN: { status: 409, message: 'A consent with this name already exists.' },
  CONSENT_NOT_FOUND: { status: 404, message: 'The named consent does not exist.' },
  ENDPOINT_REJECTED: { status: 400, message: 'The endpoint was rejected by the endpoint policy.' },
  ENDPOINT_BINDING_MISSING: { status: 409, message: 'No matching endpoint test binds this destination.' },
  ENDPOINT_IDENTITY_CHANGED: { status: 409, message: 'The endpoint identity changed since it was tested.' },
  PROVIDER_NOT_ALLOWED: { status: 400, message: 'This provider selection is not allowed.' },
  PROVIDER_CREDENTIAL_MISSING: { status: 409, message: 'The provider credential is missing.' },
  CONSENT_REQUIRED: { status: 409, message: 'This remote execution requires a consent.' },
  CONSENT_REVOKED: { status: 409, message: 'The consent was revoked.' },
  CONSENT_SCOPE_MISMATCH: { status: 409, message: 'The consent does not cover this execution.' },
  CONSENT_BUDGET_EXHAUSTED: { status: 409, message: 'The consent budget is used up.' },
  PROVIDER_CONFIGURATION_LIMIT: { status: 409, message: 'The maximum number of provider profiles or consents is reached.' },
  // chat
  CHAT_SESSION_NOT_FOUND: { status: 404, message: 'The chat session is not known.' },
  CHAT_SESSION_LIMIT: { status: 409, message: 'Too many chat sessions are open.' },
  CHAT_MESSAGE_LIMIT: { status: 409, message: 'The chat session holds the maximum number of messages.' },
  CHAT_CONTEXT_LIMIT: { status: 409, message: 'The chat context is too large.' },
  CHAT_RUN_ACTIVE: { status: 409, message: 'A run is already active in this chat session.' },
  CHAT_RUN_NOT_FOUND: { status: 404, message: 'The chat run is not known.' },
  CHAT_STREAM_CURSOR_INVALID: { status: 400, message: 'The stream cursor is not valid.' },
  CHAT_STREAM_REPLAY_GAP: { status: 410, message: 'The requested stream events are no longer retained.' },
  CHAT_STREAM_SUBSCRIBER_LIMIT: { status: 409, message: 'The stream run has too many event readers.' },
  PROVIDER_UNAVAILABLE: { status: 500, message: 'The model provider could not be reached.' },
  PROVIDER_FAILED: { status: 500, message: 'The model provider failed.' },
  PROVIDER_TIMEOUT: { status: 500, message: 'The model provider did not answer in time.' },
  PROVIDER_ANSWER_INCOMPLETE: { status: 500, message: 'The model provider\'s answer ended without its end marker; nothing was kept.' },
  PROVIDER_CONTEXT_EXCEEDED: { status: 409, message: 'The conversation is larger than the model\'s context window.' },
  PROVIDER_MODEL_NOT_FOUND: { status: 500, message: 'The model is not available at the provider endpoint.' },
  PROVIDER_AUTH_REJECTED: { status: 500, message: 'The model provider refused the credential.' },
  PROVIDER_RATE_LIMITED: { status: 500, message: 'The model provider is limiting requests.' },
  PROVIDER_ENDPOINT_MISMATCH: { status: 500, message: 'The endpoint did not answer as this provider\'s API.' },
  PROVIDER_REFUSED: { status: 409, message: 'The model provider declined to answer; the turn was not kept.' },
  // GEDCOM
  ARTIFACT_GRANT_INVALID: { status: 400, message: 'The artifact grant is unknown, expired or for another operation.' },
  GEDCOM_VERSION_UNSUPPORTED: { status: 400, message: 'The GEDCOM version is not supported.' },
  GEDCOM_JOB_RESULT_UNAVAILABLE: { status: 410, message: 'The result of this completed job is no longer in memory.' },
  GEDCOM_JOB_RESULT_PENDING: { status: 409, message: 'The job has not completed yet.' },
  GEDCOM_JOB_RESULT_NONE: { status: 409, message: 'The job ended without a result.' },
  GEDCOM_ROOT_UNKNOWN: { status: 400, message: 'The root is not an individual of the file.' },
  GEDCOM_INPUT_LIMIT: { status: 400, message: 'A line or a continued value of the GEDCOM file exceeds the engine\'s limits.' },
  GEDCOM_RESOURCE_LIMIT: { status: 500, message: 'The operation exceeded its memory or time ceiling.' },
  GEDCOM_WORKER_FAILED: { status: 500, message: 'The operation stopped unexpectedly.' },
  SERVICE_STOPPING: { status: 503, message: 'The service is shutting down.' },
  // last resort
  INTERNAL_FAILURE: { status: 500, message: 'The request failed safely.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** The statuses an ErrorEnvelope can carry, for the OpenAPI projection. */
export function envelopeStatuses(): number[] {
  return [...new Set(Object.values(ERROR_CATALOGUE).map((entry) => entry.status))].sort((a, b) => a - b);
}
