// Generated from src/contract by scripts/contract.ts. Do not edit.

/** The wire contract identifier sent in the API version header and checked in the readiness line. */
export const API_CONTRACT = "service.internal-api/1";
export const HEADER_API_VERSION = "x-service-api-version";
export const HEADER_APP_BUILD = "x-service-app-build";
export const HEADER_SESSION_OWNER = "x-service-session-owner";
/** Pattern and length of app_build and sidecar_build. */
export const BUILD_PATTERN = "^[A-Za-z0-9._:+-]+$";
export const BUILD_MAX_CHARACTERS = 128;
/** The exit codes of `serve` before it is ready; `workspaceInUse`: another live process holds the workspace. */
export const SERVE_EXIT = {"startupFailed":1,"handshakeRejected":2,"workspaceInUse":75} as const;

/** Every stable code of an ErrorEnvelope (docs/error-codes.md). */
export const ERROR_CODES = ["AUTH_BEARER_INVALID","REQUEST_HOST_REJECTED","REQUEST_METADATA_REJECTED","API_VERSION_UNSUPPORTED","APP_BUILD_MISMATCH","ROUTE_NOT_EXPOSED","METHOD_NOT_ALLOWED","REQUEST_BODY_NOT_ALLOWED","REQUEST_URL_INVALID","REQUEST_TARGET_REJECTED","REQUEST_MALFORMED","REQUEST_HEADERS_TOO_LARGE","REQUEST_TIMEOUT","EXPECTATION_UNSUPPORTED","REQUEST_QUERY_INVALID","REQUEST_QUERY_NOT_ALLOWED","CONTENT_TYPE_UNSUPPORTED","REQUEST_TOO_LARGE","REQUEST_JSON_INVALID","REQUEST_LIMIT_EXCEEDED","STARTUP_MUTATION_BLOCKED","STARTUP_DEGRADED","DATABASE_FILE_LOST","SETTINGS_REVISION_STALE","SETTINGS_KEY_UNKNOWN","SETTINGS_KEY_SENSITIVE","SETTINGS_VALUE_INVALID","SECRET_REFERENCE_UNKNOWN","CREDENTIAL_STORE_UNAVAILABLE","CREDENTIAL_STORE_LOCKED","KEYRING_SESSION_INSECURE","CREDENTIAL_ENV_MANAGED","CREDENTIAL_DELETE_UNVERIFIED","CREDENTIAL_WRITE_UNVERIFIED","JOB_NOT_FOUND","JOB_EVENT_REPLAY_EXPIRED","JOB_EVENT_CURSOR_INVALID","JOB_SUBSCRIBER_LIMIT","JOB_CURSOR_INVALID","JOB_QUEUE_FULL","SHUTDOWN_BLOCKED_ACTIVE_WORK","PROFILE_REVISION_STALE","PROFILE_NOT_FOUND","PROFILE_NAME_TAKEN","CONSENT_REVISION_STALE","CONSENT_PREVIEW_STALE","CONSENT_NAME_TAKEN","CONSENT_NOT_FOUND","ENDPOINT_REJECTED","ENDPOINT_BINDING_MISSING","ENDPOINT_IDENTITY_CHANGED","PROVIDER_NOT_ALLOWED","PROVIDER_CREDENTIAL_MISSING","CONSENT_REQUIRED","CONSENT_REVOKED","CONSENT_SCOPE_MISMATCH","CONSENT_BUDGET_EXHAUSTED","PROVIDER_CONFIGURATION_LIMIT","CHAT_SESSION_NOT_FOUND","CHAT_SESSION_LIMIT","CHAT_MESSAGE_LIMIT","CHAT_CONTEXT_LIMIT","CHAT_RUN_ACTIVE","CHAT_RUN_NOT_FOUND","CHAT_STREAM_CURSOR_INVALID","CHAT_STREAM_REPLAY_GAP","CHAT_STREAM_SUBSCRIBER_LIMIT","PROVIDER_UNAVAILABLE","PROVIDER_FAILED","PROVIDER_TIMEOUT","PROVIDER_ANSWER_INCOMPLETE","PROVIDER_CONTEXT_EXCEEDED","PROVIDER_MODEL_NOT_FOUND","PROVIDER_AUTH_REJECTED","PROVIDER_RATE_LIMITED","PROVIDER_ENDPOINT_MISMATCH","PROVIDER_REFUSED","ARTIFACT_GRANT_INVALID","GEDCOM_VERSION_UNSUPPORTED","GEDCOM_JOB_RESULT_UNAVAILABLE","GEDCOM_JOB_RESULT_PENDING","GEDCOM_JOB_RESULT_NONE","GEDCOM_ROOT_UNKNOWN","GEDCOM_INPUT_LIMIT","GEDCOM_RESOURCE_LIMIT","GEDCOM_WORKER_FAILED","GEDZIP_ENTRY_LIMIT","GEDZIP_SIZE_LIMIT","GEDZIP_RATIO_LIMIT","GEDZIP_UNSAFE_NAME","GEDZIP_SYMLINK","GEDZIP_DUPLICATE_NAME","GEDZIP_ENCRYPTED","GEDZIP_DATASET_MISSING","GEDZIP_UNSUPPORTED","GEDZIP_CORRUPT","ADVISORY_PAYLOAD_STALE","GEDCOM_PLAN_STALE","SERVICE_STOPPING","INTERNAL_FAILURE"] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The GEDCOM operations; an artifact grant is scoped to `gedcom.<operation>`. */
export const GEDCOM_OPERATIONS = ["inspect","merge","subtree","quality","sync"] as const;
export type GedcomOperation = (typeof GEDCOM_OPERATIONS)[number];
export type GedcomOperationScope = `gedcom.${GedcomOperation}`;
/** Each operation's request fields that hold its input grants, in order. */
export const GEDCOM_OPERATION_INPUTS = {"inspect":["source"],"merge":["left","right"],"subtree":["source"],"quality":["source"],"sync":["base","edited","target"]} as const;
/** The operations whose writing run applies a reviewed dry run (their request takes `dry_run` and `plan_job`). */
export const GEDCOM_PLANNED_OPERATIONS = ["merge","sync"] as const;

/** The settings catalogue: each key with the type of its value. */
export interface SettingValues {
  /** Language: Language of the application window. Default "en". */
  "ui.locale": "en" | "de" | "fr" | "es" | "it" | "nl" | "pl" | "pt" | "sv" | "nb" | "da" | "fi";
  /** Theme: Colour theme of the application window; system follows the operating system. Default "system". */
  "ui.theme": "system" | "light" | "dark";
  /** Living-person threshold (years): A person without a death fact born fewer years ago than this is treated as living. Default 110. */
  "privacy.living_threshold_years": number;
  /** Chat temperature: Sampling temperature of chat runs, from 0 (focused) to 1 (varied). Default 0.2. */
  "chat.temperature": number;
  /** GEDCOM export version: GEDCOM version written by operations that produce a new file. Default "7.0". */
  "gedcom.export_version": "5.5.1" | "7.0";
}
export type SettingKey = keyof SettingValues;
