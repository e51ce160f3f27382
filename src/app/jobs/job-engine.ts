import { ERROR_CATALOGUE } from '../../contract/error-codes.js';
import {
  ARTIFACT_GRANT_PATTERN,
  isTerminalState,
  JOB_KIND_PATTERN,
  type JobArtifactReference,
  type JobCancelResponse,
  type JobError,
  type JobEvent,
  type JobEventKind,
  type JobProgress,
  type JobSnapshot,
  type JobSnapshotPage,
  type TerminalJobState,
} from '../../contract/jobs.js';
import { JOB_LIMITS, PAGINATION } from '../../contract/limits.js';
import type { EventLog } from '../event-log.js';
import { serviceErrorOf } from '../adapter-failures.js';
import { ServiceError } from '../service-error.js';
import type { StartupGate } from '../startup/startup-gate.js';
import type { ActiveWork, ActiveWorkSource } from './active-work.js';
import { ReplayBuffer } from '../replay-buffer.js';
import { EventSubscription } from './event-subscription.js';
import { JobCancelledError, type ProgressReport } from './job-work.js';
import type { JobLedger, JobRecord } from './job-ledger.js';
import type { PageCursorCodec } from './page-cursor.js';

/** What a running job handler sees of its job. */
export interface JobContext {
  readonly jobId: string;
  /** Aborted when cancellation is requested or the process shuts down. */
  readonly signal: AbortSignal;
  progress(report: ProgressReport): void;
  artifact(reference: JobArtifactReference): void;
  /** A cancellation-safe point: throws JobCancelledError when cancellation was requested. */
  safePoint(): void;
}

export interface JobResult {
  /** Whether the job produced a result its producer can hand out. */
  readonly resultProduced: boolean;
}

/**
 * The work of one job kind. It reports progress and artifacts through the context and checks
 * for cancellation at its safe points; resolving means success, throwing a ServiceError means
 * failure with that code, any other throw fails with INTERNAL_FAILURE.
 */
export type JobHandler<I> = (input: I, context: JobContext) => Promise<JobResult>;

/** Held by an in-process producer (e.g. the GEDCOM adapter): the only way a job is created. */
export interface JobSubmitter<I> {
  readonly kind: string;
  submit(input: I): JobSnapshot;
}

/** The read side the HTTP routes use; no operation admits work. */
export interface JobLifecycle {
  list(cursor: string | null, limit: number | undefined): JobSnapshotPage;
  get(jobId: string): JobSnapshot;
  cancel(jobId: string): JobCancelResponse;
  subscribe(jobId: string, lastEventId: number | null): JobEventStream;
}

/** A subscription with the facts an event-stream writer needs. */
export interface JobEventStream {
  readonly subscription: EventSubscription<JobEvent>;
}

export interface JobEngineDependencies {
  readonly ledger: JobLedger;
  readonly cursors: PageCursorCodec;
  readonly startup: StartupGate;
  readonly log: EventLog;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
  /** A fresh `job_` + 32 hex identifier. */
  readonly newJobId: () => string;
  /**
   * False while the durable ledger (the encrypted database) is not open: its jobs are unknown then,
   * so reading, cancelling or following one answers 409 STARTUP_DEGRADED (as settings GET), never an
   * empty list or JOB_NOT_FOUND. Default true.
   */
  readonly ledgerOpen?: boolean;
}

interface KindEntry {
  readonly handler: JobHandler<never>;
}

/**
 * Jobs of the kinds sharing a lane run at most `capacity` at a time (e.g. the GEDCOM kinds share
 * the worker pool's size); further jobs of the lane stay `queued` while other lanes' jobs start.
 */
export interface JobLane {
  readonly name: string;
  readonly capacity: number;
}

const DEFAULT_LANE: JobLane = { name: 'default', capacity: JOB_LIMITS.maxRunningJobs };

