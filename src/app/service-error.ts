import type { ErrorCode } from '../contract/error-codes.js';

type DetailValue = string | number | boolean | null;

export interface ServiceErrorDetail {
  readonly name: string;
  readonly value: DetailValue;
}

/**
 * The one error type application services throw. It carries a catalogued code and
 * sanitized details only; the HTTP adapter maps it to a status and an ErrorEnvelope.
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly details: readonly ServiceErrorDetail[];
  readonly remediation: string | null;

  constructor(code: ErrorCode, details: readonly ServiceErrorDetail[] = [], remediation: string | null = null) {
    super(code);
    this.name = 'ServiceError';
    this.code = code;
    this.details = details;
    this.remediation = remediation;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
