import { describe, expect, it } from 'vitest';
import type { JobContext, JobEngine } from '../../src/app/jobs/job-engine.js';
import { InMemoryJobLedger, type JobLedger } from '../../src/app/jobs/job-ledger.js';
import { DatabaseFileLostError } from '../../src/app/adapter-errors.js';
import { serviceErrorOf } from '../../src/app/adapter-failures.js';
import { isTerminalState } from '../../src/contract/jobs.js';
import { testJobEngine } from '../support/job-engine.js';

/**
 * The ledger's database file lost while jobs run (removed, replaced, read-only underneath the
 * service): nothing more can be recorded, and a restart will reconcile every job still running
 * to `interrupted`. A cancel is then refused rather than acknowledged, and a job ends
 * `interrupted` live too, without a result, so that it ends one way only.
 */
function world(): { engine: JobEngine; lose: () => void; release: (jobId: string) => void; submit: (safePoint: boolean) => string } {
  const store = new InMemoryJobLedger();
  let lost = false;
  const ledger: JobLedger = {
    save: (record) => {
      if (lost) throw new DatabaseFileLostError('removed');
      store.save(record);
    },
    saveAll: (records) => store.saveAll(records),
    get: (jobId) => store.get(jobId),
    page: (before, limit) => store.page(before, limit),
    nonTerminal: () => store.nonTerminal(),
    pruneTerminal: (keep) => store.pruneTerminal(keep),
    assertDurable: () => {
      if (lost) throw new DatabaseFileLostError('removed');
    },
  };
  let clock = 1;
  let ids = 1;
  const engine = testJobEngine(
    ledger,
    () => clock++,
    () => `job_${(ids++).toString(16).padStart(32, '0')}`,
  );
  const gates = new Map<string, () => void>();
  const kind = engine.registerKind<{ safePoint: boolean }>(
    'test.gated',
    async (input, context: JobContext) => {
      await new Promise<void>((resolve) => gates.set(context.jobId, resolve));
      if (input.safePoint) context.safePoint();
      return { resultProduced: true };
    },
    { name: 'test', capacity: 4 },
  );
  engine.start();
  return {
    engine,
    lose: () => (lost = true),
    release: (jobId) => gates.get(jobId)?.(),
    submit: (safePoint) => kind.submit({ safePoint }).job_id,
  };
}

async function settled(engine: JobEngine, jobId: string): Promise<ReturnType<JobEngine['get']>> {
  for (let turn = 0; turn < 100; turn++) {
    const snapshot = engine.get(jobId);
    if (isTerminalState(snapshot.state)) return snapshot;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('job did not end');
}

describe('jobs when the ledger can no longer record', () => {
  it('a cancel is refused with DATABASE_FILE_LOST, not acknowledged', async () => {
    const w = world();
    const job = w.submit(true);
    await new Promise((resolve) => setImmediate(resolve));
    w.lose();
    // The SQLite ledger's typed error, which the application maps to the catalogue's DATABASE_FILE_LOST.
    let refusal: unknown = null;
    try {
      w.engine.cancel(job);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DatabaseFileLostError);
    expect(serviceErrorOf(refusal)).toMatchObject({ code: 'DATABASE_FILE_LOST', details: [{ name: 'reason', value: 'removed' }] });
    expect(w.engine.get(job)).toMatchObject({ state: 'running', cancel_requested: false });
  });

  it.each([
    ['passing a safe point before its result', true],
    ['returning without one', false],
  ])('a job %s ends interrupted, without a result, as a restart would find it', async (_, safePoint) => {
    const w = world();
    const job = w.submit(safePoint);
    await new Promise((resolve) => setImmediate(resolve));
    w.lose();
    w.release(job);
    expect(await settled(w.engine, job)).toMatchObject({ state: 'interrupted', result_produced: false, error: { code: 'DATABASE_FILE_LOST' } });
  });
});
