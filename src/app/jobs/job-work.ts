/**
 * The port between a job and the work it runs elsewhere (a worker thread, another process):
 * how progress is reported and how cancellation is signalled back.
 */

/** Thrown by `JobContext.safePoint()` once cancellation was requested; the job ends `cancelled`. */
export class JobCancelledError extends Error {
  constructor() {
    super('job cancelled at a safe point');
    this.name = 'JobCancelledError';
  }
}

export interface ProgressReport {
  readonly completed: number;
  readonly total?: number | null;
  readonly stage?: string | null;
  /** Estimated milliseconds left in the stage, when known. */
  readonly etaMs?: number | null;
}
