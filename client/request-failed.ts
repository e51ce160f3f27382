import type { Schemas } from './api-client.js';
import { ERROR_CODES, type ErrorCode } from './generated/contract-constants.js';

export type FailureDetail = Schemas['FailureDetail'];
export type ValidationError = Schemas['ValidationError'];

/** What a refusal's body says: an ErrorEnvelope's fields, or a 422's validation errors. */
export interface FailureBody {
  /** The envelope's stable code; null when the body is no envelope (a 422, or a code this client does not know). */
  readonly code: ErrorCode | null;
  /** The envelope's human-readable `message` (never a secret: the service sanitizes it); null when the body is no envelope. */
  readonly serviceMessage: string | null;
  readonly details: readonly FailureDetail[];
  /** The envelope's `correlation_ref`, to quote when reporting the failure. */
  readonly correlationRef: string | null;
  readonly remediation: string | null;
  /** The HTTPValidationError of a 422: where and why the request broke its schema. */
  readonly validation: readonly ValidationError[];
}

const NO_FAILURE_BODY: FailureBody = { code: null, serviceMessage: null, details: [], correlationRef: null, remediation: null, validation: [] };

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
  const message: unknown = Reflect.get(body, 'message');
  const details: unknown = Reflect.get(body, 'details');
  const correlationRef: unknown = Reflect.get(body, 'correlation_ref');
  const remediation: unknown = Reflect.get(body, 'remediation');
  const detail: unknown = Reflect.get(body, 'detail');
  return {
    code: isErrorCode(code) ? code : null,
    serviceMessage: typeof message === 'string' ? message : null,
    details: Array.isArray(details) ? details.filter(isFailureDetail) : [],
    correlationRef: typeof correlationRef === 'string' ? correlationRef : null,
    remediation: typeof remediation === 'string' ? remediation : null,
    validation: Array.isArray(detail) ? detail.filter(isValidationError) : [],
  };
}

/**
 * The one error of the paired client for a request the service did not answer with its success
 * status, whatever the call (typed API helpers, event streams, the launcher's health check): the
 * status, and what the service said: the envelope's code, message, details, correlation_ref and
 * remediation, or a 422's validation errors. Every field is checked before it is kept.
 */
export class RequestFailed extends Error implements FailureBody {
  readonly code: ErrorCode | null;
  readonly serviceMessage: string | null;
  readonly details: readonly FailureDetail[];
  readonly correlationRef: string | null;
  readonly remediation: string | null;
  readonly validation: readonly ValidationError[];

  constructor(
    readonly status: number,
    body: unknown = null,
    /** What was asked, e.g. `GET /api/v1/health` or `event stream`. */
    readonly request = 'request',
  ) {
    const failure = failureBody(body);
    super(
      `${request} failed: ${status}${failure.code === null ? '' : ` ${failure.code}`}${failure.serviceMessage === null ? '' : `: ${failure.serviceMessage}`}`,
    );
    this.name = 'RequestFailed';
    this.code = failure.code;
    this.serviceMessage = failure.serviceMessage;
    this.details = failure.details;
    this.correlationRef = failure.correlationRef;
    this.remediation = failure.remediation;
    this.validation = failure.validation;
  }
}
