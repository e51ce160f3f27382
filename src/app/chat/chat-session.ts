import { createHash } from 'node:crypto';
import { CHAT_SCHEMA_VERSION, type ChatSessionSummary } from '../../contract/chat.js';
import type { ConsentPurpose, DataClass } from '../../contract/consent.js';
import type { ProviderId, ProviderKind } from '../../contract/providers.js';
import type { WithdrawalCode } from '../providers/consent-runs.js';
import type { GenerationMessage } from '../providers/model-provider.js';
import type { StreamRun } from './stream-run.js';

/** One transient chat session: its owner's digest, its binding and its history (never persisted). */
export interface ChatSession {
  readonly id: string;
  readonly ownerDigest: Buffer;
  readonly profile: string;
  readonly providerId: ProviderId;
  readonly providerKind: ProviderKind;
  readonly model: string;
  readonly purpose: ConsentPurpose;
  readonly dataClasses: readonly DataClass[];
  readonly consent: string | null;
  readonly messages: GenerationMessage[];
  contextCharacters: number;
  /** The run in progress (synchronous or streaming), or a reservation while its preflight runs. */
  active: ActiveRun | null;
  /** Stream runs kept for replay, oldest first; bounded by retainedRunsPerSession. */
  readonly streams: Map<string, StreamRun>;
  runsCompleted: number;
  readonly createdAt: number;
  lastActivity: number;
}

export type StopReason = 'cancelled' | 'shutdown';

export interface ActiveRun {
  readonly runId: string;
  readonly controller: AbortController;
  readonly stream: StreamRun | null;
  stopReason: StopReason | null;
  /** Set when the run's consent stopped holding while it ran: the run ends failed with this code. */
  withdrawn: WithdrawalCode | null;
  /** Ends the watch on the run's consent (set once its preflight passed). */
  unwatch: (() => void) | null;
}

/** A run admitted into its session: the turn's user message and its size. */
export interface PreparedRun {
  readonly session: ChatSession;
  readonly run: ActiveRun;
  readonly userMessage: GenerationMessage;
  readonly userCharacters: number;
}

export function ownerDigest(owner: string): Buffer {
  return createHash('sha256').update(owner, 'utf8').digest();
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function sessionSummary(session: ChatSession): ChatSessionSummary {
  return {
    schema_version: CHAT_SCHEMA_VERSION,
    session_id: session.id,
    profile: session.profile,
    provider_id: session.providerId,
    provider_kind: session.providerKind,
    model: session.model,
    purpose: session.purpose,
    data_classes: [...session.dataClasses],
    consent: session.consent,
    message_count: session.messages.length,
    context_characters: session.contextCharacters,
    active_run_id: session.active?.runId ?? null,
    runs_completed: session.runsCompleted,
    created_at: iso(session.createdAt),
    last_activity_at: iso(session.lastActivity),
  };
}
