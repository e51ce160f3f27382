import type { ApiClient, Schemas } from './api-client.js';
import { answerOf } from './answer.js';

export type HealthReport = Schemas['HealthResponse'];
export type StartupReport = Schemas['StartupDiagnosticReportResponse'];
export type CapabilityManifest = Schemas['CapabilityManifest'];

/** What the sidecar says about itself: health, the start-up report, the capability manifest. */
export class DiagnosticsClient {
  constructor(private readonly api: ApiClient) {}

  health(signal?: AbortSignal): Promise<HealthReport> {
    return answerOf('HealthResponse', this.api.GET('/api/v1/health', { signal }), 'GET /api/v1/health');
  }

  /** The start-up report: ready or degraded, and each component (configuration, database, keyring, workspace) with its code and remediation. */
  startup(signal?: AbortSignal): Promise<StartupReport> {
    return answerOf('StartupDiagnosticReportResponse', this.api.GET('/api/v1/startup-diagnostics', { signal }), 'GET /api/v1/startup-diagnostics');
  }

  /** The capability manifest: the modules and actions this sidecar exposes. */
  capabilities(signal?: AbortSignal): Promise<CapabilityManifest> {
    return answerOf('CapabilityManifest', this.api.GET('/api/v1/capabilities', { signal }), 'GET /api/v1/capabilities');
  }
}
