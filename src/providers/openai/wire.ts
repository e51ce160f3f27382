import { CHAT_LIMITS } from '../../contract/limits.js';
import { linearBackoff } from '../../infra/providers/retry-policy.js';
import { OPENAI } from './catalogue.js';
import { chatCompletionsWire } from './chat-completions.js';

/** OpenAI's chat completions stream; its token bound is `max_completion_tokens` (the older `max_tokens` is deprecated there). */
export const OPENAI_WIRE = chatCompletionsWire({
  providerId: OPENAI.id,
  maxTokensField: 'max_completion_tokens',
  // As the official SDK: 408, 409, 429 and 5xx (openai-node `shouldRetry`).
  retry: {
    retryStatuses: [408, 409, 429, 500, 502, 503, 504],
    retryInStreamTypes: ['server_error'],
    retryConnectionFailures: true,
    maxRetries: CHAT_LIMITS.safeRetries,
    backoffMs: linearBackoff,
  },
});
