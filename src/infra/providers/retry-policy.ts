import { CHAT_LIMITS } from '../../contract/limits.js';
import { sleepUnlessAborted } from '../../app/providers/ports.js';

/**
 * The shape of a provider's one retry policy (docs/providers.md, "Retries"; each provider declares
 * its own in src/providers/<id>/wire.ts). A retry is made only while
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
export function linearBackoff(attempt: number): number {
  return CHAT_LIMITS.retryBackoffMs * attempt;
}

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
