import { createHmac } from 'node:crypto';
import { API_CONTRACT } from './generated/contract-constants.js';

/**
 * The token-derived readiness proof (contract.md section 1), recomputed by the launcher:
 * hex(HMAC-SHA256(key = bearer, message = contract "\nreadiness\n" app_build "\n" sidecar_build "\n" port)).
 * The sidecar computes the same in src/contract/readiness-proof.ts; a test keeps the two equal.
 */
export function readinessProof(bearer: string, appBuild: string, sidecarBuild: string, port: number): string {
  const message = `${API_CONTRACT}\nreadiness\n${appBuild}\n${sidecarBuild}\n${port}`;
  return createHmac('sha256', Buffer.from(bearer, 'utf8')).update(message, 'utf8').digest('hex');
}
