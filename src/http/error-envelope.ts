import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { HEADER_CORRELATION_REF } from '../contract/api-version.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../contract/error-codes.js';
import { ErrorEnvelope, type FailureDetail } from '../contract/errors.js';
import { ERROR_LIMITS } from '../contract/limits.js';
import type { ServiceErrorDetail } from '../app/service-error.js';
import { lazySerializer } from './schema-serializer.js';

const DETAIL_NAME = /^[A-Za-z0-9._:-]{1,96}$/;

function newCorrelationRef(): string {
  return `api_${randomBytes(16).toString('hex')}`;
}

/** The JSON text of an envelope: its schema's projection, like every other answer. */
export const envelopeText = lazySerializer(ErrorEnvelope);

/** Builds the sanitized envelope: catalogue message, bounded details with safe names and scalar values. */
export function buildEnvelope(code: ErrorCode, details: readonly ServiceErrorDetail[] = [], remediation: string | null = null): ErrorEnvelope {
  const safeDetails: FailureDetail[] = [];
  for (const detail of details) {
    if (safeDetails.length >= ERROR_LIMITS.maxDetails) break;
    if (!DETAIL_NAME.test(detail.name)) continue;
    const value = typeof detail.value === 'string' ? detail.value.slice(0, 256) : detail.value;
    safeDetails.push({ name: detail.name, value });
  }
  const envelope: ErrorEnvelope = {
    code,
    message: ERROR_CATALOGUE[code].message,
    correlation_ref: newCorrelationRef(),
    details: safeDetails,
  };
  if (remediation !== null) envelope.remediation = remediation.slice(0, 512);
  return envelope;
}

/** Common headers on every response (contract.md section 2), first on the wire. */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** Sets the common headers on a response whose head a route writes later. */
export function setBaselineHeaders(res: ServerResponse): void {
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-content-type-options', 'nosniff');
}

/**
 * Writes an envelope straight on the raw response: used before a route sees the request (gate,
 * routing, body rules). The body of a refused request is never read: the connection closes
 * (lingering, see ConnectionGovernor) rather than being kept alive behind an unread body.
 */
export function writeRawEnvelope(res: ServerResponse, code: ErrorCode, extraHeaders: Readonly<Record<string, string>> = {}): void {
  const envelope = buildEnvelope(code);
  const body = envelopeText(envelope);
  const headers: Record<string, string | number> = {
    ...BASELINE_HEADERS,
    ...extraHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    [HEADER_CORRELATION_REF]: envelope.correlation_ref,
    connection: 'close',
  };
  if (code === 'AUTH_BEARER_INVALID') headers['www-authenticate'] = 'Bearer';
  res.writeHead(ERROR_CATALOGUE[code].status, headers);
  res.end(body);
}

const REASON: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  408: 'Request Timeout',
  413: 'Content Too Large',
  417: 'Expectation Failed',
};

/**
 * A whole HTTP/1.1 response carrying an envelope, as bytes for a socket that has no response
 * object: errors of the HTTP parser layer (malformed request, header overflow, timeouts) and
 * requests node:http does not hand to a request listener. Same headers as every other answer.
 */
export function rawEnvelopeResponse(code: ErrorCode): string {
  const envelope = buildEnvelope(code);
  const body = envelopeText(envelope);
  const status = ERROR_CATALOGUE[code].status;
  return (
    `HTTP/1.1 ${status} ${REASON[status] ?? 'Error'}\r\n` +
    'cache-control: no-store\r\n' +
    'x-content-type-options: nosniff\r\n' +
    `${HEADER_CORRELATION_REF}: ${envelope.correlation_ref}\r\n` +
    (code === 'AUTH_BEARER_INVALID' ? 'www-authenticate: Bearer\r\n' : '') +
    'content-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    'connection: close\r\n' +
    `\r\n${body}`
  );
}
