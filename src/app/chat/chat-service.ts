import { createHash, timingSafeEqual } from 'node:crypto';
import { codePoints } from '../../contract/code-points.js';
import {
  ADVISORY_LABEL,
  CHAT_RUN_FAILURE_CODES,
  CHAT_SCHEMA_VERSION,
  CHAT_STREAM_EVENT_KINDS,
  DISABLED_CHAT_CAPABILITIES,
  type ChatCapabilityResponse,
  type ChatRunFailureCode,
  type ChatRunRequest,
  type ChatRunResponse,
  type ChatSessionCreateRequest,
  type ChatSessionDeleteResponse,
  type ChatSessionSummary,
  type ChatStreamCancelResponse,
  type ChatStreamStartResponse,
} from '../../contract/chat.js';
import type { ConsentPurpose, DataClass } from '../../contract/consent.js';
import type { ErrorCode } from '../../contract/error-codes.js';
import { CHAT_LIMITS } from '../../contract/limits.js';
import type { ProviderCredentialReference, ProviderId, ProviderKind } from '../../contract/providers.js';
import type { EventLog } from '../event-log.js';
import type { ActiveWork, ActiveWorkSource } from '../jobs/active-work.js';
import type { RunConsent, WithdrawalCode } from '../providers/consent-runs.js';
import type { ExecutionBinding, PreflightRequest } from '../providers/preflight.js';
import { serviceErrorOf } from '../adapter-failures.js';
import { isServiceError, ServiceError } from '../service-error.js';
import type { StartupGate } from '../startup/startup-gate.js';
import { ProviderFailure, type ChatProviders, type GenerationMessage, type GenerationResult } from '../providers/model-provider.js';
import { StreamRun, type StreamReader } from './stream-run.js';
import { CHAT_SYSTEM_INSTRUCTION } from './system-instruction.js';
import { isOneOf } from '../../contract/one-of.js';

/** What chat needs from the provider services: the central preflight, nothing else. */
interface ExecutionPreflight {
  check(request: PreflightRequest): Promise<ExecutionBinding>;
}

/** Credential values for one execution binding; never for an answer. */
interface ExecutionCredentials {
  resolve(reference: ProviderCredentialReference): Promise<string | null>;
}

export interface ChatServiceDeps {
  readonly preflight: ExecutionPreflight;
  /** A run with a consent is stopped the moment the consent is revoked (or its budget used up). */
  readonly consentRuns: RunConsent;
  readonly providers: ChatProviders;
  readonly credentials: ExecutionCredentials;
  readonly startup: StartupGate;
  /** The `chat.temperature` setting, read at each run. */
  readonly defaultTemperature: () => number;
  readonly log: EventLog;
  readonly now: () => number;
  readonly newId: (prefix: 'chs' | 'chr') => string;
}

