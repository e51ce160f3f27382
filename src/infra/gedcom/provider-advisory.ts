import type { ChatProviders } from '../../app/chat/chat-provider.js';
import { ProviderFailure } from '../../app/chat/chat-provider.js';
import type { AdvisoryGenerator } from '../../app/gedcom/advisory.js';
import type { ExecutionBinding } from '../../app/providers/preflight.js';
import { ServiceError } from '../../app/service-error.js';
import type { ProviderCredentialReference } from '../../contract/providers.js';
import { GEDCOM_LIMITS } from '../../contract/limits.js';

/** The advisory review over the chat wire clients, on the endpoint the preflight pinned. */
export class ProviderAdvisoryGenerator implements AdvisoryGenerator {
  constructor(
    private readonly providers: ChatProviders,
    private readonly credentials: { resolve(reference: ProviderCredentialReference): Promise<string | null> },
    private readonly temperature: () => number,
  ) {}

  async generate(binding: ExecutionBinding, system: string, prompt: string, signal: AbortSignal): Promise<string> {
    const credential = binding.credentialReference === null ? null : await this.credentials.resolve(binding.credentialReference);
    let text = '';
    try {
      await this.providers[binding.providerId].generate(
        {
          providerId: binding.providerId,
          model: binding.model,
          endpoint: binding.endpoint,
          credential,
          system,
          messages: [{ role: 'user', content: prompt }],
          maxOutputTokens: GEDCOM_LIMITS.advisoryOutputTokens,
          temperature: this.temperature(),
          maxOutputCharacters: GEDCOM_LIMITS.advisoryOutputCharacters,
          signal,
        },
        { text: (piece) => (text += piece) },
      );
    } catch (error) {
      if (error instanceof ProviderFailure) throw new ServiceError(error.code);
      throw error;
    }
    return text;
  }
}
