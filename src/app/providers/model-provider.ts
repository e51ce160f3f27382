import type { ProviderId } from '../../contract/providers.js';
import type { PinnedEndpoint } from './preflight.js';

/**
 * The one interface chat needs from a model provider: a streaming generation over a pinned
 * endpoint. Infra implements it once per wire format (Ollama NDJSON, OpenAI-compatible SSE,
 * Anthropic Messages SSE). The app layer never sees a socket, a status line or upstream text.
 */

export interface GenerationMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface GenerationRequest {
  readonly providerId: ProviderId;
  readonly model: string;
  /** Where to connect: the preflight's pinned numeric address, name for TLS and leaf-key pin. */
  readonly endpoint: PinnedEndpoint;
  /** The credential value for this one execution, or null; it never leaves the adapter. */
  readonly credential: string | null;
  /** The fixed system instruction. */
  readonly system: string;
  readonly messages: readonly GenerationMessage[];
  readonly maxOutputTokens: number;
  readonly temperature: number;
  /** Output characters accepted; more ends the generation with finish reason `length`. */
  readonly maxOutputCharacters: number;
  /** Cancels the generation; the adapter destroys the upstream socket at once. */
  readonly signal: AbortSignal;
}

/**
 * How the provider ended a complete answer: `stop` (its own end), `length` (an output bound: the
 * provider's token bound or ours), `context_window` (the model's context filled up).
 */
export type FinishReason = 'stop' | 'length' | 'context_window';

/**
 * The terminal outcome of a generation that the provider ended with its own end marker:
 * `completed` (finish reason `stop`), `truncated` (finish reason `length` or `context_window`),
 * `refused` (the provider declined: its text is not an answer and is never kept). A generation
 * that ends any other way is a ProviderFailure, never one of these.
 */
export type GenerationOutcome = 'completed' | 'truncated' | 'refused';

/** Tokens as the provider reported them for one generation; null for a count it did not report. */
export interface TokenUsage {
  readonly input: number | null;
  readonly output: number | null;
}

export interface GenerationResult {
  readonly outcome: GenerationOutcome;
  readonly finishReason: FinishReason;
  /** Provider requests made for this generation (1 plus safe retries). */
  readonly attempts: number;
  /** The provider's own token counts, when its answer carried them (absent otherwise). */
  readonly usage?: TokenUsage;
}

/** Sanitized failure codes; the provider's own text is never kept. */
export type ProviderFailureCode =
  | 'PROVIDER_UNAVAILABLE'
  | 'PROVIDER_FAILED'
  | 'PROVIDER_TIMEOUT'
  | 'PROVIDER_ANSWER_INCOMPLETE'
  | 'PROVIDER_CONTEXT_EXCEEDED'
  | 'PROVIDER_MODEL_NOT_FOUND'
  | 'PROVIDER_AUTH_REJECTED'
  | 'PROVIDER_RATE_LIMITED'
  | 'PROVIDER_ENDPOINT_MISMATCH';

/** A sanitized detail of a failure: only values the service itself chose (never upstream text). */
export interface ProviderFailureDetail {
  readonly name: string;
  readonly value: string | number | boolean | null;
}

/**
 * A failed generation. `outputStarted` tells whether text already reached the sink (then it is
 * never retried). `cancelled` marks an abort through the request's signal.
 */
export class ProviderFailure extends Error {
  constructor(
    readonly code: ProviderFailureCode,
    readonly outputStarted: boolean,
    readonly retryable: boolean,
    readonly cancelled = false,
    readonly details: readonly ProviderFailureDetail[] = [],
    readonly remediation: string | null = null,
  ) {
    super(code);
    this.name = 'ProviderFailure';
  }

  /** The same failure seen from a later point (output started, cancelled). */
  with(changes: { readonly outputStarted?: boolean; readonly retryable?: boolean; readonly cancelled?: boolean }): ProviderFailure {
    return new ProviderFailure(
      this.code,
      changes.outputStarted ?? this.outputStarted,
      changes.retryable ?? this.retryable,
      changes.cancelled ?? this.cancelled,
      this.details,
      this.remediation,
    );
  }
}

export interface GenerationSink {
  /** Called synchronously for each piece of output text, in order; never with an empty string. */
  text(piece: string): void;
}

export interface ChatProvider {
  /** Streams one generation into the sink; resolves on a clean end, rejects with ProviderFailure. */
  generate(request: GenerationRequest, sink: GenerationSink): Promise<GenerationResult>;
}

/** Adapters by provider id; the composition builds it. */
export type ChatProviders = Readonly<Record<ProviderId, ChatProvider>>;
