import { timingSafeEqual } from 'node:crypto';
import { codePoints } from '../../contract/code-points.js';
import {
  ADVISORY_LABEL,
  CHAT_SCHEMA_VERSION,
  type ChatCapabilityResponse,
  type ChatRunRequest,
  type ChatRunResponse,
  type ChatSessionCreateRequest,
  type ChatSessionDeleteResponse,
  type ChatSessionSummary,
  type ChatStreamCancelResponse,
  type ChatStreamStartResponse,
} from '../../contract/chat.js';
import { CHAT_LIMITS } from '../../contract/limits.js';
import type { EventLog } from '../event-log.js';
import type { ActiveWork, ActiveWorkSource } from '../jobs/active-work.js';
import type { WithdrawalCode } from '../providers/consent-runs.js';
import type { GenerationResult } from '../providers/model-provider.js';
import type { ExecutionBinding } from '../providers/preflight.js';
import { serviceErrorOf } from '../adapter-failures.js';
import { ServiceError } from '../service-error.js';
import { ownerDigest, sessionSummary, type ActiveRun, type ChatSession, type PreparedRun, type StopReason } from './chat-session.js';
import {
  auditOf,
  failureCode,
  REFUSAL_REMEDIATION,
  remediationOf,
  runEnd,
  syncRefusal,
  WITHDRAWAL_REMEDIATION,
  type DroppedEnd,
  type RunEnd,
  type Settled,
} from './run-end.js';
import { chatCapability } from './chat-capability.js';
import { RunExecution, type Execution, type RunExecutionDeps } from './run-execution.js';
import { deltaPieces, StreamRun, type StreamReader } from './stream-run.js';

export interface ChatServiceDeps extends RunExecutionDeps {
  readonly log: EventLog;
  readonly now: () => number;
  readonly newId: (prefix: 'chs' | 'chr') => string;
}

/** Shutdown-preflight waiters woken when the active-run count may have dropped. */
const MAX_CHANGE_LISTENERS = 64;

/** What a committed turn left in its session. */
interface Committed {
  readonly messageCount: number;
  readonly contextCharacters: number;
}

/** A run's end once concluded: an answered turn with what its commit left, or a dropped turn. */
type Concluded = { readonly kind: 'answered'; readonly end: Extract<RunEnd, { readonly kind: 'answered' }>; readonly committed: Committed } | DroppedEnd;

