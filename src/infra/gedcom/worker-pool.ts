import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { GEDCOM_OPERATION_TABLE } from '../../contract/gedcom-operations.js';
import type { GedcomStageName } from '../../contract/gedcom-stages.js';
import { GEDCOM_WORKER_LIMITS } from '../../contract/limits.js';
import type { GedcomExecutor, GedcomWorkOrder, GedcomWorkOutcome, GedcomWorkWatch } from '../../app/gedcom/gedcom-executor.js';
import type { EventLog } from '../../app/event-log.js';
import { JobCancelledError, type ProgressReport } from '../../app/jobs/job-work.js';
import { GedcomTaskError, WorkerPoolFullError } from '../../app/adapter-errors.js';
import type { FileArtifactRegistry, OutputReservation } from '../artifacts/file-artifact-registry.js';
import { CONTROL, workerMessageOf, type TaskCheckpoint, type WorkerMessage, type WorkerTask } from './worker-protocol.js';

/** Where a worker's code comes from: its loader next to the sidecar bundle (dist/gedcom-worker.js, which evaluates the bundle with its V8 code cache). */
export type WorkerScript = { readonly kind: 'file'; readonly path: string };

/** What the test composition may arm for one task: a checkpoint, and a lower heap ceiling. */
export interface TaskHooks {
  readonly checkpoint: TaskCheckpoint | null;
  readonly maxOldGenerationMb: number | null;
}

/** Test composition only: makes the next task stop at a stage (held until released), fail there on purpose, or run with a small heap. */
export interface GedcomCheckpoints {
  /** The hooks of the task starting now, consumed; null for none. */
  next(): TaskHooks | null;
  /** A task holds at its checkpoint until `release` is called (a cancel also ends the hold); `ended` resolves when its worker stopped. */
  held(release: () => void, ended: Promise<void>): void;
}

interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface GedcomWorkerPoolOptions {
  readonly script: WorkerScript;
  readonly size: number;
  readonly maxOldGenerationMb: number;
  readonly artifacts: FileArtifactRegistry;
  readonly checkpoints: GedcomCheckpoints | null;
  /** Milliseconds, monotonic enough for rates (progress ETA). */
  readonly now: () => number;
  readonly timers: Timers;
  readonly log: EventLog;
}

/** Available parallelism minus one (the main thread keeps a core), at least one, at most the named limit. */
export function defaultPoolSize(parallelism: number = availableParallelism()): number {
  return Math.max(1, Math.min(GEDCOM_WORKER_LIMITS.maxWorkers, parallelism - 1));
}

type ResultMessage = Extract<WorkerMessage, { type: 'result' }>;

interface StageClock {
  stage: GedcomStageName | null;
  startedAt: number;
  reports: number;
}

/**
 * The GEDCOM worker pool: every operation runs in its own worker thread (a fresh one per task, so
 * a task's heap goes back to the system when it ends and no fault outlives its task), at most
 * `size` at a time. The worker reads its inputs and writes its output itself; the pool moves only
 * locations, digests, progress and the bounded result. A cancel sets the shared cancel flag that
 * the engine checks at every step, and terminates the worker if it has not stopped within
 * `cancelGraceMs`. Out-of-memory, a stack overflow, the time ceiling, any uncaught error or an exit
 * fails that task with a catalogued code.
 */
