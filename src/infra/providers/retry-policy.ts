import { CHAT_LIMITS } from '../../contract/limits.js';
import type { ProviderId } from '../../contract/providers.js';
import { sleepUnlessAborted } from '../../app/providers/ports.js';

/**
 * The one retry policy of each provider (docs/providers.md, "Retries"). A retry is made only while
 * no output went out, never after a cancel, and only within the run deadline; every retry waits
 * `backoffMs(attempt)` on the injected clock.
 */
export interface RetryPolicy {
  /** HTTP statuses answered before any output that are retried. */
  readonly retryStatuses: readonly number[];
  /** In-stream error types (lower case) that are retried when they arrive before any output. */
  readonly retryInStreamTypes: readonly string[];
  /** A connection refused or reset before an answer, and a body that ended before any output. */
  readonly retryConnectionFailures: boolean;
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  /** Pause before retry `attempt` (1 = the first retry). */
  backoffMs(attempt: number): number;
}

/** Linear backoff: 250 ms, 500 ms (CHAT_LIMITS.retryBackoffMs times the retry number). */
function linear(attempt: number): number {
  return CHAT_LIMITS.retryBackoffMs * attempt;
}

export const RETRY_POLICIES: Readonly<Record<ProviderId, RetryPolicy>> = {
  // Ollama's 500 means the model failed (to load, or to run): retrying repeats the same failure.
  ollama: { retryStatuses: [429, 502, 503, 504], retryInStreamTypes: [], retryConnectionFailures: true, maxRetries: CHAT_LIMITS.safeRetries, backoffMs: linear },
  // llama.cpp answers 503 `unavailable_error` while a model loads; 500 is its context or server error.
  openai_compatible: {
    retryStatuses: [429, 502, 503, 504],
    retryInStreamTypes: ['unavailable_error'],
    retryConnectionFailures: true,
    maxRetries: CHAT_LIMITS.safeRetries,
    backoffMs: linear,
  },
  // As the official SDK: 408, 409, 429 and 5xx (openai-node `shouldRetry`).
  openai: { retryStatuses: [408, 409, 429, 500, 502, 503, 504], retryInStreamTypes: ['server_error'], retryConnectionFailures: true, maxRetries: CHAT_LIMITS.safeRetries, backoffMs: linear },
  // 529 and the in-stream `overloaded_error` are the same condition (Anthropic's errors page).
  anthropic: {
    retryStatuses: [408, 409, 429, 500, 502, 503, 504, 529],
    retryInStreamTypes: ['overloaded_error', 'api_error'],
    retryConnectionFailures: true,
    maxRetries: CHAT_LIMITS.safeRetries,
    backoffMs: linear,
  },
};

/** Time of the provider wire clients (retry pauses, run deadline, idle bound): injected so tests never wait for real. */
export interface RetryClock {
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Calls `fire` once after `ms` unless the returned cancel is called first. */
  after(ms: number, fire: () => void): () => void;
}

export const SYSTEM_RETRY_CLOCK: RetryClock = {
  now: () => Date.now(),
  after: (ms, fire) => {
    const timer = setTimeout(fire, ms);
    return () => clearTimeout(timer);
  },
  sleep: sleepUnlessAborted,
};
