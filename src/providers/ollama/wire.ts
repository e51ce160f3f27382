import { CHAT_LIMITS } from '../../contract/limits.js';
import type { GenerationRequest } from '../../app/providers/model-provider.js';
import type { FailureRules } from '../../infra/providers/provider-errors.js';
import type { UpstreamCall } from '../../infra/providers/upstream-http.js';
import { linearBackoff } from '../../infra/providers/retry-policy.js';
import { OLLAMA } from './catalogue.js';
import {
  AnswerEnd,
  brokenAnswer,
  decodeUtf8,
  incompleteAnswer,
  member,
  parseUpstreamJson,
  type OutputGate,
  type WireFormat,
  type WireReading,
} from '../../infra/providers/wire-chat-provider.js';

/**
 * Ollama's native `/api/chat` (research section 2.1): NDJSON, one object per line; text in
 * `message.content`; the last object has `"done": true` and `done_reason` (`stop` or `length`);
 * an `{"error": ...}` line is a failure even though the status stays 200.
 */
export const OLLAMA_WIRE: WireFormat = {
  providerId: OLLAMA.id,
  // Ollama's 500 means the model failed (to load, or to run): retrying repeats the same failure.
  retry: {
    retryStatuses: [429, 502, 503, 504],
    retryInStreamTypes: [],
    retryConnectionFailures: true,
    maxRetries: CHAT_LIMITS.safeRetries,
    backoffMs: linearBackoff,
  },
  modelMissingRemediation: (model) => `The model "${model}" is not available on this Ollama server: run "ollama pull ${model}" and try again.`,
  request(generation: GenerationRequest): UpstreamCall {
    return {
      endpoint: generation.endpoint,
      path: '/api/chat',
      headers: { accept: 'application/x-ndjson' },
      body: JSON.stringify({
        model: generation.model,
        messages: [{ role: 'system', content: generation.system }, ...generation.messages.map((m) => ({ role: m.role, content: m.content }))],
        stream: true,
        options: { temperature: generation.temperature, num_predict: generation.maxOutputTokens },
      }),
    };
  },
  read(output: OutputGate, model: string): WireReading {
    return new NdjsonReading(output, OLLAMA_WIRE, model);
  },
};

class NdjsonReading extends AnswerEnd implements WireReading {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly output: OutputGate,
    rules: FailureRules,
    model: string,
  ) {
    super(rules, model);
  }

  chunk(bytes: Buffer): boolean {
    let start = 0;
    for (;;) {
      const newline = bytes.indexOf(0x0a, start);
      if (newline === -1) break;
      const line = this.pendingBytes === 0 ? bytes.subarray(start, newline) : Buffer.concat([...this.pending, bytes.subarray(start, newline)]);
      this.pending = [];
      this.pendingBytes = 0;
      start = newline + 1;
      if (this.line(line)) return true;
    }
    if (start < bytes.length) {
      this.pendingBytes += bytes.length - start;
      if (this.pendingBytes > CHAT_LIMITS.maxUpstreamFrameBytes) throw brokenAnswer(this.output);
      this.pending.push(Buffer.from(bytes.subarray(start)));
    }
    return false;
  }

  end(): void {
    if (this.pendingBytes > 0) {
      const last = Buffer.concat(this.pending);
      this.pending = [];
      this.pendingBytes = 0;
      if (this.line(last)) return;
    }
    // The body ended without a `done` object: the answer is incomplete.
    throw incompleteAnswer(this.output);
  }

  /** One NDJSON record; answers true when the answer is complete. */
  private line(bytes: Buffer): boolean {
    const text = decodeUtf8(bytes, this.output).trim();
    if (text.length === 0) return false;
    const record = parseUpstreamJson(text, this.output);
    if (member(record, 'error') !== undefined) throw this.streamError(record, this.output);
    const content = member(member(record, 'message'), 'content');
    if (content !== undefined && typeof content !== 'string') throw brokenAnswer(this.output);
    if (typeof content === 'string' && !this.output.push(content)) return true;
    const done = member(record, 'done');
    if (done === true) {
      // `done_reason` is `stop` or `length` (older servers send none: the done object itself ends the answer).
      this.finish = member(record, 'done_reason') === 'length' ? 'length' : 'stop';
      // The final object counts the prompt's and the answer's tokens.
      this.reportTokens(member(record, 'prompt_eval_count'), member(record, 'eval_count'));
      return true;
    }
    if (done !== false && done !== undefined) throw brokenAnswer(this.output);
    return false;
  }
}
