import { ShutdownPreflight } from '../../app/jobs/active-work.js';
import { JobEngine } from '../../app/jobs/job-engine.js';
import { InMemoryJobLedger } from '../../app/jobs/job-ledger.js';
import { PageCursorCodec } from '../../app/jobs/page-cursor.js';
import { jobRoutes } from '../../http/routes/job-routes.js';
import { SqliteJobLedger } from '../../infra/database/sqlite-job-ledger.js';
import type { ComposedCapability, CoreServices } from './capability-context.js';

export interface JobCapabilities extends ComposedCapability {
  readonly jobs: JobEngine;
  readonly preflight: ShutdownPreflight;
}

/** The job engine over the durable ledger whenever the encrypted database is open; the central shutdown preflight. */
export function composeJobs(core: CoreServices): JobCapabilities {
  const { state, startup, log } = core;
  const { clock } = core.dependencies;
  // Without the encrypted database (blocked startup) jobs can be neither submitted nor read: the ledger stays empty and unread.
  const ledger = state.database ? new SqliteJobLedger(state.database, state.databaseGuard ?? undefined) : new InMemoryJobLedger();
  const jobs = new JobEngine({
    ledger,
    cursors: new PageCursorCodec(clock.random(32), 'jobs.list'),
    startup,
    log,
    now: () => clock.now(),
    newJobId: () => `job_${clock.random(16).toString('hex')}`,
    ledgerOpen: state.database !== null,
  });
  jobs.start();
  const preflight = new ShutdownPreflight();
  preflight.register(jobs);
  return { jobs, preflight, routes: jobRoutes(jobs, preflight), shutdown: () => void jobs.shutdown() };
}
