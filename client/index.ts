// The paired client of the sidecar, for the desktop shell's main process.
export { createApiClient, contractHeaders, type ApiClient, type ClientIdentity, type ClientPaths, type ContractHeaders, type Schemas } from './api-client.js';
export { createSidecarClient, type SidecarClient, type SidecarClientOptions } from './sidecar-client.js';
export { JobsClient, isTerminal, type JobEvent, type JobFollowItem, type JobSnapshot, type JobState } from './jobs.js';
export { ChatClient, type ChatRunRequest, type ChatStreamEvent, type ChatStreamRun } from './chat.js';
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
export { ArtifactImporter, type ImportedArtifact } from './artifacts.js';
