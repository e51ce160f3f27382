import type { MessagePort } from 'node:worker_threads';
import type { GedcomOperation, GedcomRequests } from '../../../contract/gedcom-operations.js';
import { GEDCOM_RUNNERS, OperationRefused, WorkCancelled, type AdvisoryPrompt, type WorkMonitor } from '../../../gedcom/index.js';
import type { WrittenOutput } from '../../artifacts/file-artifact-registry.js';
import { CONTROL, type RunMessage, type WorkerMessage, type WorkerTask } from '../worker-protocol.js';
import { GedzipRefused } from '../../gedzip/gedzip-refused.js';
import { closeGedzipInputs, openGedzipInputs } from './gedzip-inputs.js';
import { taskContext } from './task-context.js';
import { TaskFailure } from './task-failure.js';
import { TaskMonitor } from './task-monitor.js';

function isRunMessage(value: unknown): value is RunMessage {
  if (typeof value !== 'object' || value === null) return false;
  if (!('type' in value) || !('task' in value) || !('control' in value)) return false;
  return value.type === 'run' && typeof value.task === 'object' && value.task !== null && value.control instanceof SharedArrayBuffer;
}

/** The catalogued code of a failure inside the worker; the error itself never leaves the thread. */
function failureCode(error: unknown): WorkerMessage {
  if (error instanceof WorkCancelled) return { type: 'cancelled' };
  if (error instanceof TaskFailure || error instanceof OperationRefused || error instanceof GedzipRefused) return { type: 'failed', code: error.code };
  // a stack overflow (deeply nested input the engine could not flatten) is a resource ceiling
  if (error instanceof RangeError && /call stack/i.test(error.message)) return { type: 'failed', code: 'GEDCOM_RESOURCE_LIMIT' };
  return { type: 'failed', code: 'GEDCOM_WORKER_FAILED' };
}

/** What a task produced: the runner's section and prompt, and the output its context wrote. */
interface TaskOutcome {
  readonly section: unknown;
  readonly output: WrittenOutput | null;
  readonly prompt: AdvisoryPrompt | null;
}

/** Runs the engine's runner of the task's operation over the task's files. */
export async function runTask<K extends GedcomOperation>(operation: K, task: WorkerTask, monitor: WorkMonitor): Promise<TaskOutcome> {
  const gedzip = await openGedzipInputs(task.inputs, monitor);
  try {
    // cast: the pool builds each task's request for task.operation, which the caller passes as K
    const context = taskContext<K>(task, task.request as GedcomRequests[K], monitor, gedzip);
    const outcome = await GEDCOM_RUNNERS[operation](context);
    await context.finish();
    return { section: outcome.section, output: context.written(), prompt: outcome.prompt };
  } finally {
    closeGedzipInputs(gedzip);
  }
}

/**
 * A GEDCOM worker's message loop: one `run` message per task (the pool gives a worker one task
 * at a time), answered by progress messages and exactly one terminal message.
 */
export function serveGedcomTasks(port: MessagePort): void {
  port.on('message', (value: unknown) => {
    if (!isRunMessage(value)) {
      port.postMessage({ type: 'failed', code: 'GEDCOM_WORKER_FAILED' } satisfies WorkerMessage);
      return;
    }
    const control = new Int32Array(value.control, 0, CONTROL.slots);
    const post = (message: WorkerMessage): void => port.postMessage(message);
    const monitor = new TaskMonitor(control, post, value.task.checkpoint);
    Promise.resolve()
      .then(() => runTask(value.task.operation, value.task, monitor))
      .then(
        (outcome) => {
          if (monitor.cancelled) post({ type: 'cancelled' });
          else
            post({
              type: 'result',
              section: outcome.section,
              output: outcome.output,
              prompt:
                outcome.prompt === null
                  ? null
                  : {
                      text: outcome.prompt.prompt,
                      items: outcome.prompt.items,
                      livingRedacted: outcome.prompt.livingRedacted,
                      restrictedRedacted: outcome.prompt.restrictedRedacted,
                    },
            });
        },
        (error: unknown) => post(monitor.cancelled ? { type: 'cancelled' } : failureCode(error)),
      );
  });
}
