// The paired client of the sidecar, for the desktop shell's main process.
export { createApiClient, contractHeaders, type ApiClient, type ClientIdentity, type ClientPaths, type ContractHeaders, type Schemas } from './api-client.js';
export { createSidecarClient, type SidecarClient, type SidecarClientOptions } from './sidecar-client.js';
export {
  JobsClient,
  isTerminal,
  type JobCancelResponse,
  type JobEvent,
  type JobFollowItem,
  type JobSnapshot,
  type JobSnapshotPage,
  type JobState,
  type ShutdownPreflight,
} from './jobs.js';
export { ChatClient, type ChatRunRequest, type ChatSession, type ChatSessionRequest, type ChatStreamEvent, type ChatStreamRun } from './chat.js';
export { SettingsClient, type SettingsChanges, type SettingsResponse } from './settings.js';
export { RequestFailed, type FailureBody, type FailureDetail, type ValidationError } from './request-failed.js';
export { RECONNECTS_WITHOUT_PROGRESS, StreamInterrupted, type ReconnectOptions, type Sleep } from './resumable-stream.js';
export {
  ENVIRONMENT_ALLOWLIST,
  LaunchRefused,
  READY_TIMEOUT_MS,
  REFUSAL_STDERR_LINES,
  launchSidecar,
  newBearer,
  stderrTail,
  type LaunchExit,
  type LaunchOptions,
  type LaunchedSidecar,
  type ReadinessLine,
} from './launcher.js';
export { readinessProof } from './generated/readiness-proof.js';
export { STDERR_KEPT_BYTES } from './stderr-window.js';
export {
  API_CONTRACT,
  ERROR_CODES,
  GEDCOM_OPERATIONS,
  type ErrorCode,
  type GedcomOperation,
  type GedcomOperationScope,
  type SettingKey,
  type SettingValues,
} from './generated/contract-constants.js';
export type { paths, components } from './generated/openapi-v1.js';
export { ArtifactFailed, LocalArtifactStore, type ArtifactFailureCode } from './artifacts.js';
export {
  GedcomClient,
  GedcomJobFailed,
  type ArtifactStore,
  type ExecutionSelection,
  type GedcomGrants,
  type GedcomJobResult,
  type GedcomPlan,
  type GedcomPlanOptions,
  type GedcomRun,
  type GedcomRunOptions,
  type ImportedArtifact,
} from './gedcom.js';
export { SecretsClient, type SecretStatus } from './secrets.js';
export { DiagnosticsClient, type CapabilityManifest, type HealthReport, type StartupReport } from './diagnostics.js';
export {
  ProvidersClient,
  type EndpointValidation,
  type ProviderConfiguration,
  type ProviderId,
  type ProviderProfile,
  type ProviderProfileRequest,
} from './providers.js';
export { ConsentClient, type ConsentBudget, type ConsentPreview, type ConsentPreviewRequest, type ConsentResponse, type ConsentSummary } from './consent.js';
export { ResponseInvalid } from './schema-check.js';
