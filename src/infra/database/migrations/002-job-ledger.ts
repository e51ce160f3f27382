import type { Migration } from '../encrypted-database.js';

/** The durable job ledger (contract.md section 7): one row per job, ordered by insertion. */
export const JOB_LEDGER_MIGRATION: Migration = {
  version: 2,
  name: 'job-ledger',
  up(db) {
    db.exec(`
      CREATE TABLE job_ledger (
        ordinal INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL UNIQUE CHECK (length(job_id) = 36),
        kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
        state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'cancelling', 'succeeded', 'failed', 'cancelled', 'interrupted')),
        terminal INTEGER NOT NULL CHECK (terminal IN (0, 1)),
        cancel_requested INTEGER NOT NULL CHECK (cancel_requested IN (0, 1)),
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        updated_at INTEGER NOT NULL,
        ended_at INTEGER,
        progress_json TEXT,
        artifacts_json TEXT NOT NULL,
        result_produced INTEGER NOT NULL CHECK (result_produced IN (0, 1)),
        error_json TEXT,
        last_sequence INTEGER NOT NULL CHECK (last_sequence >= 0),
        sequence_reserved INTEGER NOT NULL CHECK (sequence_reserved >= last_sequence),
        terminal_event_json TEXT
      );
      CREATE INDEX job_ledger_open ON job_ledger (terminal, ordinal);
    `);
  },
};
