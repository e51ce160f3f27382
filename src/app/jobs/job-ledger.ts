import type { JobArtifactReference, JobError, JobEvent, JobProgress, JobState } from '../../contract/jobs.js';
import { isTerminalState } from '../../contract/jobs.js';

/**
 * The durable record of one job: what the ledger keeps across processes (contract.md section 7).
 * Progress is kept as of the last durable transition; the live engine holds fresher progress.
 */
export interface JobRecord {
  readonly jobId: string;
  readonly kind: string;
  readonly state: JobState;
  readonly cancelRequested: boolean;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly startedAt: number | null;
  readonly updatedAt: number;
  readonly endedAt: number | null;
  readonly progress: JobProgress | null;
  readonly artifacts: readonly JobArtifactReference[];
  readonly resultProduced: boolean;
  readonly error: JobError | null;
  /** Sequence of the latest event known durably (the terminal one once terminal). */
  readonly lastSequence: number;
  /**
   * Every sequence this job may have used is at most this number. Reserved in blocks before
   * use, so a job reconciled after a crash gets a terminal sequence above every id it sent.
   */
  readonly sequenceReserved: number;
  /** The terminal event, kept so it can be replayed by any later process. */
  readonly terminalEvent: JobEvent | null;
}

/** A page of records with the insertion ordinal that orders them (newest first). */
export interface LedgerEntry {
  readonly ordinal: number;
  readonly record: JobRecord;
}

/**
 * The durable job ledger the engine writes through. Writes are synchronous so that a state
 * transition is durable before its event is published. The SQLite implementation lives in
 * infra/database; the in-memory one serves degraded startup and property tests.
 */
export interface JobLedger {
  /** Inserts a new job or replaces the record with the same id (the ordinal stays). */
  save(record: JobRecord): void;
  /** Saves every record atomically. */
  saveAll(records: readonly JobRecord[]): void;
  get(jobId: string): JobRecord | null;
  /** Records with an ordinal below `beforeOrdinal` (all when null), newest first, at most `limit`. */
  page(beforeOrdinal: number | null, limit: number): LedgerEntry[];
  /** Every record not in a terminal state. */
  nonTerminal(): JobRecord[];
  /** Deletes the oldest terminal records beyond the newest `keep` terminal ones. */
  pruneTerminal(keep: number): void;
  /**
   * Throws DATABASE_FILE_LOST when a write would not survive a restart (the database file was
   * removed, replaced or made read-only underneath the service); absent for a ledger in memory.
   */
  assertDurable?(): void;
}

/**
 * The ledger kept in process memory. It is bounded by the engine's own limits (queued and
 * running jobs) plus `JOB_LIMITS.ledgerRetainedJobs` terminal ones, which the engine prunes.
 */
export class InMemoryJobLedger implements JobLedger {
  private readonly records = new Map<string, LedgerEntry>();
  private nextOrdinal = 1;

  save(record: JobRecord): void {
    const existing = this.records.get(record.jobId);
    this.records.set(record.jobId, { ordinal: existing?.ordinal ?? this.nextOrdinal++, record });
  }

  saveAll(records: readonly JobRecord[]): void {
    for (const record of records) this.save(record);
  }

  get(jobId: string): JobRecord | null {
    return this.records.get(jobId)?.record ?? null;
  }

  page(beforeOrdinal: number | null, limit: number): LedgerEntry[] {
    return [...this.records.values()]
      .filter((entry) => beforeOrdinal === null || entry.ordinal < beforeOrdinal)
      .sort((a, b) => b.ordinal - a.ordinal)
      .slice(0, limit);
  }

  nonTerminal(): JobRecord[] {
    return [...this.records.values()].filter((entry) => !isTerminalState(entry.record.state)).map((entry) => entry.record);
  }

  pruneTerminal(keep: number): void {
    const terminal = [...this.records.values()].filter((entry) => isTerminalState(entry.record.state)).sort((a, b) => b.ordinal - a.ordinal);
    for (const entry of terminal.slice(keep)) this.records.delete(entry.record.jobId);
  }
}
