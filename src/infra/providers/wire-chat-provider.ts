import type { ProviderId } from '../../contract/providers.js';
import {
  ProviderFailure,
  type ChatProvider,
  type FinishReason,
  type GenerationOutcome,
  type GenerationRequest,
  type GenerationResult,
  type GenerationSink,
  type TokenUsage,
} from '../../app/providers/model-provider.js';
import { codePoints, isHighSurrogate } from '../../contract/code-points.js';
import { readUpstreamError, REMEDIATIONS, upstreamFailure, type FailureRules } from './provider-errors.js';
import { SYSTEM_RETRY_CLOCK, type RetryClock } from './retry-policy.js';
import { postStreaming, type GenerationTimeouts, type ProviderTransportOptions, type UpstreamCall, type UpstreamReader } from './upstream-http.js';

/** The first `limit` code points of `text`, never splitting a surrogate pair. */
function takeCharacters(text: string, limit: number): string {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (count === limit) return text.slice(0, i);
    const unit = text.charCodeAt(i);
    if (isHighSurrogate(unit) && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return text;
}

/**
 * The output of one generation across its attempts: forwards text to the sink, remembers whether
 * any text went out (then no retry is ever made) and enforces the output character bound.
 */
export class OutputGate {
  private characters = 0;
  private started = false;
  private cut = false;

  constructor(
    private readonly sink: GenerationSink,
    private readonly maxCharacters: number,
  ) {}

  get hasOutput(): boolean {
    return this.started;
  }

  get truncated(): boolean {
    return this.cut;
  }

  /** Forwards text; answers false once the bound cut it (the generation must stop). */
  push(text: string): boolean {
    if (this.cut) return false;
    if (text.length === 0) return true;
    const room = this.maxCharacters - this.characters;
    const count = codePoints(text);
    if (count <= room) {
      this.emit(text);
      this.characters += count;
      return true;
    }
    this.emit(takeCharacters(text, room));
    this.characters = this.maxCharacters;
    this.cut = true;
    return false;
  }

  private emit(piece: string): void {
    if (piece.length === 0) return;
    this.started = true;
    this.sink.text(piece);
  }
}

/** One reading of one upstream answer in a wire format. */
export interface WireReading extends UpstreamReader {
  /** How the answer ended; valid after the body completed. Throws when it lacked the provider's finish reason. */
  result(output: OutputGate): { readonly outcome: GenerationOutcome; readonly finishReason: FinishReason };
  /** The token counts the answer reported, if any. */
  usage(): TokenUsage | undefined;
}

/**
 * A provider's wire side (src/providers/<id>/wire.ts): the request it sends, how it reads the
 * streamed answer (text, usage, finish reason, refusal, in-stream errors) and its failure rules.
 */
export interface WireFormat extends FailureRules {
  readonly providerId: ProviderId;
  request(generation: GenerationRequest): UpstreamCall;
  read(output: OutputGate, model: string): WireReading;
}

/** A malformed upstream answer: never retried once output began, its text never kept. */
export function brokenAnswer(output: OutputGate, retryable = false): ProviderFailure {
  return new ProviderFailure('PROVIDER_FAILED', output.hasOutput, retryable, false, [], REMEDIATIONS.PROVIDER_FAILED);
}

/** An answer that ended without the provider's end marker or finish reason: failed, never completed. */
export function incompleteAnswer(output: OutputGate): ProviderFailure {
  return new ProviderFailure('PROVIDER_ANSWER_INCOMPLETE', output.hasOutput, !output.hasOutput, false, [], REMEDIATIONS.PROVIDER_ANSWER_INCOMPLETE);
}

/**
 * What every wire reading shares: the finish reason and refusal the format saw, the outcome they
 * make, and the classification of error answers and in-stream errors (provider-errors.ts).
 */
export abstract class AnswerEnd {
  protected finish: FinishReason | null = null;
  protected refused = false;
  private inputTokens: number | null = null;
  private outputTokens: number | null = null;

  constructor(
    private readonly rules: FailureRules,
    readonly model: string,
  ) {}

  result(output: OutputGate): { readonly outcome: GenerationOutcome; readonly finishReason: FinishReason } {
    if (this.refused) return { outcome: 'refused', finishReason: this.finish ?? 'stop' };
    if (output.truncated) return { outcome: 'truncated', finishReason: 'length' };
    if (this.finish === null) throw incompleteAnswer(output);
    return { outcome: this.finish === 'stop' ? 'completed' : 'truncated', finishReason: this.finish };
  }

  usage(): TokenUsage | undefined {
    return this.inputTokens === null && this.outputTokens === null ? undefined : { input: this.inputTokens, output: this.outputTokens };
  }

  /** Records the counts a usage report of the answer carried (a count that is not a whole number is ignored). */
  protected reportTokens(input: unknown, output: unknown): void {
    if (Number.isSafeInteger(input) && typeof input === 'number' && input >= 0) this.inputTokens = input;
    if (Number.isSafeInteger(output) && typeof output === 'number' && output >= 0) this.outputTokens = output;
  }

  errorAnswer(status: number, body: Buffer, outputStarted: boolean): ProviderFailure {
    return upstreamFailure(this.rules, this.model, readUpstreamError(status, body.toString('utf8')), outputStarted);
  }

  /** An in-stream error object (already parsed) as a failure. */
  protected streamError(error: unknown, output: OutputGate): ProviderFailure {
    return upstreamFailure(this.rules, this.model, readUpstreamError(null, error), output.hasOutput);
  }
}

/** JSON.parse for upstream text: any parse failure is a broken answer. */
export function parseUpstreamJson(text: string, output: OutputGate): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    throw brokenAnswer(output);
  }
}

