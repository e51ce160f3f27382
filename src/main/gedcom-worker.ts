// Entry of a GEDCOM worker thread (bundled as dist/gedcom-worker.cjs next to the sidecar bundle, started through its loader dist/gedcom-worker.js):
// the only code of the service that loads the GEDCOM engine.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { GEDCOM_WORKER_LIMITS } from '../contract/limits.js';
import { serveGedcomTasks } from '../infra/gedcom/worker/task-runner.js';

// On Linux a thread has its own nice value: a busy worker yields the CPU to the HTTP thread. Where
// the platform refuses (or applies it to the whole process), the worker runs at normal priority.
if (process.platform === 'linux') {
  try {
    setPriority(GEDCOM_WORKER_LIMITS.workerNice);
  } catch {
    // not permitted here: normal priority
  }
}
if (parentPort !== null) serveGedcomTasks(parentPort);
