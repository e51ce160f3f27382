import { JOB_LIMITS } from '../../contract/limits.js';
import type { ActiveWorkCounts, ShutdownPreflightResponse } from '../../contract/jobs.js';
import { ServiceError } from '../service-error.js';
import { sleepUnlessAborted } from '../providers/ports.js';

/** What one kind of work reports to the shutdown preflight. */
export interface ActiveWork {
  readonly active: number;
  /** Of the active ones, those whose cancellation waits for a safe point. */
  readonly pendingCancellation: number;
}

/**
 * A source of work the main process must not quit under: jobs, and chat streams once they
 * exist. `onChange` lets the preflight wake as soon as the count may have dropped.
 */
export interface ActiveWorkSource {
  /** Stable short name, e.g. `jobs` or `chat_streams`; used in the answer and error details. */
  readonly name: string;
  activeWork(): ActiveWork;
  onChange(listener: () => void): () => void;
}

export interface PreflightClock {
  now(): number;
  /** Resolves after `ms`, or earlier when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

const SYSTEM_PREFLIGHT_CLOCK: PreflightClock = {
  now: () => performance.now(),
  sleep: sleepUnlessAborted,
};

const MAX_SOURCES = 16;

/**
 * The safe-quit preflight (spec section 4): waits up to a bounded interval for every registered
 * source to go idle, answers ready when nothing is active, and otherwise fails closed with
 * SHUTDOWN_BLOCKED_ACTIVE_WORK and the counts. It changes no state and ignores degraded startup.
 */
export class ShutdownPreflight {
  private readonly sources: ActiveWorkSource[] = [];

  constructor(private readonly clock: PreflightClock = SYSTEM_PREFLIGHT_CLOCK) {}

  register(source: ActiveWorkSource): void {
    if (this.sources.length >= MAX_SOURCES) throw new Error('too many active-work sources');
    if (this.sources.some((existing) => existing.name === source.name)) throw new Error(`active-work source registered twice: ${source.name}`);
    this.sources.push(source);
  }

  counts(): ActiveWorkCounts[] {
    return this.sources.map((source) => {
      const work = source.activeWork();
      return { source: source.name, active: work.active, pending_cancellation: work.pendingCancellation };
    });
  }

  async run(requestedWaitMs: number | undefined): Promise<ShutdownPreflightResponse> {
    const bound = JOB_LIMITS.shutdownPreflightMaxWaitMs;
    const waitMs = Math.max(0, Math.min(bound, requestedWaitMs ?? bound));
    const started = this.clock.now();
    for (;;) {
      const counts = this.counts();
      const waited = Math.max(0, Math.round(this.clock.now() - started));
      if (counts.every((count) => count.active === 0)) {
        return { schema_version: 1, status: 'ready', waited_ms: waited, sources: counts };
      }
      const remaining = waitMs - (this.clock.now() - started);
      if (remaining <= 0) throw blocked(counts);
      const wake = new AbortController();
      const unsubscribe = this.sources.map((source) => source.onChange(() => wake.abort()));
      try {
        await this.clock.sleep(remaining, wake.signal);
      } finally {
        for (const stop of unsubscribe) stop();
      }
    }
  }
}

function blocked(counts: readonly ActiveWorkCounts[]): ServiceError {
  const details = counts.flatMap((count) => [
    { name: `${count.source}.active`, value: count.active },
    { name: `${count.source}.pending_cancellation`, value: count.pending_cancellation },
  ]);
  return new ServiceError('SHUTDOWN_BLOCKED_ACTIVE_WORK', details, 'Cancel or finish the active work, then retry the preflight.');
}
