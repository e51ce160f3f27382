import type { ChatProviders, GenerationRequest } from '../../app/providers/model-provider.js';
import type { AdvisoryGenerator, AdvisoryText } from '../../app/gedcom/advisory.js';
import type { ExecutionBinding } from '../../app/providers/preflight.js';
import type { ProviderCredentialReference } from '../../contract/providers.js';
import { GEDCOM_LIMITS } from '../../contract/limits.js';

/** The advisory review over the chat wire clients, on the endpoint the preflight pinned. */
export class ProviderAdvisoryGenerator implements AdvisoryGenerator {
  constructor(
    private readonly providers: ChatProviders,
    private readonly credentials: { resolve(reference: ProviderCredentialReference): Promise<string | null> },
    private readonly temperature: () => number,
    private readonly wirePayload: (generation: Omit<GenerationRequest, 'credential' | 'signal'>) => string,
  ) {}

  /** What the review's request carries besides credential and signal: one place for `generate` and `payload`. */
  private generation(binding: ExecutionBinding, system: string, prompt: string): Omit<GenerationRequest, 'credential' | 'signal'> {
    return {
      providerId: binding.providerId,
      model: binding.model,
      endpoint: binding.endpoint,
      system,
      messages: [{ role: 'user', content: prompt }],
      maxOutputTokens: GEDCOM_LIMITS.advisoryOutputTokens,
      temperature: this.temperature(),
      maxOutputCharacters: GEDCOM_LIMITS.advisoryOutputCharacters,
    };
  }

  payload(binding: ExecutionBinding, system: string, prompt: string): string {
    return this.wirePayload(this.generation(binding, system, prompt));
  }

  /** The review text and its outcome; a failure is the wire client's ProviderFailure, which the service maps. */
  async generate(binding: ExecutionBinding, system: string, prompt: string, signal: AbortSignal): Promise<AdvisoryText> {
    const credential = binding.credentialReference === null ? null : await this.credentials.resolve(binding.credentialReference);
    let text = '';
    const result = await this.providers[binding.providerId].generate(
      { ...this.generation(binding, system, prompt), credential, signal },
      { text: (piece) => (text += piece) },
    );
    return {
      text: result.outcome === 'refused' ? '' : text,
      outcome: result.outcome,
      finishReason: result.finishReason,
      ...(result.usage === undefined ? {} : { usage: result.usage }),
    };
  }
}
