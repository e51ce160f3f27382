import type { Schemas } from './api-client.js';
import { ERROR_CODES, type ErrorCode } from './generated/contract-constants.js';

export type FailureDetail = Schemas['FailureDetail'];
export type ValidationError = Schemas['ValidationError'];

/** What a refusal's body says: an ErrorEnvelope's fields, or a 422's validation errors. */
export interface FailureBody {
  /** The envelope's stable code; null when the body is no envelope (a 422, or a code this client does not know). */
  readonly code: ErrorCode | null;
  readonly details: readonly FailureDetail[];
  /** The envelope's `correlation_ref`, to quote when reporting the failure. */
  readonly correlationRef: string | null;
  readonly remediation: string | null;
  /** The HTTPValidationError of a 422: where and why the request broke its schema. */
  readonly validation: readonly ValidationError[];
}

const NO_FAILURE_BODY: FailureBody = { code: null, details: [], correlationRef: null, remediation: null, validation: [] };

const isErrorCode = (value: unknown): value is ErrorCode => ERROR_CODES.some((code) => code === value);

function isFailureDetail(value: unknown): value is FailureDetail {
  if (typeof value !== 'object' || value === null) return false;
  const name: unknown = Reflect.get(value, 'name');
  const detail: unknown = Reflect.get(value, 'value');
  return typeof name === 'string' && (detail === null || ['string', 'number', 'boolean'].includes(typeof detail));
}

function isValidationError(value: unknown): value is ValidationError {
  if (typeof value !== 'object' || value === null) return false;
  const loc: unknown = Reflect.get(value, 'loc');
  return Array.isArray(loc) && typeof Reflect.get(value, 'msg') === 'string' && typeof Reflect.get(value, 'type') === 'string';
}

/** Reads a refusal's parsed JSON body, checking every field before it is kept. */
function failureBody(body: unknown): FailureBody {
  if (typeof body !== 'object' || body === null) return NO_FAILURE_BODY;
  const code: unknown = Reflect.get(body, 'code');
  const details: unknown = Reflect.get(body, 'details');
  const correlationRef: unknown = Reflect.get(body, 'correlation_ref');
  const remediation: unknown = Reflect.get(body, 'remediation');
  const detail: unknown = Reflect.get(body, 'detail');
  return {
    code: isErrorCode(code) ? code : null,
    details: Array.isArray(details) ? details.filter(isFailureDetail) : [],
    correlationRef: typeof correlationRef === 'string' ? correlationRef : null,
    remediation: typeof remediation === 'string' ? remediation : null,
    validation: Array.isArray(detail) ? detail.filter(isValidationError) : [],
  };
}

/** A request the service refused: its status, and what the service said (FailureBody). */
export class ServiceRefusal extends Error implements FailureBody {
  readonly code: ErrorCode | null;
  readonly details: readonly FailureDetail[];
  readonly correlationRef: string | null;
  readonly remediation: string | null;
  readonly validation: readonly ValidationError[];

  constructor(
    readonly status: number,
    body: unknown,
    what: string,
  ) {
    const failure = failureBody(body);
    super(`${what}: ${status}${failure.code === null ? '' : ` ${failure.code}`}`);
    this.code = failure.code;
    this.details = failure.details;
    this.correlationRef = failure.correlationRef;
    this.remediation = failure.remediation;
    this.validation = failure.validation;
  }
}

/**
 * A request of the paired client that did not answer with its success status: the status, and
 * what the service said: the envelope's code, details, correlation_ref and remediation, or a 422's
 * validation errors.
 */
export class RequestFailed extends ServiceRefusal {
  constructor(status: number, body: unknown = null) {
    super(status, body, 'request failed');
    this.name = 'RequestFailed';
  }
}