/** A property of an upstream JSON value, or undefined; never trusts the shape. */
export function member(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? Reflect.get(value, key) : undefined;
}

/** Strict UTF-8 decoding of a complete byte sequence; invalid bytes are a broken answer. */
export function decodeUtf8(bytes: Uint8Array, output: OutputGate): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw brokenAnswer(output);
  }
}

/**
 * A ChatProvider over one wire format. Safe retries follow the provider's one declared policy
 * (its wire.ts): only while no output went out, within the run deadline, on the injected
 * clock; a cancel, a timeout or any failure after output ends the generation at once.
 */
export class WireChatProvider implements ChatProvider {
  constructor(
    private readonly format: WireFormat,
    private readonly transport: ProviderTransportOptions,
    private readonly timeouts: GenerationTimeouts,
    private readonly clock: RetryClock = SYSTEM_RETRY_CLOCK,
  ) {}

  async generate(request: GenerationRequest, sink: GenerationSink): Promise<GenerationResult> {
    const policy = this.format.retry;
    const runDeadline = this.clock.now() + this.timeouts.runTimeoutMs;
    const output = new OutputGate(sink, request.maxOutputCharacters);
    const call = this.format.request(request);
    for (let attempt = 1; ; attempt++) {
      const reading = this.format.read(output, request.model);
      try {
        await postStreaming(
          this.transport,
          call,
          reading,
          request.signal,
          { runDeadline, idleTimeoutMs: this.timeouts.idleTimeoutMs, clock: this.clock },
          () => output.hasOutput,
        );
        const { outcome, finishReason } = reading.result(output);
        const usage = reading.usage();
        return { outcome, finishReason, attempts: attempt, ...(usage === undefined ? {} : { usage }) };
      } catch (error) {
        const failure = error instanceof ProviderFailure ? error : new ProviderFailure('PROVIDER_FAILED', output.hasOutput, false);
        const pauseMs = policy.backoffMs(attempt);
        const again =
          !failure.cancelled &&
          failure.retryable &&
          !output.hasOutput &&
          attempt <= policy.maxRetries &&
          !request.signal.aborted &&
          this.clock.now() + pauseMs < runDeadline;
        if (!again) throw failure.with({ outputStarted: output.hasOutput, cancelled: failure.cancelled || request.signal.aborted });
        await this.clock.sleep(pauseMs, request.signal);
      }
    }
  }
}
