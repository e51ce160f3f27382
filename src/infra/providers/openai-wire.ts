import type { EventSourceMessage } from 'eventsource-parser';
import { ProviderFailure, type GenerationRequest } from '../../app/chat/chat-provider.js';
import type { UpstreamCall } from './upstream-http.js';
import { SseReading, type SseVerdict } from './sse-reading.js';
import { member, parseUpstreamJson, type OutputGate, type WireFormat, type WireReading } from './wire-chat-provider.js';

/**
 * OpenAI chat completions with `stream: true` (research section 2.2), as OpenAI and the
 * OpenAI-compatible local servers (llama.cpp server, LM Studio, vLLM) speak it: `data:` events of
 * `chat.completion.chunk`, text in `choices[0].delta.content`, `finish_reason` on the last chunk,
 * then `data: [DONE]`. A `data:` object with `error` is a failure (vLLM, mid-stream).
 */
export function openAiWire(flavour: 'openai' | 'openai_compatible'): WireFormat {
  return {
    request(generation: GenerationRequest): UpstreamCall {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (generation.credential !== null) headers.authorization = `Bearer ${generation.credential}`;
      const tokens = flavour === 'openai' ? { max_completion_tokens: generation.maxOutputTokens } : { max_tokens: generation.maxOutputTokens };
      return {
        endpoint: generation.endpoint,
        path: '/chat/completions',
        headers,
        body: JSON.stringify({
          model: generation.model,
          messages: [{ role: 'system', content: generation.system }, ...generation.messages.map((m) => ({ role: m.role, content: m.content }))],
          stream: true,
          temperature: generation.temperature,
          ...tokens,
        }),
      };
    },
    read(output: OutputGate): WireReading {
      return new ChatCompletionReading(output);
    },
  };
}

class ChatCompletionReading extends SseReading {
  private finished = false;

  protected event(event: EventSourceMessage): SseVerdict {
    if (event.event !== undefined && event.event !== 'message') {
      if (event.event === 'error') throw new ProviderFailure('PROVIDER_FAILED', this.output.hasOutput, false);
      return 'more';
    }
    const data = event.data.trim();
    if (data === '[DONE]') return 'done';
    if (data.length === 0) return 'more';
    const chunk = parseUpstreamJson(data, this.output);
    if (member(chunk, 'error') !== undefined) throw new ProviderFailure('PROVIDER_FAILED', this.output.hasOutput, false);
    const choices = member(chunk, 'choices');
    if (!Array.isArray(choices)) return 'more';
    const first: unknown = choices[0];
    const content = member(member(first, 'delta'), 'content');
    if (typeof content === 'string' && !this.output.push(content)) return 'done';
    const reason = member(first, 'finish_reason');
    if (typeof reason === 'string') {
      this.finished = true;
      this.reason = reason === 'length' ? 'length' : 'stop';
    }
    return 'more';
  }

  /** Some servers (ik_llama.cpp) omit `[DONE]`: a body that ended after a finish reason is complete. */
  protected override endedWithoutMarker(): boolean {
    return this.finished;
  }
}
