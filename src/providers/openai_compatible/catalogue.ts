import { STREAMING_TEXT_CAPABILITIES, type ProviderCatalogueEntry } from '../../contract/provider-entry.js';
import { isOpenAiError, isOpenAiModelList, OPENAI_LIST_OPENING } from '../openai/catalogue.js';

/**
 * A local server speaking OpenAI's API (llama.cpp server, LM Studio, vLLM, Ollama `/v1`). Its test
 * path `GET {base}/models` answers the same list as OpenAI's; a key is optional.
 */
export const OPENAI_COMPATIBLE = {
  id: 'openai_compatible',
  kind: 'local',
  displayName: 'OpenAI-compatible local server (llama.cpp, LM Studio, vLLM)',
  defaultEndpoint: 'http://127.0.0.1:8080/v1',
  probe: {
    path: '/models',
    headers: [],
    isListing: isOpenAiModelList,
    cutListingOpening: OPENAI_LIST_OPENING,
    isAuthError: isOpenAiError,
    remediations: {
      not_provider_api:
        "The endpoint answered, but not as this provider's API: check the base path (OpenAI-compatible servers usually serve /v1) and that the server on this port is the kind of provider chosen.",
    },
  },
  credential: { reference: 'openai_compatible.api_key', environment: 'OPENAI_COMPATIBLE_API_KEY', required: false },
  capabilities: STREAMING_TEXT_CAPABILITIES,
} as const satisfies ProviderCatalogueEntry;
