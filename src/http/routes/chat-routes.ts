import type { IncomingHttpHeaders } from 'node:http';
import {
  ChatCapabilityResponse,
  ChatRunRequest,
  ChatRunResponse,
  ChatSessionCreateRequest,
  ChatSessionDeleteResponse,
  ChatSessionPathParams,
  ChatSessionSummary,
  ChatStreamCancelResponse,
  ChatStreamEvent,
  ChatStreamPathParams,
  ChatStreamStartResponse,
  SESSION_OWNER_HEADER,
  SESSION_OWNER_PATTERN,
  SessionOwner,
} from '../../contract/chat.js';
import { CHAT_LIMITS } from '../../contract/limits.js';
import type { ChatService } from '../../app/chat/chat-service.js';
import { ServiceError } from '../../app/service-error.js';
import { bindRoute, declareRoute, type RouteDefinition } from '../route-definition.js';
import { lazySerializer } from '../schema-serializer.js';
import { SseFrames, streamSse } from '../sse.js';
import { toHttpValidationError } from '../validation-error.js';
import { Type } from 'typebox';

const OWNER = new RegExp(SESSION_OWNER_PATTERN);
const LAST_EVENT_ID = /^(0|[1-9][0-9]{0,15})$/;

/** The owner header, or null when absent or malformed (a duplicated header arrives joined and is malformed). */
function ownerOf(request: { readonly headers: IncomingHttpHeaders }): string | null {
  const value = request.headers['x-service-session-owner'];
  return typeof value === 'string' && value.length <= 64 && OWNER.test(value) ? value : null;
}

/** `Last-Event-ID`: absent, or a decimal event id; anything else is CHAT_STREAM_CURSOR_INVALID. */
function lastEventIdOf(request: { readonly headers: IncomingHttpHeaders }): number | null {
  const header = request.headers['last-event-id'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !LAST_EVENT_ID.test(header)) throw new ServiceError('CHAT_STREAM_CURSOR_INVALID');
  const value = Number(header);
  if (!Number.isSafeInteger(value)) throw new ServiceError('CHAT_STREAM_CURSOR_INVALID');
  return value;
}

const OWNER_HEADER = {
  name: SESSION_OWNER_HEADER,
  schema: SessionOwner,
  description: 'The session owner (contract.md section 8). Absent or wrong, the session answers exactly like an unknown one: 404 CHAT_SESSION_NOT_FOUND.',
  required: true,
};
const LastEventIdHeader = Type.String({ pattern: LAST_EVENT_ID.source, description: 'The id of the last event received; replay resumes after it.' });
const TAGS: readonly string[] = ['chat'];
const BASE = '/api/v1/chat/sessions';