export class GedcomWorkerPool implements GedcomExecutor {
  readonly capacity: number;
  private readonly live = new Set<Worker>();
  /** Clean-ups of tasks that have not finished yet (their workers stopped, reservations removed). */
  private readonly settling = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: GedcomWorkerPoolOptions) {
    this.capacity = Math.max(1, Math.min(GEDCOM_WORKER_LIMITS.maxWorkers, options.size));
  }

  async run(order: GedcomWorkOrder, watch: GedcomWorkWatch): Promise<GedcomWorkOutcome> {
    if (this.closed || watch.signal.aborted) throw new JobCancelledError();
    if (this.live.size >= this.capacity) throw new WorkerPoolFullError();
    const { artifacts } = this.options;
    const inputs = await Promise.all(order.inputs.map((artifact) => artifacts.locate(artifact)));
    const request: Readonly<Record<string, unknown>> = order.request;
    const writes = GEDCOM_OPERATION_TABLE[order.operation].writesOutput && request.dry_run !== true;
    const reservation: OutputReservation | null = writes ? await artifacts.reserveOutput() : null;
    const hooks = this.options.checkpoints?.next() ?? null;
    const task: WorkerTask = {
      operation: order.operation,
      request: order.request,
      inputs,
      outputPath: reservation?.tempPath ?? null,
      exportVersion: order.exportVersion,
      nowMs: order.nowMs,
      livingThresholdYears: order.livingThresholdYears,
      advisoryItems: order.advisoryItems,
      checkpoint: hooks?.checkpoint ?? null,
    };
    let adopted = false;
    let produced = false;
    const execution = this.execute(task, watch, hooks?.maxOldGenerationMb ?? this.options.maxOldGenerationMb);
    // Once the thread has stopped, what it may still have written is removed: a worker terminated
    // late can create its output after the clean-up in `finally` below. A produced output is left
    // to its adoption (or to that clean-up, when the adoption fails).
    const cleaned = execution.exited
      .then(async () => {
        if (reservation !== null && !produced) await artifacts.releaseOutput(reservation);
      })
      .catch(() => undefined);
    this.settling.add(cleaned);
    void cleaned.then(() => this.settling.delete(cleaned));
    try {
      const result = await execution.result;
      if (watch.signal.aborted) throw new JobCancelledError();
      produced = true;
      let output = null;
      if (reservation !== null && result.output !== null) {
        output = await artifacts.adoptOutput(reservation, result.output);
        adopted = true;
      }
      return { section: result.section, output, prompt: result.prompt };
    } finally {
      // The job ends now, not when its thread is gone: a cancel is answered within the grace period
      // even when the terminated thread takes longer to stop (it counts against no slot meanwhile).
      if (reservation !== null && !adopted) await artifacts.releaseOutput(reservation);
    }
  }

  /** Stops every worker now and waits until no task leaves a temporary file behind. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.live].map((worker) => worker.terminate()));
    await Promise.allSettled([...this.settling]);
  }

  private spawn(maxOldGenerationMb: number): Worker {
    const { script } = this.options;
    const resourceLimits = { maxOldGenerationSizeMb: maxOldGenerationMb, stackSizeMb: GEDCOM_WORKER_LIMITS.stackMb };
    // stdout and stderr piped and discarded: nothing a worker prints reaches the sidecar's own streams
    const settings = { resourceLimits, stdout: true, stderr: true };
    const worker = new Worker(script.path, settings);
    worker.stdout.resume();
    worker.stderr.resume();
    return worker;
  }

  private execute(task: WorkerTask, watch: GedcomWorkWatch, maxOldGenerationMb: number): { result: Promise<ResultMessage>; exited: Promise<void> } {
    const { timers, log } = this.options;
    const control = new SharedArrayBuffer(CONTROL.slots * Int32Array.BYTES_PER_ELEMENT);
    const flags = new Int32Array(control);
    const worker = this.spawn(maxOldGenerationMb);
    this.live.add(worker);
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const clock: StageClock = { stage: null, startedAt: 0, reports: 0 };
    const result = new Promise<ResultMessage>((resolve, reject) => {
      let settled = false;
      let grace: unknown = null;
      const ceiling = timers.setTimeout(() => fail('GEDCOM_RESOURCE_LIMIT'), GEDCOM_WORKER_LIMITS.operationTimeoutMs);
      const settle = (then: () => void): void => {
        if (settled) return;
        settled = true;
        timers.clearTimeout(ceiling);
        if (grace !== null) timers.clearTimeout(grace);
        watch.signal.removeEventListener('abort', cancel);
        this.live.delete(worker);
        void worker.terminate();
        then();
      };
      const fail = (code: 'GEDCOM_RESOURCE_LIMIT' | 'GEDCOM_WORKER_FAILED' | WorkerFailure): void =>
        settle(() => {
          if (watch.signal.aborted) {
            reject(new JobCancelledError());
          } else {
            log.event('gedcom.worker_failed', { operation: task.operation, code });
            reject(new GedcomTaskError(code));
          }
        });
      const cancel = (): void => {
        Atomics.store(flags, CONTROL.cancel, 1);
        Atomics.store(flags, CONTROL.gate, 2);
        Atomics.notify(flags, CONTROL.gate);
        grace = timers.setTimeout(() => settle(() => reject(new JobCancelledError())), GEDCOM_WORKER_LIMITS.cancelGraceMs);
      };
      watch.signal.addEventListener('abort', cancel, { once: true });
      // a cancel that came while the task was being prepared (grants located, output reserved)
      if (watch.signal.aborted) cancel();
      worker.on('message', (raw: unknown) => {
        const message = workerMessageOf(raw);
        if (message === null) return fail('GEDCOM_WORKER_FAILED');
        switch (message.type) {
          case 'progress': {
            const report = this.progressOf(clock, message);
            if (report !== null && !settled) watch.progress(report);
            return;
          }
          case 'held':
            this.options.checkpoints?.held(() => {
              Atomics.store(flags, CONTROL.gate, 1);
              Atomics.notify(flags, CONTROL.gate);
            }, exited);
            return;
          case 'result':
            return settle(() => resolve(message));
          case 'cancelled':
            return settle(() => reject(new JobCancelledError()));
          case 'failed':
            return fail(message.code);
        }
      });
      worker.on('error', (error: unknown) => {
        const code =
          typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? 'GEDCOM_RESOURCE_LIMIT'
            : 'GEDCOM_WORKER_FAILED';
        fail(code);
      });
      worker.on('exit', () => fail('GEDCOM_WORKER_FAILED'));
      worker.postMessage({ type: 'run', task, control });
    });
    return { result, exited };
  }

  /**
   * A worker's progress as the job reports it: stage changes always; within a stage at most
   * `progressEventsPerJob` reports in all (the worker already coalesced them in time), with the
   * estimated time left once the stage has run long enough to have a rate.
   */
  private progressOf(clock: StageClock, message: Extract<WorkerMessage, { type: 'progress' }>): ProgressReport | null {
    const now = this.options.now();
    if (message.stage !== clock.stage) {
      clock.stage = message.stage;
      clock.startedAt = now;
    } else if (clock.reports >= GEDCOM_WORKER_LIMITS.progressEventsPerJob) {
      return null;
    } else {
      clock.reports++;
    }
    const elapsed = now - clock.startedAt;
    const total = message.total;
    const etaMs =
      total !== null && message.done > 0 && message.done <= total && elapsed >= GEDCOM_WORKER_LIMITS.progressIntervalMs
        ? (elapsed * (total - message.done)) / message.done
        : null;
    return { completed: message.done, total, stage: message.stage, etaMs };
  }
}

type WorkerFailure = Extract<WorkerMessage, { type: 'failed' }>['code'];
