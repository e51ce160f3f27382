import type { WorkerFailureCode } from '../worker-protocol.js';

/** A failure of a task with the catalogued code the main thread will see; its cause never leaves the worker. */
export class TaskFailure extends Error {
  constructor(
    readonly code: WorkerFailureCode,
    cause?: unknown,
  ) {
    super(code, { cause });
    this.name = 'TaskFailure';
  }
}
