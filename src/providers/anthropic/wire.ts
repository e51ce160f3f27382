import type { EventSourceMessage } from 'eventsource-parser';
import type { FinishReason, GenerationRequest } from '../../app/providers/model-provider.js';
import { CHAT_LIMITS } from '../../contract/limits.js';
import { linearBackoff } from '../../infra/providers/retry-policy.js';
import type { UpstreamCall } from '../../infra/providers/upstream-http.js';
import { ANTHROPIC, ANTHROPIC_VERSION } from './catalogue.js';
import { SseReading, type SseVerdict } from '../../infra/providers/sse-reading.js';
import { member, parseUpstreamJson, type OutputGate, type WireFormat, type WireReading } from '../../infra/providers/wire-chat-provider.js';

/**
 * Anthropic Messages streaming (research section 2.3): named events; text arrives in
 * `content_block_delta` events whose delta is `text_delta`; `message_delta` carries the stop
 * reason; `message_stop` ends the answer; `event: error` is a failure; `ping` and unknown events
 * are ignored.
 */
export const ANTHROPIC_WIRE: WireFormat = {
  providerId: ANTHROPIC.id,
  // 529 and the in-stream `overloaded_error` are the same condition (Anthropic's errors page).
  retry: {
    retryStatuses: [408, 409, 429, 500, 502, 503, 504, 529],
    retryInStreamTypes: ['overloaded_error', 'api_error'],
    retryConnectionFailures: true,
    maxRetries: CHAT_LIMITS.safeRetries,
    backoffMs: linearBackoff,
  },
  modelMissingRemediation: null,
  request(generation: GenerationRequest): UpstreamCall {
    const headers: Record<string, string> = { accept: 'text/event-stream', 'anthropic-version': ANTHROPIC_VERSION };
    if (generation.credential !== null) headers['x-api-key'] = generation.credential;
    return {
      endpoint: generation.endpoint,
      path: '/v1/messages',
      headers,
      body: JSON.stringify({
        model: generation.model,
        system: generation.system,
        messages: generation.messages.map((m) => ({ role: m.role, content: m.content })),
        max_tokens: generation.maxOutputTokens,
        temperature: generation.temperature,
        stream: true,
      }),
    };
  },
  read(output: OutputGate, model: string): WireReading {
    return new MessagesReading(output, ANTHROPIC_WIRE, model);
  },
};

/**
 * Anthropic's stop reasons: `max_tokens` and `model_context_window_exceeded` are truncation,
 * `refusal` a refusal (Anthropic's guidance: drop the refused turn); `end_turn`, `stop_sequence`,
 * `tool_use`, `pause_turn` and unknown future reasons end the answer.
 */
function stopOf(reason: string): { readonly finish: FinishReason; readonly refused: boolean } {
  if (reason === 'max_tokens') return { finish: 'length', refused: false };
  if (reason === 'model_context_window_exceeded') return { finish: 'context_window', refused: false };
  if (reason === 'refusal') return { finish: 'stop', refused: true };
  return { finish: 'stop', refused: false };
}

class MessagesReading extends SseReading {
  protected event(event: EventSourceMessage): SseVerdict {
    switch (event.event) {
      case 'error':
        throw this.streamError(parseUpstreamJson(event.data, this.output), this.output);
      case 'content_block_delta': {
        const delta = member(parseUpstreamJson(event.data, this.output), 'delta');
        const text = member(delta, 'text');
        if (member(delta, 'type') === 'text_delta' && typeof text === 'string' && !this.output.push(text)) return 'done';
        return 'more';
      }
      case 'message_start': {
        // The input tokens are known at the start; `message_delta` carries the output tokens so far.
        const usage = member(member(parseUpstreamJson(event.data, this.output), 'message'), 'usage');
        this.reportTokens(member(usage, 'input_tokens'), member(usage, 'output_tokens'));
        return 'more';
      }
      case 'message_delta': {
        const data = parseUpstreamJson(event.data, this.output);
        this.reportTokens(undefined, member(member(data, 'usage'), 'output_tokens'));
        const reason = member(member(data, 'delta'), 'stop_reason');
        if (typeof reason === 'string') {
          const { finish, refused } = stopOf(reason);
          this.finish = finish;
          this.refused = refused;
        }
        return 'more';
      }
      case 'message_stop':
        return 'done';
      default:
        return 'more';
    }
  }
}
