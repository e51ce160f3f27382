import type { ApiClient, Schemas } from './api-client.js';
import { answerOf } from './answer.js';

export type SecretStatus = Schemas['SecretStatusResponse'];

/**
 * Credentials by reference (e.g. `providers.openai.api_key`): stored in the OS keyring by the
 * sidecar, never read back. Each call answers only the reference's status (present, missing, unavailable).
 */
export class SecretsClient {
  constructor(private readonly api: ApiClient) {}

  /** Stores `value` under `reference`; the value goes into the request body only, never a URL or a log. */
  set(reference: string, value: string, signal?: AbortSignal): Promise<SecretStatus> {
    const call = this.api.POST('/api/v1/secrets/{reference}/set', { params: { path: { reference } }, body: { value }, signal });
    return answerOf('SecretStatusResponse', call, 'POST /api/v1/secrets/{reference}/set');
  }

  delete(reference: string, signal?: AbortSignal): Promise<SecretStatus> {
    const call = this.api.POST('/api/v1/secrets/{reference}/delete', { params: { path: { reference } }, signal });
    return answerOf('SecretStatusResponse', call, 'POST /api/v1/secrets/{reference}/delete');
  }

  status(reference: string, signal?: AbortSignal): Promise<SecretStatus> {
    const call = this.api.GET('/api/v1/secrets/{reference}/status', { params: { path: { reference } }, signal });
    return answerOf('SecretStatusResponse', call, 'GET /api/v1/secrets/{reference}/status');
  }
}
