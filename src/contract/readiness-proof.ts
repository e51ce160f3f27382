import { createHmac } from 'node:crypto';
import { API_CONTRACT } from './api-version.js';

/**
 * The token-derived readiness proof (contract.md section 1):
 * hex(HMAC-SHA256(key = bearer, message = contract "\nreadiness\n" app_build "\n" sidecar_build "\n" port)).
 * The one source of the proof: the sidecar answers it on /health, and `npm run contract` generates the
 * paired launcher's copy (client/generated/readiness-proof.ts) from this file. Imports only node:crypto
 * and the contract identifier, which the client has in its generated constants.
 */
export function readinessProof(bearer: string, appBuild: string, sidecarBuild: string, port: number): string {
  const message = `${API_CONTRACT}\nreadiness\n${appBuild}\n${sidecarBuild}\n${port}`;
  return createHmac('sha256', Buffer.from(bearer, 'utf8')).update(message, 'utf8').digest('hex');
}
