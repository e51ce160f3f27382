import { CHAT_LIMITS } from '../../contract/limits.js';
import {
  ProviderFailure,
  type ChatProvider,
  type FinishReason,
  type GenerationRequest,
  type GenerationResult,
  type GenerationSink,
} from '../../app/chat/chat-provider.js';
import { postStreaming, type GenerationTimeouts, type ProviderTransportOptions, type UpstreamCall, type UpstreamReader } from './upstream-http.js';

/** Characters as the schemas count them: Unicode code points (a surrogate pair is one). */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff || i === 0 || !isHighSurrogate(text.charCodeAt(i - 1))) count++;
  }
  return count;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/** The first `limit` code points of `text`, never splitting a surrogate pair. */
export function takeCharacters(text: string, limit: number): string {
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
    const count = characterCount(text);
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
  /** How the provider said the answer ended; valid after a complete answer. */
  finishReason(): FinishReason;
}

/** A provider wire format: the request it sends and how it reads the streamed answer. */
export interface WireFormat {
  request(generation: GenerationRequest): UpstreamCall;
  read(output: OutputGate): WireReading;
}

/** A malformed or failing upstream answer: never retried once output began, its text never kept. */
export function brokenAnswer(output: OutputGate, retryable = false): ProviderFailure {
  return new ProviderFailure('PROVIDER_FAILED', output.hasOutput, retryable);
}

/** JSON.parse for upstream text: any parse failure is a broken answer. */
export function parseUpstreamJson(text: string, output: OutputGate): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw brokenAnswer(output);
  }
}

/** A property of an upstream JSON value, or undefined; never trusts the shape. */
export function member(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** Strict UTF-8 decoding of a complete byte sequence; invalid bytes are a broken answer. */
export function decodeUtf8(bytes: Uint8Array, output: OutputGate): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw brokenAnswer(output);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * A ChatProvider over one wire format. Safe retries happen only while no output went out, for
 * connection failures, overload statuses and disconnects before the first text, within the run
 * deadline; a cancel, a timeout or any failure after output ends the generation at once.
 */
export class WireChatProvider implements ChatProvider {
  constructor(
    private readonly format: WireFormat,
    private readonly transport: ProviderTransportOptions,
    private readonly timeouts: GenerationTimeouts,
  ) {}

  async generate(request: GenerationRequest, sink: GenerationSink): Promise<GenerationResult> {
    const runDeadline = Date.now() + this.timeouts.runTimeoutMs;
    const output = new OutputGate(sink, request.maxOutputCharacters);
    const call = this.format.request(request);
    for (let attempt = 1; ; attempt++) {
      const reading = this.format.read(output);
      try {
        await postStreaming(this.transport, call, reading, request.signal, { runDeadline, idleTimeoutMs: this.timeouts.idleTimeoutMs }, () => output.hasOutput);
        return { finishReason: output.truncated ? 'length' : reading.finishReason(), attempts: attempt };
      } catch (error) {
        const failure = error instanceof ProviderFailure ? error : new ProviderFailure('PROVIDER_FAILED', output.hasOutput, false);
        const again =
          !failure.cancelled &&
          failure.retryable &&
          !output.hasOutput &&
          attempt <= CHAT_LIMITS.safeRetries &&
          !request.signal.aborted &&
          Date.now() + CHAT_LIMITS.retryBackoffMs * attempt < runDeadline;
        if (!again) throw new ProviderFailure(failure.code, output.hasOutput, failure.retryable, failure.cancelled || request.signal.aborted);
        await pause(CHAT_LIMITS.retryBackoffMs * attempt, request.signal);
      }
    }
  }
}
