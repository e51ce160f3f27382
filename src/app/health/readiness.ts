import { API_VERSION } from '../../contract/api-version.js';
import type { HealthResponse } from '../../contract/health.js';
import { readinessProof } from '../../contract/readiness-proof.js';

/**
 * The health answer: paired build, sidecar build and the token-derived readiness proof.
 * It is fixed once the port is bound, so it is computed once.
 */
export class ReadinessReport {
  private response: HealthResponse | null = null;

  constructor(
    private readonly bearer: string,
    readonly appBuild: string,
    readonly sidecarBuild: string,
  ) {}

  bindPort(port: number): void {
    this.response = {
      status: 'ready',
      api: { ...API_VERSION },
      app_build: this.appBuild,
      sidecar_build: this.sidecarBuild,
      readiness_proof: readinessProof(this.bearer, this.appBuild, this.sidecarBuild, port),
    };
  }

  get bound(): boolean {
    return this.response !== null;
  }

  current(): HealthResponse {
    if (this.response === null) throw new Error('readiness report read before the port was bound');
    return this.response;
  }
}
