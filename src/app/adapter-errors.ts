import type { ErrorCode } from '../contract/error-codes.js';
import { GEDZIP_REFUSALS } from '../contract/gedzip.js';

/**
 * The errors the adapters (src/infra) throw across the application's ports. Each condition is its
 * own class with its own stable `code` (as undici names its errors), so that a caller tells them
 * apart by type, never by parsing a message or a detail. Adapters never speak the API's catalogue:
 * `serviceErrorOf` (adapter-failures.ts) maps these to ServiceError codes, and the CLI reads them
 * as they are.
 */
abstract class AdapterErrorBase extends Error {
  abstract readonly code: string;
}

/** Why the open database is no longer the one a restart would open. */
export type DatabaseFileLoss = 'removed' | 'replaced' | 'read_only';

/** A durable write was refused: the database file at the workspace path is not the open one any more. */
export class DatabaseFileLostError extends AdapterErrorBase {
  readonly code = 'DATABASE_ERR_FILE_LOST';
  constructor(readonly reason: DatabaseFileLoss) {
    super(`the database file was ${reason.replace('_', '-')}`);
    this.name = 'DatabaseFileLostError';
  }
}

/** A grant is unknown, expired, for another scope, or its artifact is no longer where the grant says. */
export class ArtifactGrantInvalidError extends AdapterErrorBase {
  readonly code = 'ARTIFACT_ERR_GRANT_INVALID';
  constructor() {
    super('the artifact grant does not stand');
    this.name = 'ArtifactGrantInvalidError';
  }
}

/** An artifact to store is over the store's size bound. */
export class ArtifactTooLargeError extends AdapterErrorBase {
  readonly code = 'ARTIFACT_ERR_TOO_LARGE';
  constructor() {
    super('the artifact is over the size bound');
    this.name = 'ArtifactTooLargeError';
  }
}

/** A host path to import is not a regular file (a folder, a pipe, a device). */
export class ArtifactNotAFileError extends AdapterErrorBase {
  readonly code = 'ARTIFACT_ERR_NOT_A_FILE';
  constructor() {
    super('the input is not a regular file');
    this.name = 'ArtifactNotAFileError';
  }
}

/** A stored artifact's bytes no longer match the size and digest recorded when it was stored. */
export class ArtifactChangedError extends AdapterErrorBase {
  readonly code = 'ARTIFACT_ERR_CHANGED';
  constructor() {
    super('the stored artifact changed');
    this.name = 'ArtifactChangedError';
  }
}

/** A task was handed to a worker pool that already runs as many tasks as it has workers. */
export class WorkerPoolFullError extends AdapterErrorBase {
  readonly code = 'GEDCOM_WORKER_ERR_POOL_FULL';
  constructor() {
    super('every GEDCOM worker is busy');
    this.name = 'WorkerPoolFullError';
  }
}

/**
 * How a GEDCOM task can fail: what a worker may report (the engine's outcome, as a catalogued code;
 * anything else becomes GEDCOM_WORKER_FAILED) and what the pool itself sees (a bound hit, a worker dead).
 */
export const GEDCOM_TASK_FAILURES = [
  'GEDCOM_ROOT_UNKNOWN',
  'GEDCOM_VERSION_UNSUPPORTED',
  'GEDCOM_INPUT_LIMIT',
  'GEDCOM_RESOURCE_LIMIT',
  'GEDCOM_WORKER_FAILED',
  ...GEDZIP_REFUSALS,
  'ARTIFACT_GRANT_INVALID',
  'INTERNAL_FAILURE',
] as const satisfies readonly ErrorCode[];
export type GedcomTaskFailure = (typeof GEDCOM_TASK_FAILURES)[number];

/** A GEDCOM task failed in its worker: the engine refused the input, a bound was hit, or the worker died. */
export class GedcomTaskError extends AdapterErrorBase {
  readonly code = 'GEDCOM_WORKER_ERR_TASK_FAILED';
  constructor(readonly failure: GedcomTaskFailure) {
    super(`the GEDCOM task failed: ${failure}`);
    this.name = 'GedcomTaskError';
  }
}

export type AdapterError =
  | DatabaseFileLostError
  | ArtifactGrantInvalidError
  | ArtifactTooLargeError
  | ArtifactNotAFileError
  | ArtifactChangedError
  | WorkerPoolFullError
  | GedcomTaskError;

export function isAdapterError(value: unknown): value is AdapterError {
  return value instanceof AdapterErrorBase;
}
