import { isAdapterError, type AdapterError } from './adapter-errors.js';
import { ServiceError } from './service-error.js';

/** The catalogued failure an adapter's error stands for (the envelope a client sees for it). */
function fromAdapter(error: AdapterError): ServiceError {
  switch (error.code) {
    case 'DATABASE_ERR_FILE_LOST':
      return new ServiceError('DATABASE_FILE_LOST', [{ name: 'reason', value: error.reason }]);
    case 'ARTIFACT_ERR_GRANT_INVALID':
      return new ServiceError('ARTIFACT_GRANT_INVALID');
    case 'ARTIFACT_ERR_TOO_LARGE':
      return new ServiceError('ARTIFACT_GRANT_INVALID', [{ name: 'reason', value: 'artifact_too_large' }]);
    case 'ARTIFACT_ERR_NOT_A_FILE':
      return new ServiceError('ARTIFACT_GRANT_INVALID', [{ name: 'reason', value: 'not_a_file' }]);
    case 'ARTIFACT_ERR_CHANGED':
      return new ServiceError('INTERNAL_FAILURE', [{ name: 'reason', value: 'artifact_changed' }]);
    case 'GEDCOM_WORKER_ERR_POOL_FULL':
      return new ServiceError('INTERNAL_FAILURE', [{ name: 'reason', value: 'worker_pool_full' }]);
    case 'GEDCOM_WORKER_ERR_TASK_FAILED':
      return new ServiceError(error.failure);
  }
}

/**
 * The ServiceError a failure stands for: a ServiceError as it is, an adapter's typed error mapped to
 * the catalogue; null for anything else (a provider's failure, which its caller maps with its own
 * rules, or an unexpected error, reported as INTERNAL_FAILURE without its text).
 */
export function serviceErrorOf(error: unknown): ServiceError | null {
  if (error instanceof ServiceError) return error;
  if (isAdapterError(error)) return fromAdapter(error);
  return null;
}
