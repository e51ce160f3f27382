import type { ApiClient, Schemas } from './api-client.js';
import { HEADER_SESSION_OWNER } from './generated/contract-constants.js';
import { RequestFailed } from './request-failed.js';
import { resumableEventStream, type ReconnectOptions, type StreamEvent } from './resumable-stream.js';

export type ChatStreamEvent = Schemas['ChatStreamEvent'];
export type ChatRunRequest = Schemas['ChatRunRequest'];

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

function isChatEvent(value: unknown): value is ChatStreamEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    typeof value.kind === 'string' &&
    'sequence' in value &&
    typeof value.sequence === 'number'
  );
}

/** The kinds that end a run's stream; exactly one of them comes last. */
const TERMINAL_KINDS: ReadonlySet<string> = new Set<ChatStreamEvent['kind']>(['completed', 'interrupted', 'failed']);

function readChatEvent(data: string): StreamEvent<ChatStreamEvent> | null {
  const event: unknown = JSON.parse(data);
  return isChatEvent(event) ? { item: event, sequence: event.sequence, terminal: TERMINAL_KINDS.has(event.kind) } : null;
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

  /** Starts a streaming run in a session and returns it; read `events()` for its output. `signal` aborts the start. */
  async stream(sessionId: string, request: ChatRunRequest, signal?: AbortSignal): Promise<ChatStreamRun> {
    const header = { 'X-Service-Session-Owner': this.owner };
    const { data, error, response } = await this.api.POST('/api/v1/chat/sessions/{session_id}/streams', {
      params: { path: { session_id: sessionId }, header },
      body: request,
      signal,
    });
    if (data === undefined) throw new RequestFailed(response.status, error);
    const runId = data.run_id;
    const url = `${this.baseUrl}/api/v1/chat/sessions/${encodeURIComponent(sessionId)}/streams/${encodeURIComponent(runId)}/events`;
    const headers = { ...this.headers(), [HEADER_SESSION_OWNER]: this.owner };
    const api = this.api;
    const sleep = this.reconnect.sleep;
    return {
      sessionId,
      runId,
      events: (signal?: AbortSignal) => resumableEventStream({ url, headers: () => headers, signal, sleep, read: readChatEvent }),
      async cancel(cancelSignal?: AbortSignal) {
        const { error, response } = await api.POST('/api/v1/chat/sessions/{session_id}/streams/{run_id}/cancel', {
          params: { path: { session_id: sessionId, run_id: runId }, header },
          signal: cancelSignal,
        });
        if (!response.ok) throw new RequestFailed(response.status, error);
      },
    };
  }
}
