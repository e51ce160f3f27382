import type { ConsentScope, ConsentState } from '../../contract/consent.js';
import type { ProviderId } from '../../contract/providers.js';

/** A durable provider profile. */
export interface StoredProfile {
  readonly name: string;
  readonly providerId: ProviderId;
  readonly endpoint: string;
  readonly model: string;
  readonly destination: string;
  readonly destinationIdentity: string;
  readonly createdRevision: number;
  readonly createdAt: string;
}

/** What one charge adds to a consent's usage. */
export interface ConsentUsage {
  readonly sent?: number;
  readonly received?: number;
  readonly tokens?: number;
}

/** A durable consent grant. */
export interface StoredConsent {
  readonly name: string;
  readonly scope: ConsentScope;
  readonly digest: string;
  readonly state: ConsentState;
  readonly usedRuns: number;
  readonly usedCharactersSent: number;
  readonly usedCharactersReceived: number;
  readonly usedTokens: number;
  readonly createdRevision: number;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

export interface Revisions {
  readonly profile: number;
  readonly consent: number;
}

export type InsertOutcome<T> =
  { readonly ok: true; readonly revision: number; readonly record: T } | { readonly ok: false; readonly reason: 'stale' | 'taken' | 'limit' };

export type RevokeOutcome =
  | { readonly ok: true; readonly changed: boolean; readonly revision: number; readonly record: StoredConsent }
  | { readonly ok: false; readonly reason: 'not_found' };

export type ChargeOutcome = 'charged' | 'not_found' | 'revoked' | 'exhausted';

/**
 * Durable profiles and consents with their two optimistic revisions. Every write checks the
 * expected revision and applies in one transaction; a refused write changes nothing.
 */
export interface ProviderConfigurationStore {
  revisions(): Revisions;
  listProfiles(): StoredProfile[];
  findProfile(name: string): StoredProfile | null;
  insertProfile(expectedRevision: number, profile: Omit<StoredProfile, 'createdRevision'>, limit: number): InsertOutcome<StoredProfile>;
  listConsents(): StoredConsent[];
  findConsent(name: string): StoredConsent | null;
  insertConsent(
    expectedRevision: number,
    consent: Omit<StoredConsent, 'createdRevision' | 'state' | 'usedRuns' | 'usedCharactersSent' | 'usedCharactersReceived' | 'usedTokens' | 'revokedAt'>,
    limit: number,
  ): InsertOutcome<StoredConsent>;
  /** Idempotent: revoking a revoked grant changes nothing and keeps the revision. */
  revokeConsent(name: string, at: string): RevokeOutcome;
  /** Counts one run against the grant's budget, atomically with the active and budget checks. */
  chargeConsent(name: string): ChargeOutcome;
  /** Adds characters sent and received and tokens used under a consent, whatever its state; null when it does not exist. */
  addConsentUsage(name: string, usage: ConsentUsage): StoredConsent | null;
}

/** True when any bound of the consent's budget is reached: runs, characters sent or characters received. */
export function budgetExhausted(consent: StoredConsent): boolean {
  const budget = consent.scope.budget;
  if (budget === null) return false;
  const reached = (bound: number | null | undefined, used: number): boolean => bound !== null && bound !== undefined && used >= bound;
  return (
    consent.usedRuns >= budget.max_runs ||
    reached(budget.max_characters_sent, consent.usedCharactersSent) ||
    reached(budget.max_characters_received, consent.usedCharactersReceived) ||
    reached(budget.max_tokens, consent.usedTokens)
  );
}
