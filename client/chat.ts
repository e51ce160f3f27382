import type { ApiClient, Schemas } from './api-client.js';
import { HEADER_SESSION_OWNER } from './generated/contract-constants.js';
import { answerOf } from './answer.js';
import { resumableEventStream, type ReconnectOptions, type StreamEvent } from './resumable-stream.js';
import { checked } from './schema-check.js';

export type ChatStreamEvent = Schemas['ChatStreamEvent'];
export type ChatRunRequest = Schemas['ChatRunRequest'];
export type ChatSessionRequest = Schemas['ChatSessionCreateRequest'];
export type ChatSession = Schemas['ChatSessionSummary'];

/** A started streaming run: its events as they arrive, and its cancel. */
export interface ChatStreamRun {
  readonly sessionId: string;
  readonly runId: string;
  /**
   * The run's events from the first, ending after its terminal event (`completed`, `interrupted` or
   * `failed`). A stream that ends or drops before it is resumed with `Last-Event-ID`; when it cannot
   * be (RECONNECTS_WITHOUT_PROGRESS reconnections in a row without a new event) this throws
   * StreamInterrupted, and a refusal (e.g. 410 CHAT_STREAM_REPLAY_GAP) throws RequestFailed: a
   * cut-off answer never ends like a complete one.
   */
  events(signal?: AbortSignal): AsyncGenerator<ChatStreamEvent>;
  /** Idempotently asks the service to cancel this exact run; a refusal (e.g. 404 CHAT_RUN_NOT_FOUND) throws RequestFailed. */
  cancel(signal?: AbortSignal): Promise<void>;
}

/** The kinds that end a run's stream; exactly one of them comes last. */
const TERMINAL_KINDS: ReadonlySet<string> = new Set<ChatStreamEvent['kind']>(['completed', 'interrupted', 'failed']);

function readChatEvent(data: string): StreamEvent<ChatStreamEvent> {
  const event = checked('ChatStreamEvent', JSON.parse(data));
  return { item: event, sequence: event.sequence, terminal: TERMINAL_KINDS.has(event.kind) };
}

/** Chat with streaming, for one session owner (the window or tab the main process speaks for). */
export class ChatClient {
  constructor(
    private readonly api: ApiClient,
    private readonly baseUrl: string,
    private readonly headers: () => Record<string, string>,
    private readonly owner: string,
    private readonly reconnect: ReconnectOptions = {},
  ) {}

  /** Opens a chat session of this owner on a profile and model, for a purpose and the data classes it may send. */
  openSession(request: ChatSessionRequest, signal?: AbortSignal): Promise<ChatSession> {
    const call = this.api.POST('/api/v1/chat/sessions', { params: { header: { 'X-Service-Session-Owner': this.owner } }, body: request, signal });
    return answerOf('ChatSessionSummary', call, 'POST /api/v1/chat/sessions');
  }

  /** Starts a streaming run in a session and returns it; read `events()` for its output. `signal` aborts the start. */
  async stream(sessionId: string, request: ChatRunRequest, signal?: AbortSignal): Promise<ChatStreamRun> {
    const header = { 'X-Service-Session-Owner': this.owner };
    const call = this.api.POST('/api/v1/chat/sessions/{session_id}/streams', { params: { path: { session_id: sessionId }, header }, body: request, signal });
    const runId = (await answerOf('ChatStreamStartResponse', call, 'POST /api/v1/chat/sessions/{session_id}/streams')).run_id;
    const url = `${this.baseUrl}/api/v1/chat/sessions/${encodeURIComponent(sessionId)}/streams/${encodeURIComponent(runId)}/events`;
    const headers = { ...this.headers(), [HEADER_SESSION_OWNER]: this.owner };
    const api = this.api;
    const sleep = this.reconnect.sleep;
    return {
      sessionId,
      runId,
      events: (signal?: AbortSignal) => resumableEventStream({ url, headers: () => headers, signal, sleep, read: readChatEvent }),
      async cancel(cancelSignal?: AbortSignal) {
        const call = api.POST('/api/v1/chat/sessions/{session_id}/streams/{run_id}/cancel', {
          params: { path: { session_id: sessionId, run_id: runId }, header },
          signal: cancelSignal,
        });
        await answerOf('ChatStreamCancelResponse', call, 'POST /api/v1/chat/sessions/{session_id}/streams/{run_id}/cancel');
      },
    };
  }
}
