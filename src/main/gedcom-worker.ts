// Entry of a GEDCOM worker thread (bundled as dist/gedcom-worker.cjs next to the sidecar bundle):
// the only code of the service that loads the GEDCOM engine.
import { parentPort } from 'node:worker_threads';
import { serveGedcomTasks } from '../infra/gedcom/worker/task-runner.js';

if (parentPort !== null) serveGedcomTasks(parentPort);