/** How a settled provider call of a run reads as its one outcome. */
function settle(work: Promise<GenerationResult>): Promise<Settled> {
  return work.then(
    (result): Settled => ({ ok: true, result }),
    // An adapter's typed error (a database file lost under a consent's charge) counts as its catalogued failure.
    (error: unknown): Settled => ({ ok: false, error: serviceErrorOf(error) ?? error }),
  );
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

  private readonly execution: RunExecution;

  constructor(private readonly deps: ChatServiceDeps) {
    this.execution = new RunExecution(deps);
  }

  capability(): ChatCapabilityResponse {
    return chatCapability();
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
      ownerDigest: ownerDigest(owner),
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
    return sessionSummary(session);
  }

  getSession(sessionId: string, owner: string | null): ChatSessionSummary {
    return sessionSummary(this.owned(sessionId, owner));
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
    let concluded: Concluded;
    try {
      const settled = await settle(
        this.execution
          .prepare(prepared, (stopped, code) => this.withdraw(stopped, code))
          .then((execution) =>
            this.execution.generate(
              prepared,
              request,
              (text) => {
                if (this.execution.received(prepared, text)) reply += text;
              },
              execution,
            ),
          ),
      );
      concluded = this.conclude(prepared, 'sync', runEnd(run, settled), reply);
    } finally {
      signal?.removeEventListener('abort', onClientGone);
      this.release(session, run);
    }
    if (concluded.kind !== 'answered') throw syncRefusal(concluded);
    const { end, committed } = concluded;
    return {
      schema_version: CHAT_SCHEMA_VERSION,
      session_id: session.id,
      run_id: run.runId,
      reply: { role: 'assistant', content: reply, label: ADVISORY_LABEL },
      outcome: end.outcome,
      finish_reason: end.result.finishReason,
      message_count: committed.messageCount,
      context_characters: committed.contextCharacters,
    };
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
      execution = await this.execution.prepare(prepared, (stopped, code) => this.withdraw(stopped, code));
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
    let reply = '';
    const onText = (text: string): void => {
      if (stream.state !== 'active' || !this.execution.received(prepared, text)) return;
      if (first) {
        first = false;
        stream.emit({ kind: 'first-token' });
      }
      reply += text;
      for (const piece of deltaPieces(text)) stream.emit({ kind: 'delta', text: piece });
    };
    void settle(this.execution.generate(prepared, request, onText, execution))
      .then((settled) => {
        this.emitEnd(stream, this.conclude(prepared, 'stream', runEnd(run, settled), reply), reply);
      })
      .finally(() => this.release(session, run));
    return { schema_version: CHAT_SCHEMA_VERSION, session_id: session.id, run_id: streamId, state: 'active' };
  }

  /** The terminal event of a stream run for its outcome; a dropped answer's text is never in it. */
  private emitEnd(stream: StreamRun, concluded: Concluded, reply: string): void {
    if (concluded.kind === 'answered') {
      const { end, committed } = concluded;
      stream.emit({
        kind: 'completed',
        outcome: end.outcome,
        finish_reason: end.result.finishReason,
        message_count: committed.messageCount,
        output_characters: codePoints(reply),
        label: ADVISORY_LABEL,
      });
      return;
    }
    const end = concluded;
    switch (end.kind) {
      case 'withdrawn':
        stream.emit({ kind: 'failed', outcome: 'failed', code: end.code, remediation: WITHDRAWAL_REMEDIATION[end.code] });
        return;
      case 'interrupted':
        stream.emit({ kind: 'interrupted', reason: end.reason });
        return;
      case 'refused':
        // The refused turn is dropped: history stays as it was before the turn.
        stream.emit({ kind: 'failed', outcome: 'refused', code: 'PROVIDER_REFUSED', remediation: REFUSAL_REMEDIATION });
        return;
      case 'failed':
        stream.emit({ kind: 'failed', outcome: 'failed', code: failureCode(end.error), remediation: remediationOf(end.error) });
        return;
    }
  }

  /** What every run does at its end, in both modes: commits an answered turn and charges its tokens, and audits the outcome. */
  private conclude(prepared: PreparedRun, mode: 'sync' | 'stream', end: RunEnd, reply: string): Concluded {
    const { session, run } = prepared;
    const concluded: Concluded = end.kind === 'answered' ? { kind: 'answered', end, committed: this.commit(prepared, reply) } : end;
    if (end.kind === 'answered') this.execution.chargeTokens(prepared, end.result);
    const { outcome, code } = auditOf(end);
    this.deps.log.event('chat.run.ended', { session_id: session.id, run_id: run.runId, mode, outcome, code, provider_id: session.providerId });
    return concluded;
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
    const candidate = ownerDigest(owner ?? '');
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
    if (userCharacters > CHAT_LIMITS.maxMessageCharacters)
      throw new ServiceError('CHAT_CONTEXT_LIMIT', [{ name: 'message_characters', value: userCharacters }]);
    // Room for at least one character of reply must remain inside the total context bound.
    if (session.contextCharacters + userCharacters >= CHAT_LIMITS.maxContextCharacters) {
      throw new ServiceError('CHAT_CONTEXT_LIMIT', [{ name: 'context_characters', value: session.contextCharacters }]);
    }
    const run: ActiveRun = {
      runId: stream?.runId ?? this.deps.newId('chr'),
      controller: new AbortController(),
      stream,
      stopReason: null,
      withdrawn: null,
      unwatch: null,
    };
    session.active = run;
    session.lastActivity = this.deps.now();
    this.changed();
    return { session, run, userMessage: { role: 'user', content: request.message }, userCharacters };
  }

  /** History is committed only here, after a successful provider result (spec section 3, rule 5). */
  private commit(prepared: PreparedRun, reply: string): Committed {
    const { session, userMessage, userCharacters } = prepared;
    if (this.sessions.get(session.id) !== session) return { messageCount: 0, contextCharacters: 0 };
    session.messages.push(userMessage, { role: 'assistant', content: reply });
    session.contextCharacters += userCharacters + codePoints(reply);
    session.runsCompleted++;
    session.lastActivity = this.deps.now();
    return { messageCount: session.messages.length, contextCharacters: session.contextCharacters };
  }

  private stop(run: ActiveRun, reason: StopReason): void {
    if (run.stopReason === null) run.stopReason = reason;
    run.stream?.stop(reason);
    run.controller.abort();
    this.changed();
  }

  /** The run's consent stopped holding: the upstream request is aborted now; the run ends failed with the code. */
  private withdraw(run: ActiveRun, code: WithdrawalCode): void {
    run.withdrawn ??= code;
    run.controller.abort();
    this.changed();
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

  private changed(): void {
    for (const listener of [...this.changeListeners]) listener();
  }
}
