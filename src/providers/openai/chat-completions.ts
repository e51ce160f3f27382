import type { EventSourceMessage } from 'eventsource-parser';
import type { FinishReason, GenerationRequest, ProviderFailure } from '../../app/providers/model-provider.js';
import type { ProviderId } from '../../contract/providers.js';
import type { RetryPolicy } from '../../infra/providers/retry-policy.js';
import type { UpstreamCall } from '../../infra/providers/upstream-http.js';
import { SseReading, type SseVerdict } from '../../infra/providers/sse-reading.js';
import {
  brokenAnswer,
  incompleteAnswer,
  member,
  parseUpstreamJson,
  type OutputGate,
  type WireFormat,
  type WireReading,
} from '../../infra/providers/wire-chat-provider.js';

/**
 * OpenAI chat completions with `stream: true` (research section 2.2), as OpenAI and the
 * OpenAI-compatible local servers (llama.cpp server, LM Studio, vLLM, Ollama `/v1`) speak it:
 * `data:` events of `chat.completion.chunk`, text in `choices[0].delta.content`, a refusal in
 * `choices[0].delta.refusal`, `finish_reason` on the last choice chunk, then `data: [DONE]`.
 * Failures: a `data:` object with `error` (vLLM, current llama.cpp), `event: error`, and the
 * non-standard `error:` field of llama.cpp servers built before late 2025 (followed by `[DONE]`).
 */
export function chatCompletionsWire(options: {
  readonly providerId: ProviderId;
  /** The request field bounding the answer's tokens: OpenAI's current `max_completion_tokens`, or `max_tokens` that local servers read. */
  readonly maxTokensField: 'max_completion_tokens' | 'max_tokens';
  readonly retry: RetryPolicy;
}): WireFormat {
  const format: WireFormat = {
    providerId: options.providerId,
    retry: options.retry,
    modelMissingRemediation: null,
    request(generation: GenerationRequest): UpstreamCall {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (generation.credential !== null) headers.authorization = `Bearer ${generation.credential}`;
      return {
        endpoint: generation.endpoint,
        path: '/chat/completions',
        headers,
        body: JSON.stringify({
          model: generation.model,
          messages: [{ role: 'system', content: generation.system }, ...generation.messages.map((m) => ({ role: m.role, content: m.content }))],
          stream: true,
          temperature: generation.temperature,
          [options.maxTokensField]: generation.maxOutputTokens,
        }),
      };
    },
    read(output: OutputGate, model: string): WireReading {
      return new ChatCompletionReading(output, format, model);
    },
  };
  return format;
}

/** OpenAI's finish reasons: `length` is truncation, `content_filter` a refusal; the rest end the answer. */
function finishOf(reason: string): { readonly finish: FinishReason; readonly refused: boolean } {
  if (reason === 'length') return { finish: 'length', refused: false };
  if (reason === 'content_filter') return { finish: 'stop', refused: true };
  return { finish: 'stop', refused: false };
}

class ChatCompletionReading extends SseReading {
  protected event(event: EventSourceMessage): SseVerdict {
    if (event.event !== undefined && event.event !== 'message') {
      if (event.event === 'error') throw this.streamError(parseUpstreamJson(event.data, this.output), this.output);
      return 'more';
    }
    const data = event.data.trim();
    if (data === '[DONE]') {
      // `[DONE]` without any finish reason is a broken answer (llama.cpp after an `error:` field).
      if (this.finish === null && !this.output.truncated) throw incompleteAnswer(this.output);
      return 'done';
    }
    if (data.length === 0) return 'more';
    const chunk = parseUpstreamJson(data, this.output);
    const error = member(chunk, 'error');
    if (error !== undefined && error !== null) throw this.streamError(chunk, this.output);
    // A server that reports usage sends it in a chunk of its own (with `choices: []`) before `[DONE]`.
    const usage = member(chunk, 'usage');
    if (usage !== undefined && usage !== null) this.reportTokens(member(usage, 'prompt_tokens'), member(usage, 'completion_tokens'));
    const choices = member(chunk, 'choices');
    if (!Array.isArray(choices)) return 'more';
    const first: unknown = choices[0];
    const delta = member(first, 'delta');
    const refusal = member(delta, 'refusal');
    if (typeof refusal === 'string' && refusal.length > 0) this.refused = true;
    const content = member(delta, 'content');
    if (typeof content === 'string' && !this.refused && !this.output.push(content)) return 'done';
    const reason = member(first, 'finish_reason');
    if (typeof reason === 'string') {
      const { finish, refused } = finishOf(reason);
      this.finish = finish;
      if (refused) this.refused = true;
    }
    return 'more';
  }

  /** llama.cpp before late 2025: `error: {"code":400,"message":…}` as its own SSE field. */
  protected override field(name: string, value: string): ProviderFailure | null {
    if (name !== 'error') return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return brokenAnswer(this.output);
    }
    return this.streamError({ error: parsed }, this.output);
  }

  /** Some servers (ik_llama.cpp) omit `[DONE]`: a body that ended after a finish reason is complete. */
  protected override endedWithoutMarker(): boolean {
    return this.finish !== null;
  }
}