/** The chat routes as declared: what the contract document reads; `chatRoutes` binds their handlers. */
export const CHAT_ROUTES = {
  getInternalChatCapability: declareRoute({
    operationId: 'getInternalChatCapability',
    method: 'GET',
    path: '/api/v1/chat/capability',
    dispatchKey: 'chat.capability',
    summary: 'Chat limits and disabled capabilities',
    description:
      'The exact schema-v1 limits of transient chat and the capabilities no chat run has (tools, files, databases, shells, plugins, external services).',
    tags: TAGS,
    success: { status: 200, description: 'The chat capability.', schema: ChatCapabilityResponse, contentType: 'application/json' },
  }),
  createInternalChatSession: declareRoute({
    operationId: 'createInternalChatSession',
    method: 'POST',
    path: BASE,
    dispatchKey: 'chat.create_session',
    summary: 'Open a chat session',
    description: `Preflights one exact named provider profile, its exact model, a purpose, a data-class set and an optional named consent (required for cloud providers) through the central provider preflight, then opens an in-memory session owned by the \`${SESSION_OWNER_HEADER}\` header. Refused with STARTUP_DEGRADED before any provider access while startup is degraded; at most ${CHAT_LIMITS.maxSessions} live sessions (409 CHAT_SESSION_LIMIT). A missing or malformed owner header is 422 (header validation of the request that names the owner; no session exists yet to hide). On every route under a session an absent or wrong owner is 404 CHAT_SESSION_NOT_FOUND instead, exactly like an unknown session, so owners cannot probe each other. An unknown profile or consent named in the body is 409 (PROFILE_NOT_FOUND, CONSENT_REQUIRED): 404 is kept for what the path addresses.`,
    tags: TAGS,
    headers: [OWNER_HEADER],
    body: ChatSessionCreateRequest,
    success: { status: 200, description: 'The new session, without message content.', schema: ChatSessionSummary, contentType: 'application/json' },
  }),
  getInternalChatSession: declareRoute({
    operationId: 'getInternalChatSession',
    method: 'GET',
    path: `${BASE}/{session_id}`,
    dispatchKey: 'chat.get_session',
    summary: 'Chat session summary',
    description: 'A path-free summary without message content: profile, provider, model, purpose, data classes, consent name, counts and the active run.',
    tags: TAGS,
    headers: [OWNER_HEADER],
    params: ChatSessionPathParams,
    success: { status: 200, description: 'The session summary.', schema: ChatSessionSummary, contentType: 'application/json' },
  }),
  deleteInternalChatSession: declareRoute({
    operationId: 'deleteInternalChatSession',
    method: 'DELETE',
    path: `${BASE}/{session_id}`,
    dispatchKey: 'chat.delete_session',
    summary: 'Discard a chat session',
    description: 'Discards the session and every in-memory message and stream run it owns. A run in progress is stopped (its stream ends `interrupted`).',
    tags: TAGS,
    headers: [OWNER_HEADER],
    params: ChatSessionPathParams,
    success: { status: 200, description: 'The session is gone.', schema: ChatSessionDeleteResponse, contentType: 'application/json' },
  }),
  runInternalChat: declareRoute({
    operationId: 'runInternalChat',
    method: 'POST',
    path: `${BASE}/{session_id}/runs`,
    dispatchKey: 'chat.run',
    summary: 'One synchronous chat run',
    description: `One bounded generation under the fixed system instruction. Every run re-reads consent and re-enters the central provider preflight; one run at a time per session (409 CHAT_RUN_ACTIVE); at most ${CHAT_LIMITS.maxMessagesPerSession} messages (409 CHAT_MESSAGE_LIMIT) and ${CHAT_LIMITS.maxContextCharacters} context characters (409 CHAT_CONTEXT_LIMIT). History is committed only for a completed or truncated answer (fields outcome and finish_reason); a refusal is 409 PROVIDER_REFUSED and an answer larger than the model's context 409 PROVIDER_CONTEXT_EXCEEDED; any other provider failure is a sanitized PROVIDER_* code with a remediation (docs/chat-outcomes.md); neither changes the history. The reply is labelled advisory, not evidence.`,
    tags: TAGS,
    headers: [OWNER_HEADER],
    params: ChatSessionPathParams,
    body: ChatRunRequest,
    success: { status: 200, description: 'The advisory reply.', schema: ChatRunResponse, contentType: 'application/json' },
  }),
  startInternalChatStream: declareRoute({
    operationId: 'startInternalChatStream',
    method: 'POST',
    path: `${BASE}/{session_id}/streams`,
    dispatchKey: 'chat.start_stream',
    summary: 'Start a streaming chat run',
    description:
      'Admits one owner-scoped streaming run after the same checks and preflight as a synchronous run (errors are answered here, before any event) and returns its run id; the generation proceeds at once and its events are read from the events route.',
    tags: TAGS,
    headers: [OWNER_HEADER],
    params: ChatSessionPathParams,
    body: ChatRunRequest,
    success: { status: 202, description: 'The run is active.', schema: ChatStreamStartResponse, contentType: 'application/json' },
  }),
  streamInternalChatEvents: declareRoute({
    operationId: 'streamInternalChatEvents',
    method: 'GET',
    path: `${BASE}/{session_id}/streams/{run_id}/events`,
    dispatchKey: 'chat.stream_events',
    summary: 'Chat stream events (SSE)',
    description: `Server-sent events of one run: \`id\` is the run's monotonic sequence from 1, \`event\` the kind (\`active\`, \`first-token\`, \`delta\`, \`cancelling\`, then exactly one of \`completed\`, \`interrupted\`, \`failed\`), \`data\` one strict ChatStreamEvent. The last ${CHAT_LIMITS.replayBufferBytes / 1024} KiB of events are retained; \`Last-Event-ID\` resumes after that id. Refused before any event: an absent or wrong owner or unknown session (404 CHAT_SESSION_NOT_FOUND), an unknown run (404 CHAT_RUN_NOT_FOUND), a malformed or future cursor and any query string (400 CHAT_STREAM_CURSOR_INVALID), a cursor before the retained window (410 CHAT_STREAM_REPLAY_GAP). A reader that falls behind the window is disconnected, never skipped forward. Comment heartbeat every ${CHAT_LIMITS.heartbeatMs / 1000} s; the stream closes after the terminal event.`,
    tags: TAGS,
    headers: [OWNER_HEADER, { name: 'Last-Event-ID', schema: LastEventIdHeader, description: 'Resume after this event id.', required: false }],
    params: ChatStreamPathParams,
    queryRefusal: 'CHAT_STREAM_CURSOR_INVALID',
    success: { status: 200, description: 'The event stream.', contentType: 'text/event-stream', eventSchema: ChatStreamEvent },
    extraErrorStatuses: [410],
  }),
  cancelInternalChatStream: declareRoute({
    operationId: 'cancelInternalChatStream',
    method: 'POST',
    path: `${BASE}/{session_id}/streams/{run_id}/cancel`,
    dispatchKey: 'chat.cancel_stream',
    summary: 'Cancel a streaming chat run',
    description:
      'Idempotent for that exact session-owned run. An active run emits `cancelling` once, its provider call is aborted and it ends `interrupted` with history unchanged (`disposition: cancelling`); repeated calls add no event. A run that already ended answers `disposition: terminal` with its outcome.',
    tags: TAGS,
    headers: [OWNER_HEADER],
    params: ChatStreamPathParams,
    success: { status: 200, description: 'The cancellation disposition.', schema: ChatStreamCancelResponse, contentType: 'application/json' },
  }),
} as const;

