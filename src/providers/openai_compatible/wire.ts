import { CHAT_LIMITS } from '../../contract/limits.js';
import { linearBackoff } from '../../infra/providers/retry-policy.js';
import { chatCompletionsWire } from '../openai/chat-completions.js';
import { OPENAI_COMPATIBLE } from './catalogue.js';

/** OpenAI's chat completions stream as local servers speak it; they read the token bound from `max_tokens`. */
export const OPENAI_COMPATIBLE_WIRE = chatCompletionsWire({
  providerId: OPENAI_COMPATIBLE.id,
  maxTokensField: 'max_tokens',
  // llama.cpp answers 503 `unavailable_error` while a model loads; 500 is its context or server error.
  retry: {
    retryStatuses: [429, 502, 503, 504],
    retryInStreamTypes: ['unavailable_error'],
    retryConnectionFailures: true,
    maxRetries: CHAT_LIMITS.safeRetries,
    backoffMs: linearBackoff,
  },
});
