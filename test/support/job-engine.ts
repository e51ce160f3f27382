import { SILENT_EVENT_LOG } from '../../src/app/event-log.js';
import { JobEngine } from '../../src/app/jobs/job-engine.js';
import type { JobLedger } from '../../src/app/jobs/job-ledger.js';
import { PageCursorCodec } from '../../src/app/jobs/page-cursor.js';
import { startupGate } from '../../src/app/startup/startup-gate.js';

/** A job engine over `ledger` with a silent log, a fixed cursor key and no startup block; time and ids from the test. */
export function testJobEngine(ledger: JobLedger, now: () => number, newJobId: () => string): JobEngine {
  return new JobEngine({
    ledger,
    cursors: new PageCursorCodec(Buffer.alloc(32, 7), 'jobs.list'),
    startup: startupGate(false, false),
    log: SILENT_EVENT_LOG,
    now,
    newJobId,
  });
}
