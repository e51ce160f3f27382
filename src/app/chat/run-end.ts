import { CHAT_RUN_FAILURE_CODES, type ChatRunFailureCode } from '../../contract/chat.js';
import type { ErrorCode } from '../../contract/error-codes.js';
import { isOneOf } from '../../contract/one-of.js';
import type { WithdrawalCode } from '../providers/consent-runs.js';
import { ProviderFailure, type GenerationResult } from '../providers/model-provider.js';
import { serviceErrorOf } from '../adapter-failures.js';
import { isServiceError, ServiceError } from '../service-error.js';
import type { ActiveRun, StopReason } from './chat-session.js';

/** How the provider call of a run settled: its result, or what it threw. */
export type Settled = { readonly ok: true; readonly result: GenerationResult } | { readonly ok: false; readonly error: unknown };

/**
 * The one outcome of a chat run, synchronous or streaming (docs/chat-outcomes.md). `answered` is
 * the only outcome whose turn is committed to history.
 */
export type RunEnd =
  | { readonly kind: 'withdrawn'; readonly code: WithdrawalCode }
  | { readonly kind: 'interrupted'; readonly reason: StopReason; readonly error: unknown }
  | { readonly kind: 'refused' }
  | { readonly kind: 'answered'; readonly outcome: 'completed' | 'truncated'; readonly result: GenerationResult }
  | { readonly kind: 'failed'; readonly error: unknown };

/**
 * The reducer both run modes share. Precedence: a withdrawn consent, then a stop (cancel,
 * shutdown), then the provider's own end: whatever the provider did after the consent was
 * withdrawn or the run was stopped is not an answer.
 */
export function runEnd(run: Pick<ActiveRun, 'withdrawn' | 'stopReason'>, settled: Settled): RunEnd {
  if (run.withdrawn !== null) return { kind: 'withdrawn', code: run.withdrawn };
  if (run.stopReason !== null) return { kind: 'interrupted', reason: run.stopReason, error: settled.ok ? null : settled.error };
  if (!settled.ok) return { kind: 'failed', error: settled.error };
  const { outcome } = settled.result;
  if (outcome === 'refused') return { kind: 'refused' };
  return { kind: 'answered', outcome, result: settled.result };
}

/** What a run ended by its consent tells the user (written by the service, never provider text). */
export const WITHDRAWAL_REMEDIATION: Readonly<Record<WithdrawalCode, string>> = {
  CONSENT_REVOKED: 'The consent was revoked while the answer was under way; nothing of it was kept. Grant a new consent to run again.',
  CONSENT_BUDGET_EXHAUSTED: 'The consent budget was used up during the answer; nothing of it was kept. Grant a new consent with a larger budget to run again.',
};

/** Why a refused turn is dropped, and what the user can do (docs/chat-outcomes.md). */
export const REFUSAL_REMEDIATION =
  'The provider declined to answer this message; the turn was not kept in the session. Rephrase the message or use another model.';

export function failureCode(error: unknown): ChatRunFailureCode {
  if (error instanceof ProviderFailure) return error.code;
  const known = serviceErrorOf(error);
  if (known !== null && isOneOf(CHAT_RUN_FAILURE_CODES, known.code)) return known.code;
  return 'INTERNAL_FAILURE';
}

/** The remediation a failure carries (written by the service, never provider text). */
export function remediationOf(error: unknown): string | null {
  if (error instanceof ProviderFailure || isServiceError(error)) return error.remediation;
  return null;
}

/** The payload-free audit record of a run's end: its outcome and code. */
export function auditOf(end: RunEnd): { readonly outcome: 'completed' | 'truncated' | 'refused' | 'interrupted' | 'failed'; readonly code: ErrorCode | null } {
  switch (end.kind) {
    case 'answered':
      return { outcome: end.outcome, code: null };
    case 'withdrawn':
      return { outcome: 'failed', code: end.code };
    case 'interrupted':
      return { outcome: 'interrupted', code: null };
    case 'refused':
      return { outcome: 'refused', code: 'PROVIDER_REFUSED' };
    case 'failed':
      return { outcome: 'failed', code: isServiceError(end.error) ? end.error.code : failureCode(end.error) };
  }
}

/** An end whose turn is dropped: nothing of the answer is kept. */
export type DroppedEnd = Exclude<RunEnd, { readonly kind: 'answered' }>;

/** A synchronous run's error answer for an end that is not `answered`. */
export function syncRefusal(end: DroppedEnd): ServiceError {
  switch (end.kind) {
    case 'withdrawn':
      return new ServiceError(end.code);
    case 'refused':
      return new ServiceError('PROVIDER_REFUSED', [], REFUSAL_REMEDIATION);
    case 'interrupted':
      if (isServiceError(end.error)) return end.error;
      if (end.reason === 'shutdown') return new ServiceError('PROVIDER_UNAVAILABLE');
      return asServiceError(end.error ?? new ProviderFailure('PROVIDER_FAILED', true, false, true));
    case 'failed':
      return isServiceError(end.error) ? end.error : asServiceError(end.error);
  }
}

function asServiceError(error: unknown): ServiceError {
  return new ServiceError(failureCode(error), error instanceof ProviderFailure ? error.details : [], remediationOf(error));
}