/** The transient chat routes: they translate HTTP to the chat service and decide nothing. */
export function chatRoutes(chat: ChatService): RouteDefinition[] {
  const frames = new SseFrames(lazySerializer(ChatStreamEvent));
  return [
    bindRoute(CHAT_ROUTES.getInternalChatCapability, async () => chat.capability()),
    bindRoute(CHAT_ROUTES.createInternalChatSession, async (request, reply) => {
      const owner = ownerOf(request);
      if (owner === null) {
        const violation = {
          instancePath: '',
          keyword: 'required',
          params: { missingProperty: SESSION_OWNER_HEADER },
          message: `must carry a valid ${SESSION_OWNER_HEADER}`,
        };
        return reply.invalid(toHttpValidationError([violation], 'headers'));
      }
      return chat.createSession(owner, request.body);
    }),
    bindRoute(CHAT_ROUTES.getInternalChatSession, async (request) => chat.getSession(request.params.session_id, ownerOf(request))),
    bindRoute(CHAT_ROUTES.deleteInternalChatSession, async (request) => chat.deleteSession(request.params.session_id, ownerOf(request))),
    bindRoute(CHAT_ROUTES.runInternalChat, async (request, reply) => chat.run(request.params.session_id, ownerOf(request), request.body, reply.clientGone())),
    bindRoute(CHAT_ROUTES.startInternalChatStream, async (request) => chat.startStream(request.params.session_id, ownerOf(request), request.body)),
    bindRoute(CHAT_ROUTES.streamInternalChatEvents, async (request, reply) => {
      const { session_id: sessionId, run_id: runId } = request.params;
      const owner = ownerOf(request);
      // Owner first: a wrong owner learns nothing about runs or cursors.
      chat.getSession(sessionId, owner);
      const reader = chat.subscribe(sessionId, owner, runId, lastEventIdOf(request));
      return reply.stream((res) =>
        streamSse(
          res,
          {
            next: () => reader.next(),
            poll: () => reader.poll(),
            onEnd: (listener) => reader.onEnd(listener),
            close: () => reader.close(),
          },
          { heartbeatMs: CHAT_LIMITS.heartbeatMs, frames },
        ),
      );
    }),
    bindRoute(CHAT_ROUTES.cancelInternalChatStream, async (request) => {
      const { session_id: sessionId, run_id: runId } = request.params;
      return chat.cancel(sessionId, ownerOf(request), runId);
    }),
  ];
}