interface LiveJob {
  record: JobRecord;
  readonly history: ReplayBuffer<JobEvent>;
  readonly subscribers: Set<EventSubscription<JobEvent>>;
  readonly controller: AbortController;
  readonly lane: JobLane;
  /** Starts the handler; null once started or when the job never runs. */
  launch: (() => void) | null;
}

const STAGE_PATTERN = /^[a-z][a-z0-9_.-]*$/;
const ARTIFACT_GRANT = new RegExp(ARTIFACT_GRANT_PATTERN);
const JOB_KIND = new RegExp(JOB_KIND_PATTERN);

function boundedCount(value: number): number {
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

function sanitizeProgress(report: ProgressReport): JobProgress {
  const stage = report.stage ?? null;
  return {
    completed: boundedCount(report.completed),
    total: report.total === null || report.total === undefined ? null : boundedCount(report.total),
    stage: stage !== null && stage.length <= 64 && STAGE_PATTERN.test(stage) ? stage : null,
    eta_ms: report.etaMs === null || report.etaMs === undefined ? null : boundedCount(Math.round(report.etaMs)),
  };
}

function jobErrorOf(error: unknown): JobError {
  const code = serviceErrorOf(error)?.code ?? 'INTERNAL_FAILURE';
  return { code, message: ERROR_CATALOGUE[code].message };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The job engine: runs registered job kinds under a bounded queue, records every transition in
 * the durable ledger before publishing its event, keeps a bounded event history per job and
 * fans events out to bounded subscriber queues that never block it. Every job ends in exactly
 * one terminal outcome: succeeded, failed, cancelled, or interrupted (by shutdown, or by startup
 * reconciliation after a crash).
 */
export class JobEngine implements JobLifecycle, ActiveWorkSource {
  readonly name = 'jobs';
  private readonly kinds = new Map<string, KindEntry>();
  /** Non-terminal jobs of this process, plus the newest terminal ones (for replay). */
  private readonly live = new Map<string, LiveJob>();
  /** Terminal jobs still in `live`, oldest first; bounded by retainedTerminalHistories. */
  private readonly retainedTerminal: string[] = [];
  private readonly queue: LiveJob[] = [];
  private running = 0;
  private readonly runningByLane = new Map<string, number>();
  private stopped = false;
  private started = false;
  private readonly changeListeners = new Set<() => void>();

  constructor(private readonly deps: JobEngineDependencies) {}

  /**
   * Startup reconciliation: every job a previous process left non-terminal becomes `interrupted`
   * exactly once, with its terminal event, in one ledger transaction. Nothing is re-run.
   */
  start(): number {
    if (this.started) throw new Error('job engine started twice');
    this.started = true;
    const now = this.deps.now();
    const reconciled = this.deps.ledger.nonTerminal().map((record) => {
      const sequence = Math.max(record.sequenceReserved, record.lastSequence) + 1;
      const next: JobRecord = {
        ...record,
        state: 'interrupted',
        updatedAt: now,
        endedAt: now,
        lastSequence: sequence,
        sequenceReserved: sequence,
        resultProduced: false,
        terminalEvent: null,
      };
      return { ...next, terminalEvent: this.eventOf(next, sequence, 'interrupted', now, {}) };
    });
    if (reconciled.length > 0) this.deps.ledger.saveAll(reconciled);
    this.deps.ledger.pruneTerminal(JOB_LIMITS.ledgerRetainedJobs);
    this.deps.log.event('jobs.reconciled', { interrupted: reconciled.length });
    return reconciled.length;
  }

  registerKind<I>(kind: string, handler: JobHandler<I>, lane: JobLane = DEFAULT_LANE): JobSubmitter<I> {
    if (!JOB_KIND.test(kind) || kind.length > 64) throw new Error(`invalid job kind: ${kind}`);
    if (this.kinds.has(kind)) throw new Error(`job kind registered twice: ${kind}`);
    if (!Number.isSafeInteger(lane.capacity) || lane.capacity < 1) throw new Error(`invalid lane capacity: ${lane.name}`);
    this.kinds.set(kind, { handler });
    return { kind, submit: (input: I) => this.submit(kind, handler, input, lane) };
  }

  // ---- read side -------------------------------------------------------------------------

  get(jobId: string): JobSnapshot {
    this.assertLedgerOpen();
    return this.snapshotOf(this.recordOf(jobId));
  }

  list(cursor: string | null, limit: number | undefined): JobSnapshotPage {
    this.assertLedgerOpen();
    const pageSize = Math.max(1, Math.min(PAGINATION.maximumLimit, limit ?? PAGINATION.defaultLimit));
    let beforeOrdinal: number | null = null;
    let served = 0;
    if (cursor !== null) {
      const position = this.deps.cursors.decode(cursor);
      if (position === null || position.served > JOB_LIMITS.maxSnapshots) throw new ServiceError('JOB_CURSOR_INVALID');
      beforeOrdinal = position.beforeOrdinal;
      served = position.served;
    }
    const budget = Math.min(pageSize, JOB_LIMITS.maxSnapshots - served);
    const entries = budget > 0 ? this.deps.ledger.page(beforeOrdinal, budget + 1) : [];
    const shown = entries.slice(0, budget);
    const jobs = shown.map((entry) => this.snapshotOf(this.live.get(entry.record.jobId)?.record ?? entry.record));
    const last = shown[shown.length - 1];
    const more = entries.length > budget && served + shown.length < JOB_LIMITS.maxSnapshots;
    const nextCursor = more && last !== undefined ? this.deps.cursors.encode({ beforeOrdinal: last.ordinal, served: served + shown.length }) : null;
    return { schema_version: 1, jobs, page: { count: jobs.length, next_cursor: nextCursor } };
  }

  cancel(jobId: string): JobCancelResponse {
    this.assertLedgerOpen();
    const job = this.live.get(jobId);
    if (job === undefined) {
      // Not live in this process: it is terminal (reconciliation made sure of that) or unknown.
      return { schema_version: 1, disposition: 'terminal', job: this.snapshotOf(this.recordOf(jobId)) };
    }
    const state = job.record.state;
    if (isTerminalState(state)) return { schema_version: 1, disposition: 'terminal', job: this.snapshotOf(job.record) };
    if (state === 'cancelling') return { schema_version: 1, disposition: 'pending_safe_point', job: this.snapshotOf(job.record) };
    // A cancel is acknowledged only if the ledger can record it.
    this.deps.ledger.assertDurable?.();
    const now = this.deps.now();
    if (state === 'queued') {
      const index = this.queue.indexOf(job);
      if (index !== -1) this.queue.splice(index, 1);
      job.launch = null;
      this.transition(job, { cancelRequested: true }, 'cancel-requested', now, {});
      this.finish(job, 'cancelled', now, null, false);
      return { schema_version: 1, disposition: 'terminal', job: this.snapshotOf(job.record) };
    }
    this.transition(job, { state: 'cancelling', cancelRequested: true }, 'cancel-requested', now, {}, true);
    job.controller.abort(new JobCancelledError());
    this.notifyChange();
    return { schema_version: 1, disposition: 'pending_safe_point', job: this.snapshotOf(job.record) };
  }

  /**
   * Opens an event subscription. `lastEventId` null replays every retained event. An id before
   * the retained window is JOB_EVENT_REPLAY_EXPIRED; one after the latest is JOB_EVENT_CURSOR_INVALID.
   * A terminal job's subscription replays and completes at once, taking no subscriber slot.
   */
  subscribe(jobId: string, lastEventId: number | null): JobEventStream {
    this.assertLedgerOpen();
    const job = this.live.get(jobId);
    let retained: JobEvent[];
    let first: number;
    let last: number;
    if (job !== undefined) {
      first = job.history.firstSequence() ?? 1;
      last = job.history.lastSequence() ?? 0;
      retained = [];
    } else {
      const record = this.recordOf(jobId);
      if (record.terminalEvent === null) throw new ServiceError('JOB_NOT_FOUND');
      retained = [record.terminalEvent];
      first = record.terminalEvent.sequence;
      last = first;
    }
    if (lastEventId !== null) {
      if (lastEventId > last) throw new ServiceError('JOB_EVENT_CURSOR_INVALID', [{ name: 'latest_event_id', value: last }]);
      if (lastEventId < first - 1) {
        throw new ServiceError('JOB_EVENT_REPLAY_EXPIRED', [{ name: 'oldest_retained_event_id', value: first }]);
      }
    }
    const after = lastEventId ?? 0;
    if (job === undefined) {
      const subscription = new EventSubscription<JobEvent>(
        retained.filter((event) => event.sequence > after),
        JOB_LIMITS.subscriberQueueEvents,
        () => undefined,
      );
      subscription.complete();
      return { subscription };
    }
    const replay = job.history.after(after);
    if (isTerminalState(job.record.state)) {
      const subscription = new EventSubscription<JobEvent>(replay, JOB_LIMITS.subscriberQueueEvents, () => undefined);
      subscription.complete();
      return { subscription };
    }
    if (job.subscribers.size >= JOB_LIMITS.subscribersPerJob) {
      throw new ServiceError('JOB_SUBSCRIBER_LIMIT', [{ name: 'max_subscribers', value: JOB_LIMITS.subscribersPerJob }]);
    }
    const subscription = new EventSubscription<JobEvent>(replay, JOB_LIMITS.subscriberQueueEvents, () => job.subscribers.delete(subscription));
    job.subscribers.add(subscription);
    return { subscription };
  }

  /** Live subscribers of a job (for tests and diagnostics). */
  subscriberCount(jobId: string): number {
    return this.live.get(jobId)?.subscribers.size ?? 0;
  }

  // ---- active work and shutdown -----------------------------------------------------------

  activeWork(): ActiveWork {
    let active = 0;
    let pendingCancellation = 0;
    for (const job of this.live.values()) {
      if (isTerminalState(job.record.state)) continue;
      active++;
      if (job.record.state === 'cancelling') pendingCancellation++;
    }
    return { active, pendingCancellation };
  }

  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Graceful shutdown: every non-terminal job ends `interrupted` now; late handler results are ignored. */
  shutdown(): number {
    if (this.stopped) return 0;
    this.stopped = true;
    this.queue.length = 0;
    const now = this.deps.now();
    let interrupted = 0;
    for (const job of [...this.live.values()]) {
      if (isTerminalState(job.record.state)) continue;
      job.launch = null;
      job.controller.abort(new JobCancelledError());
      this.finish(job, 'interrupted', now, null, false);
      interrupted++;
    }
    this.deps.log.event('jobs.shutdown', { interrupted });
    return interrupted;
  }

  // ---- lifecycle internals ----------------------------------------------------------------

  private submit<I>(kind: string, handler: JobHandler<I>, input: I, lane: JobLane): JobSnapshot {
    if (!this.started) throw new Error('job engine not started');
    if (this.stopped) throw new Error('job engine stopped');
    this.deps.startup.assertNotDegraded();
    // A job is acknowledged only if its ledger record would survive a restart.
    this.deps.ledger.assertDurable?.();
    if (this.queue.length >= JOB_LIMITS.maxQueuedJobs) throw new ServiceError('JOB_QUEUE_FULL', [{ name: 'max_queued_jobs', value: JOB_LIMITS.maxQueuedJobs }]);
    const now = this.deps.now();
    const jobId = this.deps.newJobId();
    const record: JobRecord = {
      jobId,
      kind,
      state: 'queued',
      cancelRequested: false,
      createdAt: now,
      startedAt: null,
      updatedAt: now,
      endedAt: null,
      progress: null,
      artifacts: [],
      resultProduced: false,
      error: null,
      lastSequence: 0,
      sequenceReserved: 0,
      terminalEvent: null,
    };
    const job: LiveJob = {
      record,
      history: new ReplayBuffer<JobEvent>({ maxEvents: JOB_LIMITS.retainedEventsPerJob }),
      subscribers: new Set(),
      controller: new AbortController(),
      lane,
      launch: null,
    };
    job.launch = () => this.run(job, handler, input);
    this.live.set(jobId, job);
    this.transition(job, {}, 'queued', now, {}, true);
    this.deps.ledger.pruneTerminal(JOB_LIMITS.ledgerRetainedJobs);
    this.queue.push(job);
    const queued = this.snapshotOf(job.record);
    this.notifyChange();
    this.pump();
    return queued;
  }

  /** Starts queued jobs in submission order, each when both the engine and its lane have a free slot. */
  private pump(): void {
    for (let i = 0; i < this.queue.length && !this.stopped && this.running < JOB_LIMITS.maxRunningJobs;) {
      const job = this.queue[i] as LiveJob; // cast: the loop runs while i < this.queue.length
      if (job.launch === null || isTerminalState(job.record.state)) {
        this.queue.splice(i, 1);
        continue;
      }
      const laneRunning = this.runningByLane.get(job.lane.name) ?? 0;
      if (laneRunning >= job.lane.capacity) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      const launch = job.launch;
      job.launch = null;
      this.running++;
      this.runningByLane.set(job.lane.name, laneRunning + 1);
      launch();
    }
  }

  private run<I>(job: LiveJob, handler: JobHandler<I>, input: I): void {
    const now = this.deps.now();
    this.transition(job, { state: 'running', startedAt: now }, 'started', now, {}, true);
    const context = this.contextOf(job);
    let outcome: Promise<JobResult>;
    try {
      outcome = handler(input, context);
    } catch (error) {
      outcome = Promise.reject(error);
    }
    outcome.then(
      (result) => this.settle(job, 'succeeded', null, result.resultProduced === true),
      (error: unknown) => {
        if (error instanceof JobCancelledError && job.record.cancelRequested) this.settle(job, 'cancelled', null, false);
        else {
          if (serviceErrorOf(error) === null)
            this.deps.log.event('job.handler_failed', { kind: job.record.kind, error: error instanceof Error ? error.name.slice(0, 64) : 'unknown' });
          this.settle(job, 'failed', jobErrorOf(error), false);
        }
      },
    );
  }

  private settle(job: LiveJob, outcome: TerminalJobState, error: JobError | null, resultProduced: boolean): void {
    this.running--;
    this.runningByLane.set(job.lane.name, (this.runningByLane.get(job.lane.name) ?? 1) - 1);
    if (!isTerminalState(job.record.state)) this.finish(job, outcome, this.deps.now(), error, resultProduced);
    this.pump();
  }

  private contextOf(job: LiveJob): JobContext {
    const active = (): boolean => !isTerminalState(job.record.state);
    return {
      jobId: job.record.jobId,
      signal: job.controller.signal,
      progress: (report) => {
        if (!active()) return;
        const progress = sanitizeProgress(report);
        this.transition(job, { progress }, 'progress', this.deps.now(), { progress });
      },
      artifact: (reference) => {
        if (!active()) return;
        if (!ARTIFACT_GRANT.test(reference.grant) || !STAGE_PATTERN.test(reference.role) || reference.role.length > 64) {
          throw new Error('invalid artifact reference');
        }
        if (job.record.artifacts.length >= JOB_LIMITS.artifactsPerJob) throw new Error('too many artifacts');
        const artifact = { grant: reference.grant, role: reference.role };
        this.transition(job, { artifacts: [...job.record.artifacts, artifact] }, 'artifact', this.deps.now(), { artifact }, true);
      },
      safePoint: () => {
        if (job.record.cancelRequested || !active()) throw new JobCancelledError();
        // past here a handler commits its result: not when the ledger could no longer record it
        this.deps.ledger.assertDurable?.();
      },
    };
  }

  private finish(job: LiveJob, requested: TerminalJobState, now: number, requestedError: JobError | null, requestedResult: boolean): void {
    // A terminal outcome the ledger cannot record (its database file lost underneath the service)
    // is `interrupted`: what a restart reconciles the job to, so that it ends one way only.
    const lost = requested !== 'interrupted' && !this.ledgerDurable();
    const outcome: TerminalJobState = lost ? 'interrupted' : requested;
    const error = lost ? jobErrorOf(new ServiceError('DATABASE_FILE_LOST')) : requestedError;
    const resultProduced = lost ? false : requestedResult;
    this.transition(job, { state: outcome, endedAt: now, error, resultProduced }, outcome, now, { error }, true);
    for (const subscription of [...job.subscribers]) subscription.complete();
    job.subscribers.clear();
    this.retainedTerminal.push(job.record.jobId);
    while (this.retainedTerminal.length > JOB_LIMITS.retainedTerminalHistories) {
      const evicted = this.retainedTerminal.shift();
      if (evicted !== undefined) this.live.delete(evicted);
    }
    this.notifyChange();
  }

  /**
   * Applies a change, appends its event, saves the record when `durable` (always for a terminal
   * event, and whenever the sequence outgrows its reservation), then publishes the event.
   */
  private transition(
    job: LiveJob,
    change: Partial<JobRecord>,
    kind: JobEventKind,
    now: number,
    payload: { progress?: JobProgress; artifact?: JobArtifactReference; error?: JobError | null },
    durable = false,
  ): void {
    const sequence = job.record.lastSequence + 1;
    let reserved = job.record.sequenceReserved;
    let mustSave = durable;
    if (sequence > reserved) {
      reserved += JOB_LIMITS.sequenceReservationBlock;
      mustSave = true;
    }
    const next: JobRecord = { ...job.record, ...change, updatedAt: now, lastSequence: sequence, sequenceReserved: reserved };
    const event = this.eventOf(next, sequence, kind, now, payload);
    job.record = isTerminalState(next.state) ? { ...next, terminalEvent: event } : next;
    if (mustSave) this.persist(job.record);
    job.history.append(event);
    for (const subscription of job.subscribers) subscription.offer(event);
  }

  private persist(record: JobRecord): void {
    try {
      this.deps.ledger.save(record);
    } catch (error) {
      this.deps.log.event('jobs.ledger_write_failed', { error: error instanceof Error ? error.name.slice(0, 64) : 'unknown' });
    }
  }

  private eventOf(
    record: JobRecord,
    sequence: number,
    kind: JobEventKind,
    now: number,
    payload: { progress?: JobProgress; artifact?: JobArtifactReference; error?: JobError | null },
  ): JobEvent {
    return {
      schema_version: 1,
      job_id: record.jobId,
      sequence,
      kind,
      state: record.state,
      occurred_at: iso(now),
      progress: payload.progress ?? null,
      artifact: payload.artifact ?? null,
      error: payload.error ?? null,
    };
  }

  private ledgerDurable(): boolean {
    try {
      this.deps.ledger.assertDurable?.();
      return true;
    } catch {
      return false;
    }
  }

  private assertLedgerOpen(): void {
    if (this.deps.ledgerOpen === false) throw new ServiceError('STARTUP_DEGRADED');
  }

  private recordOf(jobId: string): JobRecord {
    const record = this.live.get(jobId)?.record ?? this.deps.ledger.get(jobId);
    if (record === null) throw new ServiceError('JOB_NOT_FOUND');
    return record;
  }

  private snapshotOf(record: JobRecord): JobSnapshot {
    return {
      schema_version: 1,
      job_id: record.jobId,
      kind: record.kind,
      state: record.state,
      cancel_requested: record.cancelRequested,
      created_at: iso(record.createdAt),
      started_at: record.startedAt === null ? null : iso(record.startedAt),
      updated_at: iso(record.updatedAt),
      ended_at: record.endedAt === null ? null : iso(record.endedAt),
      progress: record.progress,
      artifacts: [...record.artifacts],
      result_produced: record.resultProduced,
      error: record.error,
      last_event_id: Math.max(1, record.lastSequence),
    };
  }

  private notifyChange(): void {
    for (const listener of [...this.changeListeners]) listener();
  }
}
