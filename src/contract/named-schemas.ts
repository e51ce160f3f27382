import { AdvisoryReview, GedcomJobAccepted, GedcomJobResult } from './gedcom.js';
import { gedcomOperationSchemas } from './gedcom-operations.js';
import { ExecutionSelection } from './gedcom-schema-parts.js';
import { ApiVersion } from './api-version.js';
import { CapabilityAction, CapabilityManifest, CapabilityModule, PaginationPolicy, RequestSizePolicy } from './capabilities.js';
import { FailureDetail, ValidationError } from './errors.js';
import { HealthResponse } from './health.js';
import {
  ChatCapabilityResponse,
  ChatLimits,
  ChatRunRequest,
  ChatRunResponse,
  ChatSessionCreateRequest,
  ChatSessionDeleteResponse,
  ChatSessionSummary,
  ChatStreamCancelResponse,
  ChatStreamEvent,
  ChatStreamStartResponse,
} from './chat.js';
import {
  ConsentBudget,
  ConsentCreateRequest,
  ConsentPreviewRequest,
  ConsentPreviewResponse,
  ConsentResponse,
  ConsentScope,
  ConsentSummary,
} from './consent.js';
import { ProviderConfigurationResponse } from './provider-configuration.js';
import {
  EndpointValidationRequest,
  EndpointValidationResponse,
  ProviderCapabilities,
  ProviderDescriptor,
  ProviderProfileCreateRequest,
  ProviderProfileResponse,
  ProviderProfileSummary,
  SecretPresenceSummary,
} from './providers.js';
import {
  ActiveWorkCounts,
  JobArtifactReference,
  JobCancelResponse,
  JobError,
  JobEvent,
  JobProgress,
  JobSnapshot,
  JobSnapshotPage,
  ShutdownPreflightRequest,
  ShutdownPreflightResponse,
} from './jobs.js';
import { PageMetadata } from './pagination.js';
import { StartupDiagnosticComponentResponse, StartupDiagnosticReportResponse, StartupPlatformResponse } from './diagnostics.js';
import { SecretSetRequest, SecretStatusResponse } from './secrets.js';
import { SettingFieldResponse, SettingsPatchRequest, SettingsResponse, SettingValidationResponse } from './settings.js';

/** Schemas published under their names in the contract document's components. */
export const NAMED_SCHEMAS: Readonly<Record<string, unknown>> = {
  ApiVersion,
  HealthResponse,
  CapabilityManifest,
  CapabilityModule,
  CapabilityAction,
  PaginationPolicy,
  RequestSizePolicy,
  FailureDetail,
  ValidationError,
  StartupDiagnosticReportResponse,
  StartupDiagnosticComponentResponse,
  StartupPlatformResponse,
  SettingsResponse,
  SettingFieldResponse,
  SettingValidationResponse,
  SettingsPatchRequest,
  SecretSetRequest,
  SecretStatusResponse,
  PageMetadata,
  JobSnapshot,
  JobSnapshotPage,
  JobProgress,
  JobArtifactReference,
  JobError,
  JobEvent,
  JobCancelResponse,
  ShutdownPreflightRequest,
  ShutdownPreflightResponse,
  ActiveWorkCounts,
  ProviderConfigurationResponse,
  ProviderDescriptor,
  ProviderCapabilities,
  SecretPresenceSummary,
  ProviderProfileSummary,
  EndpointValidationRequest,
  EndpointValidationResponse,
  ProviderProfileCreateRequest,
  ProviderProfileResponse,
  ConsentPreviewRequest,
  ConsentPreviewResponse,
  ConsentScope,
  ConsentBudget,
  ConsentCreateRequest,
  ConsentResponse,
  ConsentSummary,
  ChatCapabilityResponse,
  ChatLimits,
  ChatSessionCreateRequest,
  ChatSessionSummary,
  ChatSessionDeleteResponse,
  ChatRunRequest,
  ChatRunResponse,
  ChatStreamStartResponse,
  ChatStreamCancelResponse,
  ChatStreamEvent,
  ExecutionSelection,
  ...gedcomOperationSchemas('request'),
  GedcomJobAccepted,
  GedcomJobResult,
  ...gedcomOperationSchemas('section'),
  AdvisoryReview,
};
