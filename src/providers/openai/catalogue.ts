import { STREAMING_TEXT_CAPABILITIES, type AnswerObject, type ProviderCatalogueEntry } from '../../contract/provider-entry.js';

/**
 * OpenAI's shapes, which the OpenAI-compatible local servers share: the model list of
 * `GET {base}/models` (`{"object":"list","data":[…]}`; llama.cpp, vLLM, LM Studio and Ollama `/v1`
 * answer the same) and the error object `{"error":{…}}`.
 */
export const isOpenAiModelList = (answer: AnswerObject): boolean => Array.isArray(answer.data) && (answer.object === undefined || answer.object === 'list');
export const isOpenAiError = (answer: AnswerObject): boolean => typeof answer.error === 'object' && answer.error !== null;
/** How a model list cut at the answer bound opens. */
export const OPENAI_LIST_OPENING = /^\s*\{[\s\S]*"data"\s*:\s*\[/;

/**
 * OpenAI, a cloud provider at its one reviewed URL. Its test path `GET {base}/models` answers
 * `{"object":"list","data":[…]}` (openai-node `Models.list` pages `data`), and without a key 401 in
 * its error shape `{"error":{…}}`.
 */
export const OPENAI = {
  id: 'openai',
  kind: 'cloud',
  displayName: 'OpenAI',
  defaultEndpoint: 'https://api.openai.com/v1',
  probe: {
    path: '/models',
    headers: [],
    isListing: isOpenAiModelList,
    cutListingOpening: OPENAI_LIST_OPENING,
    isAuthError: isOpenAiError,
    remediations: {},
  },
  credential: { reference: 'openai.api_key', environment: 'OPENAI_API_KEY', required: true },
  capabilities: STREAMING_TEXT_CAPABILITIES,
} as const satisfies ProviderCatalogueEntry;
