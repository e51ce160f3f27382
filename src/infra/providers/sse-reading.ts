import { createParser, type EventSourceMessage, type EventSourceParser, type ParseError } from 'eventsource-parser';
import { CHAT_LIMITS } from '../../contract/limits.js';
import type { ProviderFailure } from '../../app/providers/model-provider.js';
import type { FailureRules } from './provider-errors.js';
import { AnswerEnd, brokenAnswer, incompleteAnswer, type OutputGate, type WireReading } from './wire-chat-provider.js';

/** What one SSE wire format does with each event: `done` ends the answer, `more` reads on. */
export type SseVerdict = 'more' | 'done';

/**
 * The SSE side of a wire format: bytes decoded as UTF-8 across chunk boundaries (a character
 * split between reads is joined, invalid bytes fail), framed by eventsource-parser with a buffer
 * bound; comments (keep-alives) are skipped. Unknown fields (llama.cpp's `error:` before late
 * 2025) reach the format through `field`, which may fail the answer.
 */
export abstract class SseReading extends AnswerEnd implements WireReading {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  private readonly parser: EventSourceParser;
  private complete = false;
  private failure: unknown = null;

  constructor(
    protected readonly output: OutputGate,
    rules: FailureRules,
    model: string,
  ) {
    super(rules, model);
    this.parser = createParser({
      maxBufferSize: CHAT_LIMITS.maxUpstreamFrameBytes,
      onEvent: (event) => this.dispatch(event),
      onError: (error: ParseError) => {
        if (error.type === 'max-buffer-size-exceeded') this.failure ??= brokenAnswer(this.output);
        else if (error.type === 'unknown-field' && error.field !== undefined && !this.complete && this.failure === null) {
          const failure = this.field(error.field, error.value ?? '');
          if (failure !== null) this.failure = failure;
        }
      },
    });
  }

  /** A field other than `event`, `data`, `id` and `retry`: a failure to report, or null to ignore it. */
  protected field(_name: string, _value: string): ProviderFailure | null {
    return null;
  }

  chunk(bytes: Buffer): boolean {
    let text: string;
    try {
      text = this.decoder.decode(bytes, { stream: true });
    } catch {
      throw brokenAnswer(this.output);
    }
    if (text.length > 0) this.parser.feed(text);
    if (this.failure !== null) throw this.failure;
    return this.complete;
  }

  end(): void {
    try {
      const rest = this.decoder.decode();
      if (rest.length > 0) this.parser.feed(rest);
    } catch {
      throw brokenAnswer(this.output);
    }
    // A last event without its blank line still counts (some servers end that way).
    this.parser.feed('\n\n');
    if (this.failure !== null) throw this.failure;
    if (this.complete || this.endedWithoutMarker()) return;
    throw incompleteAnswer(this.output);
  }

  /** The format's reading of one event. It may throw a ProviderFailure. */
  protected abstract event(event: EventSourceMessage): SseVerdict;

  /** Whether a body that ended without the end marker is still a complete answer. */
  protected endedWithoutMarker(): boolean {
    return false;
  }

  private dispatch(event: EventSourceMessage): void {
    if (this.complete || this.failure !== null) return;
    try {
      if (this.event(event) === 'done') this.complete = true;
    } catch (error) {
      this.failure = error;
    }
  }
}
