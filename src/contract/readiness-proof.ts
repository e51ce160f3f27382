import { createHmac } from 'node:crypto';
import { API_CONTRACT } from './api-version.js';

/**
 * The token-derived readiness proof (contract.md section 1):
 * hex(HMAC-SHA256(key = bearer, message = contract "\nreadiness\n" app_build "\n" sidecar_build "\n" port)).
 * Shared by the sidecar (which answers it on /health) and the paired launcher (which recomputes it).
 */
export function readinessProof(bearer: string, appBuild: string, sidecarBuild: string, port: number): string {
  const message = `${API_CONTRACT}\nreadiness\n${appBuild}\n${sidecarBuild}\n${port}`;
  return createHmac('sha256', Buffer.from(bearer, 'utf8')).update(message, 'utf8').digest('hex');
}
