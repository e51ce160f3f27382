import { UNGUARDED, type DurableWriteGuard } from './database-file-guard.js';
import { Value } from 'typebox/value';
import { Type, type Static, type TSchema } from 'typebox';
import { JobArtifactReference, JobError, JobEvent, JobProgress, JOB_STATES, type JobState } from '../../contract/jobs.js';
import { JOB_LIMITS } from '../../contract/limits.js';
import type { JobLedger, JobRecord, LedgerEntry } from '../../app/jobs/job-ledger.js';
import { isTerminalState } from '../../contract/jobs.js';
import type { Database } from './encrypted-database.js';
import { isOneOf } from '../../contract/one-of.js';

interface LedgerRow {
  ordinal: number;
  job_id: string;
  kind: string;
  state: string;
  cancel_requested: number;
  created_at: number;
  started_at: number | null;
  updated_at: number;
  ended_at: number | null;
  progress_json: string | null;
  artifacts_json: string;
  result_produced: number;
  error_json: string | null;
  last_sequence: number;
  sequence_reserved: number;
  terminal_event_json: string | null;
}

const ArtifactList = Type.Array(JobArtifactReference, { maxItems: JOB_LIMITS.artifactsPerJob });

/** Parses a stored JSON column and checks it against its schema; a bad value reads as absent. */
function stored<S extends TSchema>(schema: S, text: string | null): Static<S> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Value.Check(schema, value) ? value : null;
  } catch {
    return null;
  }
}

function stateOf(text: string): JobState {
  return isOneOf(JOB_STATES, text) ? text : 'interrupted';
}

function recordOf(row: LedgerRow): JobRecord {
  return {
    jobId: row.job_id,
    kind: row.kind,
    state: stateOf(row.state),
    cancelRequested: row.cancel_requested === 1,
    createdAt: row.created_at,
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    endedAt: row.ended_at,
    progress: stored(JobProgress, row.progress_json),
    artifacts: stored(ArtifactList, row.artifacts_json) ?? [],
    resultProduced: row.result_produced === 1,
    error: stored(JobError, row.error_json),
    lastSequence: row.last_sequence,
    sequenceReserved: row.sequence_reserved,
    terminalEvent: stored(JobEvent, row.terminal_event_json),
  };
}

/** The job ledger in the encrypted database (migration 2). Each save is one durable statement. */
export class SqliteJobLedger implements JobLedger {
  private readonly upsert;
  private readonly selectOne;
  private readonly selectPage;
  private readonly selectFirstPage;
  private readonly selectOpen;
  private readonly prune;

  constructor(
    private readonly db: Database,
    private readonly guard: DurableWriteGuard = UNGUARDED,
  ) {
    this.upsert = db.prepare(`
      INSERT INTO job_ledger (job_id, kind, state, terminal, cancel_requested, created_at, started_at, updated_at, ended_at,
        progress_json, artifacts_json, result_produced, error_json, last_sequence, sequence_reserved, terminal_event_json)
      VALUES (@job_id, @kind, @state, @terminal, @cancel_requested, @created_at, @started_at, @updated_at, @ended_at,
        @progress_json, @artifacts_json, @result_produced, @error_json, @last_sequence, @sequence_reserved, @terminal_event_json)
      ON CONFLICT (job_id) DO UPDATE SET
        state = excluded.state, terminal = excluded.terminal, cancel_requested = excluded.cancel_requested,
        started_at = excluded.started_at, updated_at = excluded.updated_at, ended_at = excluded.ended_at,
        progress_json = excluded.progress_json, artifacts_json = excluded.artifacts_json,
        result_produced = excluded.result_produced, error_json = excluded.error_json,
        last_sequence = excluded.last_sequence, sequence_reserved = excluded.sequence_reserved,
        terminal_event_json = excluded.terminal_event_json
    `);
    this.selectOne = db.prepare<[string], LedgerRow>('SELECT * FROM job_ledger WHERE job_id = ?');
    this.selectPage = db.prepare<[number, number], LedgerRow>('SELECT * FROM job_ledger WHERE ordinal < ? ORDER BY ordinal DESC LIMIT ?');
    this.selectFirstPage = db.prepare<[number], LedgerRow>('SELECT * FROM job_ledger ORDER BY ordinal DESC LIMIT ?');
    this.selectOpen = db.prepare<[], LedgerRow>('SELECT * FROM job_ledger WHERE terminal = 0 ORDER BY ordinal');
    this.prune = db.prepare<[number]>(
      'DELETE FROM job_ledger WHERE terminal = 1 AND ordinal < (SELECT ordinal FROM job_ledger WHERE terminal = 1 ORDER BY ordinal DESC LIMIT 1 OFFSET ?)',
    );
  }

  assertDurable(): void {
    this.guard.assertIntact();
  }

  save(record: JobRecord): void {
    this.guard.write(() => this.upsertRecord(record));
  }

  private upsertRecord(record: JobRecord): void {
    this.upsert.run({
      job_id: record.jobId,
      kind: record.kind,
      state: record.state,
      terminal: isTerminalState(record.state) ? 1 : 0,
      cancel_requested: record.cancelRequested ? 1 : 0,
      created_at: record.createdAt,
      started_at: record.startedAt,
      updated_at: record.updatedAt,
      ended_at: record.endedAt,
      progress_json: record.progress === null ? null : JSON.stringify(record.progress),
      artifacts_json: JSON.stringify(record.artifacts),
      result_produced: record.resultProduced ? 1 : 0,
      error_json: record.error === null ? null : JSON.stringify(record.error),
      last_sequence: record.lastSequence,
      sequence_reserved: record.sequenceReserved,
      terminal_event_json: record.terminalEvent === null ? null : JSON.stringify(record.terminalEvent),
    });
  }

  saveAll(records: readonly JobRecord[]): void {
    this.guard.write(() =>
      this.db.transaction(() => {
        for (const record of records) this.upsertRecord(record);
      })(),
    );
  }

  get(jobId: string): JobRecord | null {
    const row = this.selectOne.get(jobId);
    return row === undefined ? null : recordOf(row);
  }

  page(beforeOrdinal: number | null, limit: number): LedgerEntry[] {
    const rows = beforeOrdinal === null ? this.selectFirstPage.all(limit) : this.selectPage.all(beforeOrdinal, limit);
    return rows.map((row) => ({ ordinal: row.ordinal, record: recordOf(row) }));
  }

  nonTerminal(): JobRecord[] {
    return this.selectOpen.all().map(recordOf);
  }

  pruneTerminal(keep: number): void {
    this.prune.run(Math.max(0, keep - 1));
  }
}