interface ChatSession {
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

interface ActiveRun {
  readonly runId: string;
  readonly controller: AbortController;
  readonly stream: StreamRun | null;
  stopReason: 'cancelled' | 'shutdown' | null;
  /** Set when the run's consent stopped holding while it ran: the run ends failed with this code. */
  withdrawn: WithdrawalCode | null;
  /** Ends the watch on the run's consent (set once its preflight passed). */
  unwatch: (() => void) | null;
}

/** What one run executes with: the preflight's binding and the credential value it names. */
interface Execution {
  readonly binding: ExecutionBinding;
  readonly credential: string | null;
}

interface PreparedRun {
  readonly session: ChatSession;
  readonly run: ActiveRun;
  readonly userMessage: GenerationMessage;
  readonly userCharacters: number;
}

/** What a run ended by its consent tells the user (written by the service, never provider text). */
const WITHDRAWAL_REMEDIATION: Readonly<Record<WithdrawalCode, string>> = {
  CONSENT_REVOKED: 'The consent was revoked while the answer was under way; nothing of it was kept. Grant a new consent to run again.',
  CONSENT_BUDGET_EXHAUSTED: 'The consent budget was used up during the answer; nothing of it was kept. Grant a new consent with a larger budget to run again.',
};

/** Shutdown-preflight waiters woken when the active-run count may have dropped. */
const MAX_CHANGE_LISTENERS = 64;

function digest(owner: string): Buffer {
  return createHash('sha256').update(owner, 'utf8').digest();
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function failureCode(error: unknown): ChatRunFailureCode {
  if (error instanceof ProviderFailure) return error.code;
  const known = serviceErrorOf(error);
  if (known !== null && isOneOf(CHAT_RUN_FAILURE_CODES, known.code)) return known.code;
  return 'INTERNAL_FAILURE';
}

/** The remediation a failure carries (written by the service, never provider text). */
function remediationOf(error: unknown): string | null {
  if (error instanceof ProviderFailure || isServiceError(error)) return error.remediation;
  return null;
}

/** Why a refused turn is dropped, and what the user can do (docs/chat-outcomes.md). */
const REFUSAL_REMEDIATION = 'The provider declined to answer this message; the turn was not kept in the session. Rephrase the message or use another model.';

/** A refused turn: nothing is committed (Anthropic's guidance is to drop a refused turn). */
class RefusedTurn extends Error {
  constructor() {
    super('PROVIDER_REFUSED');
  }
}

/** Splits provider text into delta-sized pieces without cutting a surrogate pair. */
function deltaPieces(text: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  let count = 0;
  for (const character of text) {
    piece += character;
    if (++count === CHAT_LIMITS.maxDeltaCharacters) {
      pieces.push(piece);
      piece = '';
      count = 0;
    }
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}

/**
 * Transient chat (spec section 4): bounded in-memory sessions scoped to an owner, synchronous
 * runs and streaming runs. Every run re-enters the central preflight (consent re-read, endpoint
 * identity re-tested) and commits history only after a successful provider result. Degraded
 * startup refuses before any provider access. Logs carry ids, counts and codes, never content.
 */
export class ChatService implements ActiveWorkSource {
  readonly name = 'chat';
  private readonly sessions = new Map<string, ChatSession>();
  private pendingSessions = 0;
  private readonly changeListeners = new Set<() => void>();
  private shuttingDown = false;

  constructor(private readonly deps: ChatServiceDeps) {}

  capability(): ChatCapabilityResponse {
    return {
      schema_version: CHAT_SCHEMA_VERSION,
      limits: {
        max_sessions: CHAT_LIMITS.maxSessions,
        max_messages_per_session: CHAT_LIMITS.maxMessagesPerSession,
        max_message_characters: CHAT_LIMITS.maxMessageCharacters,
        max_context_characters: CHAT_LIMITS.maxContextCharacters,
        replay_buffer_bytes: CHAT_LIMITS.replayBufferBytes,
        max_output_tokens: CHAT_LIMITS.maxOutputTokens,
        min_temperature: CHAT_LIMITS.minTemperature,
        max_temperature: CHAT_LIMITS.maxTemperature,
        run_timeout_ms: CHAT_LIMITS.runTimeoutMs,
        idle_timeout_ms: CHAT_LIMITS.idleTimeoutMs,
        safe_retries: CHAT_LIMITS.safeRetries,
        retained_runs_per_session: CHAT_LIMITS.retainedRunsPerSession,
        subscribers_per_run: CHAT_LIMITS.subscribersPerRun,
        max_delta_characters: CHAT_LIMITS.maxDeltaCharacters,
      },
      disabled_capabilities: [...DISABLED_CHAT_CAPABILITIES],
      system_instruction: 'fixed',
      output_label: ADVISORY_LABEL,
      stream_event_kinds: [...CHAT_STREAM_EVENT_KINDS],
    };
  }

  // ---- sessions ----

  async createSession(owner: string, request: ChatSessionCreateRequest): Promise<ChatSessionSummary> {
    this.deps.startup.assertNotDegraded();
    this.refuseWhileShuttingDown();
    if (this.sessions.size + this.pendingSessions >= CHAT_LIMITS.maxSessions) throw new ServiceError('CHAT_SESSION_LIMIT');
    this.pendingSessions++;
    let binding: ExecutionBinding;
    try {
      binding = await this.deps.preflight.check({
        profile: request.profile,
        model: request.model,
        module: 'chat',
        purpose: request.purpose,
        dataClasses: request.data_classes,
        consent: request.consent ?? null,
        requires: { streaming: true },
        chargeRun: false,
      });
    } finally {
      this.pendingSessions--;
    }
    if (this.sessions.size >= CHAT_LIMITS.maxSessions) throw new ServiceError('CHAT_SESSION_LIMIT');
    const now = this.deps.now();
    const session: ChatSession = {
      id: this.deps.newId('chs'),
      ownerDigest: digest(owner),
      profile: binding.profile,
      providerId: binding.providerId,
      providerKind: binding.providerKind,
      model: binding.model,
      purpose: request.purpose,
      dataClasses: [...request.data_classes],
      consent: binding.consent,
      messages: [],
      contextCharacters: 0,
      active: null,
      streams: new Map(),
      runsCompleted: 0,
      createdAt: now,
      lastActivity: now,
    };
    this.sessions.set(session.id, session);
    this.deps.log.event('chat.session.created', { session_id: session.id, provider_id: session.providerId, provider_kind: session.providerKind });
    return this.summary(session);
  }

  getSession(sessionId: string, owner: string | null): ChatSessionSummary {
    return this.summary(this.owned(sessionId, owner));
  }

  /** Discards the session and every message and stream run it owns; a run in progress is stopped. */
  deleteSession(sessionId: string, owner: string | null): ChatSessionDeleteResponse {
    const session = this.owned(sessionId, owner);
    if (session.active) this.stop(session.active, 'cancelled');
    for (const stream of session.streams.values()) stream.detachReaders();
    session.messages.length = 0;
    session.streams.clear();
    this.sessions.delete(session.id);
    this.deps.log.event('chat.session.deleted', { session_id: session.id });
    this.changed();
    return { schema_version: CHAT_SCHEMA_VERSION, session_id: session.id, state: 'deleted' };
  }

  // ---- runs ----

  /** One bounded synchronous generation; `signal` aborts it (the client went away). */
  async run(sessionId: string, owner: string | null, request: ChatRunRequest, signal?: AbortSignal): Promise<ChatRunResponse> {
    const prepared = this.admit(sessionId, owner, request, null);
    const { session, run } = prepared;
    const onClientGone = (): void => this.stop(run, 'cancelled');
    signal?.addEventListener('abort', onClientGone, { once: true });
    let reply = '';
    try {
      const result = await this.generate(prepared, request, (text) => {
        if (this.received(session, run, text)) reply += text;
      });
      if (run.withdrawn !== null) throw new ServiceError(run.withdrawn);
      if (run.stopReason !== null) throw new ProviderFailure('PROVIDER_FAILED', true, false, true);
      if (result.outcome === 'refused') throw new RefusedTurn();
      const committed = this.commit(prepared, reply);
      this.chargeTokens(session, result);
      this.audit(session, run.runId, 'sync', result.outcome, null);
      return {
        schema_version: CHAT_SCHEMA_VERSION,
        session_id: session.id,
        run_id: run.runId,
        reply: { role: 'assistant', content: reply, label: ADVISORY_LABEL },
        outcome: result.outcome,
        finish_reason: result.finishReason,
        message_count: committed.messageCount,
        context_characters: committed.contextCharacters,
      };
    } catch (caught) {
      // An adapter's typed error (a database file lost under a consent's charge) counts as its catalogued failure.
      const error = serviceErrorOf(caught) ?? caught;
      if (run.withdrawn !== null) {
        // Nothing of the unfinished answer is kept: history stays as it was before the turn.
        this.audit(session, run.runId, 'sync', 'failed', run.withdrawn);
        throw new ServiceError(run.withdrawn);
      }
      const stopped = run.stopReason;
      if (!stopped && error instanceof RefusedTurn) {
        this.audit(session, run.runId, 'sync', 'refused', 'PROVIDER_REFUSED');
        throw new ServiceError('PROVIDER_REFUSED', [], REFUSAL_REMEDIATION);
      }
      this.audit(session, run.runId, 'sync', stopped ? 'interrupted' : 'failed', stopped ? null : isServiceError(error) ? error.code : failureCode(error));
      if (isServiceError(error)) throw error;
      if (stopped === 'shutdown') throw new ServiceError('PROVIDER_UNAVAILABLE');
      throw new ServiceError(failureCode(error), error instanceof ProviderFailure ? error.details : [], remediationOf(error));
    } finally {
      signal?.removeEventListener('abort', onClientGone);
      this.release(session, run);
    }
  }

  /**
   * Starts one streaming run after the same admission and preflight as a synchronous run; the
   * generation continues in the background and its events are read through `subscribe`.
   */
  async startStream(sessionId: string, owner: string | null, request: ChatRunRequest): Promise<ChatStreamStartResponse> {
    const streamId = this.deps.newId('chr');
    const stream = new StreamRun(streamId, sessionId);
    const prepared = this.admit(sessionId, owner, request, stream);
    const { session, run } = prepared;
    let execution: Execution;
    try {
      execution = await this.prepareExecution(prepared);
    } catch (error) {
      this.release(session, run);
      throw error;
    }
    if (run.stopReason !== null) {
      this.release(session, run);
      throw new ServiceError(run.stopReason === 'shutdown' ? 'PROVIDER_UNAVAILABLE' : 'CHAT_SESSION_NOT_FOUND');
    }
    this.retain(session, stream);
    stream.emit({ kind: 'active' });
    let first = true;
    let output = 0;
    let reply = '';
    void this.generate(
      prepared,
      request,
      (text) => {
        if (stream.state !== 'active' || !this.received(session, run, text)) return;
        if (first) {
          first = false;
          stream.emit({ kind: 'first-token' });
        }
        reply += text;
        for (const piece of deltaPieces(text)) stream.emit({ kind: 'delta', text: piece });
      },
      execution,
    )
      .then(
        (result) => {
          if (run.withdrawn !== null) return this.endWithdrawn(session, run, stream);
          if (run.stopReason !== null) {
            stream.emit({ kind: 'interrupted', reason: run.stopReason });
            this.audit(session, run.runId, 'stream', 'interrupted', null);
            return;
          }
          if (result.outcome === 'refused') {
            // The refused turn is dropped: history stays as it was before the turn.
            stream.emit({ kind: 'failed', outcome: 'refused', code: 'PROVIDER_REFUSED', remediation: REFUSAL_REMEDIATION });
            this.audit(session, run.runId, 'stream', 'refused', 'PROVIDER_REFUSED');
            return;
          }
          const committed = this.commit(prepared, reply);
          this.chargeTokens(session, result);
          output = codePoints(reply);
          stream.emit({
            kind: 'completed',
            outcome: result.outcome,
            finish_reason: result.finishReason,
            message_count: committed.messageCount,
            output_characters: output,
            label: ADVISORY_LABEL,
          });
          this.audit(session, run.runId, 'stream', result.outcome, null);
        },
        (error: unknown) => {
          if (run.withdrawn !== null) this.endWithdrawn(session, run, stream);
          else if (run.stopReason !== null) {
            stream.emit({ kind: 'interrupted', reason: run.stopReason });
            this.audit(session, run.runId, 'stream', 'interrupted', null);
          } else {
            const code = failureCode(error);
            stream.emit({ kind: 'failed', outcome: 'failed', code, remediation: remediationOf(error) });
            this.audit(session, run.runId, 'stream', 'failed', code);
          }
        },
      )
      .finally(() => this.release(session, run));
    return { schema_version: CHAT_SCHEMA_VERSION, session_id: session.id, run_id: streamId, state: 'active' };
  }

  /** A reader of one stream run's events, owner-checked, from just after `lastEventId`. */
  subscribe(sessionId: string, owner: string | null, runId: string, lastEventId: number | null): StreamReader {
    const session = this.owned(sessionId, owner);
    const stream = session.streams.get(runId);
    if (!stream) throw new ServiceError('CHAT_RUN_NOT_FOUND');
    return stream.subscribe(lastEventId);
  }

  /** Idempotent cancel of that exact session-owned stream run. */
  cancel(sessionId: string, owner: string | null, runId: string): ChatStreamCancelResponse {
    const session = this.owned(sessionId, owner);
    const stream = session.streams.get(runId);
    if (!stream) throw new ServiceError('CHAT_RUN_NOT_FOUND');
    if (!stream.terminal && session.active?.stream === stream) this.stop(session.active, 'cancelled');
    return {
      schema_version: CHAT_SCHEMA_VERSION,
      session_id: session.id,
      run_id: runId,
      disposition: stream.terminal ? 'terminal' : 'cancelling',
      state: stream.state,
    };
  }

  // ---- shutdown and the shutdown preflight ----

  activeWork(): ActiveWork {
    let active = 0;
    let pendingCancellation = 0;
    for (const session of this.sessions.values()) {
      if (!session.active) continue;
      active++;
      if (session.active.stopReason !== null) pendingCancellation++;
    }
    return { active, pendingCancellation };
  }

  onChange(listener: () => void): () => void {
    // Bounded: a waiter beyond the bound is not woken early; it re-checks after its own bounded wait.
    if (this.changeListeners.size >= MAX_CHANGE_LISTENERS) return () => undefined;
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Graceful shutdown: every run in progress stops and ends `interrupted` with reason `shutdown`. */
  shutdown(): void {
    this.shuttingDown = true;
    for (const session of this.sessions.values()) {
      if (session.active) this.stop(session.active, 'shutdown');
    }
  }

  // ---- internals ----

  private owned(sessionId: string, owner: string | null): ChatSession {
    const session = this.sessions.get(sessionId);
    // An absent or wrong owner answers exactly like an unknown session (contract.md section 3).
    const candidate = digest(owner ?? '');
    const matches = session !== undefined && timingSafeEqual(session.ownerDigest, candidate) && owner !== null;
    if (!session || !matches) throw new ServiceError('CHAT_SESSION_NOT_FOUND');
    return session;
  }

  private refuseWhileShuttingDown(): void {
    if (this.shuttingDown) throw new ServiceError('STARTUP_DEGRADED');
  }

  /** Owner, startup, one-run-at-a-time and the message and context bounds, before any provider access. */
  private admit(sessionId: string, owner: string | null, request: ChatRunRequest, stream: StreamRun | null): PreparedRun {
    const session = this.owned(sessionId, owner);
    this.deps.startup.assertNotDegraded();
    this.refuseWhileShuttingDown();
    if (session.active) throw new ServiceError('CHAT_RUN_ACTIVE');
    if (session.messages.length + 2 > CHAT_LIMITS.maxMessagesPerSession) {
      throw new ServiceError('CHAT_MESSAGE_LIMIT', [{ name: 'message_count', value: session.messages.length }]);
    }
    const userCharacters = codePoints(request.message);
    if (userCharacters > CHAT_LIMITS.maxMessageCharacters) throw new ServiceError('CHAT_CONTEXT_LIMIT', [{ name: 'message_characters', value: userCharacters }]);
    // Room for at least one character of reply must remain inside the total context bound.
    if (session.contextCharacters + userCharacters >= CHAT_LIMITS.maxContextCharacters) {
      throw new ServiceError('CHAT_CONTEXT_LIMIT', [{ name: 'context_characters', value: session.contextCharacters }]);
    }
    const run: ActiveRun = { runId: stream?.runId ?? this.deps.newId('chr'), controller: new AbortController(), stream, stopReason: null, withdrawn: null, unwatch: null };
    session.active = run;
    session.lastActivity = this.deps.now();
    this.changed();
    return { session, run, userMessage: { role: 'user', content: request.message }, userCharacters };
  }

  /**
   * Re-reads consent and re-enters the central preflight for this run (charged to a consent
   * budget), then reads the credential the binding names. Both fail before any provider access.
   */
  private async prepareExecution(prepared: PreparedRun): Promise<Execution> {
    const { session, run, userCharacters } = prepared;
    const binding = await this.deps.preflight.check({
      profile: session.profile,
      model: session.model,
      module: 'chat',
      purpose: session.purpose,
      dataClasses: session.dataClasses,
      consent: session.consent,
      requires: { streaming: true, contextCharacters: session.contextCharacters + userCharacters },
      chargeRun: true,
    });
    // Watched from the turn its preflight passed: a revocation from now on stops the run. The
    // request is charged to the consent's character budget before anything is sent.
    if (session.consent !== null) {
      run.unwatch = this.deps.consentRuns.watch(session.consent, (code) => this.withdraw(run, code));
      this.deps.consentRuns.chargeSent(session.consent, codePoints(CHAT_SYSTEM_INSTRUCTION) + session.contextCharacters + userCharacters);
    }
    this.deps.startup.assertNotDegraded();
    const credential = binding.credentialReference === null ? null : await this.deps.credentials.resolve(binding.credentialReference);
    return { binding, credential };
  }

  /** Calls the provider; a stream passes the execution its start already prepared. */
  private async generate(prepared: PreparedRun, request: ChatRunRequest, onText: (text: string) => void, ready?: Execution): Promise<GenerationResult> {
    const { session, run, userMessage, userCharacters } = prepared;
    const { binding, credential } = ready ?? (await this.prepareExecution(prepared));
    if (run.stopReason !== null) throw new ProviderFailure('PROVIDER_FAILED', false, false, true);
    const temperature = Math.min(CHAT_LIMITS.maxTemperature, Math.max(CHAT_LIMITS.minTemperature, request.temperature ?? this.deps.defaultTemperature()));
    const maxOutputTokens = Math.min(request.max_output_tokens ?? CHAT_LIMITS.maxOutputTokens, CHAT_LIMITS.maxOutputTokens, binding.capabilities.max_output_tokens);
    const room = Math.min(CHAT_LIMITS.maxMessageCharacters, CHAT_LIMITS.maxContextCharacters - session.contextCharacters - userCharacters);
    const result = await this.deps.providers[binding.providerId].generate(
      {
        providerId: binding.providerId,
        model: binding.model,
        endpoint: binding.endpoint,
        credential,
        system: CHAT_SYSTEM_INSTRUCTION,
        messages: [...session.messages, userMessage],
        maxOutputTokens,
        temperature,
        maxOutputCharacters: room,
        signal: run.controller.signal,
      },
      { text: onText },
    );
    return result;
  }

  /** History is committed only here, after a successful provider result (spec section 3, rule 5). */
  private commit(prepared: PreparedRun, reply: string): { messageCount: number; contextCharacters: number } {
    const { session, userMessage, userCharacters } = prepared;
    if (this.sessions.get(session.id) !== session) return { messageCount: 0, contextCharacters: 0 };
    session.messages.push(userMessage, { role: 'assistant', content: reply });
    session.contextCharacters += userCharacters + codePoints(reply);
    session.runsCompleted++;
    session.lastActivity = this.deps.now();
    return { messageCount: session.messages.length, contextCharacters: session.contextCharacters };
  }

  private stop(run: ActiveRun, reason: 'cancelled' | 'shutdown'): void {
    if (run.stopReason === null) run.stopReason = reason;
    run.stream?.stop(reason);
    run.controller.abort();
    this.changed();
  }

  /** Text arrived for the run: charged to its consent; false when the run was stopped (withdrawn, or this text reached the budget). */
  private received(session: ChatSession, run: ActiveRun, text: string): boolean {
    if (run.withdrawn !== null) return false;
    if (session.consent !== null && !this.deps.consentRuns.chargeReceived(session.consent, codePoints(text))) return false;
    return run.withdrawn === null;
  }

  /** Tokens the provider reported for a finished run, charged to its consent (after the turn is committed: they were spent). */
  private chargeTokens(session: ChatSession, result: GenerationResult): void {
    if (session.consent !== null) this.deps.consentRuns.chargeTokens(session.consent, result.usage);
  }

  /** The run's consent stopped holding: the upstream request is aborted now; the run ends failed with the code. */
  private withdraw(run: ActiveRun, code: WithdrawalCode): void {
    run.withdrawn ??= code;
    run.controller.abort();
    this.changed();
  }

  /** The terminal event of a withdrawn stream run; the unfinished answer is dropped, not committed. */
  private endWithdrawn(session: ChatSession, run: ActiveRun, stream: StreamRun): void {
    const code = run.withdrawn ?? 'CONSENT_REVOKED';
    stream.emit({ kind: 'failed', outcome: 'failed', code, remediation: WITHDRAWAL_REMEDIATION[code] });
    this.audit(session, run.runId, 'stream', 'failed', code);
  }

  private release(session: ChatSession, run: ActiveRun): void {
    run.unwatch?.();
    run.unwatch = null;
    if (session.active === run) session.active = null;
    this.changed();
  }

  /** Keeps the stream for replay; the oldest terminal streams beyond the bound are dropped. */
  private retain(session: ChatSession, stream: StreamRun): void {
    session.streams.set(stream.runId, stream);
    for (const [id, kept] of session.streams) {
      if (session.streams.size <= CHAT_LIMITS.retainedRunsPerSession) break;
      if (kept.terminal) {
        kept.detachReaders();
        session.streams.delete(id);
      }
    }
  }

  private summary(session: ChatSession): ChatSessionSummary {
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

  /** The payload-free audit record of a run: ids, mode, outcome and a code; never content. */
  private audit(session: ChatSession, runId: string, mode: 'sync' | 'stream', outcome: 'completed' | 'truncated' | 'refused' | 'interrupted' | 'failed', code: ErrorCode | null): void {
    this.deps.log.event('chat.run.ended', { session_id: session.id, run_id: runId, mode, outcome, code, provider_id: session.providerId });
  }

  private changed(): void {
    for (const listener of [...this.changeListeners]) listener();
  }
}
