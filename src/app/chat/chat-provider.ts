import type { ProviderId } from '../../contract/providers.js';
import type { PinnedEndpoint } from '../providers/preflight.js';

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

export type FinishReason = 'stop' | 'length';

export interface GenerationResult {
  readonly finishReason: FinishReason;
  /** Provider requests made for this generation (1 plus safe retries). */
  readonly attempts: number;
}

/** Sanitized failure codes; the provider's own text is never kept. */
export type ProviderFailureCode = 'PROVIDER_UNAVAILABLE' | 'PROVIDER_FAILED' | 'PROVIDER_TIMEOUT';

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
  ) {
    super(code);
    this.name = 'ProviderFailure';
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
