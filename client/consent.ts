import type { ApiClient, Schemas } from './api-client.js';
import { answerOf } from './answer.js';
import type { ProvidersClient } from './providers.js';

export type ConsentPreviewRequest = Schemas['ConsentPreviewRequest'];
export type ConsentPreview = Schemas['ConsentPreviewResponse'];
export type ConsentBudget = Schemas['ConsentBudget'];
export type ConsentResponse = Schemas['ConsentResponse'];
export type ConsentSummary = Schemas['ConsentSummary'];

/**
 * Consent to send data to a provider: preview first (the exact scope, with a made-up sample of each
 * data class in the shape it leaves the machine), then create exactly what was previewed, by its digest.
 */
export class ConsentClient {
  constructor(
    private readonly api: ApiClient,
    private readonly providers: ProvidersClient,
  ) {}

  /** The scope the service would record, its digest, and a sample of each data class as it would be sent. */
  preview(request: ConsentPreviewRequest, signal?: AbortSignal): Promise<ConsentPreview> {
    return answerOf('ConsentPreviewResponse', this.api.POST('/api/v1/consents/preview', { body: request, signal }), 'POST /api/v1/consents/preview');
  }

  /** Records the previewed consent (its budget included) at the preview's revision; a changed scope or revision is refused. */
  create(preview: ConsentPreview, signal?: AbortSignal): Promise<ConsentResponse> {
    const body = { expected_revision: preview.consent_revision, digest: preview.digest, scope: preview.scope };
    return answerOf('ConsentResponse', this.api.POST('/api/v1/consents', { body, signal }), 'POST /api/v1/consents');
  }

  revoke(name: string, signal?: AbortSignal): Promise<ConsentResponse> {
    const call = this.api.POST('/api/v1/consents/{name}/revoke', { params: { path: { name } }, signal });
    return answerOf('ConsentResponse', call, 'POST /api/v1/consents/{name}/revoke');
  }

  /** A consent's state and usage (runs, characters and tokens used, what its budget still allows), or null when there is none of that name. */
  async usage(name: string, signal?: AbortSignal): Promise<ConsentSummary | null> {
    return (await this.providers.list(signal)).consents.find((consent) => consent.name === name) ?? null;
  }
}
