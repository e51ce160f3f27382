import type { ApiClient, Schemas } from './api-client.js';
import { readEventStream } from './event-stream.js';
import { HEADER_SESSION_OWNER } from './generated/contract-constants.js';
import { envelopeCode, RequestFailed } from './request-failed.js';

export type ChatStreamEvent = Schemas['ChatStreamEvent'];
export type ChatRunRequest = Schemas['ChatRunRequest'];

/** A started streaming run: its events as they arrive, and its cancel. */
export interface ChatStreamRun {
  readonly sessionId: string;
  readonly runId: string;
  /** The run's events from the first, ending after its terminal event (the server closes the stream). */
  events(signal?: AbortSignal): AsyncGenerator<ChatStreamEvent>;
  /** Idempotently asks the service to cancel this exact run. */
  cancel(): Promise<void>;
}

function isChatEvent(value: unknown): value is ChatStreamEvent {
  return typeof value === 'object' && value !== null && 'kind' in value && typeof value.kind === 'string' && 'sequence' in value && typeof value.sequence === 'number';
}

/** Chat with streaming, for one session owner (the window or tab the main process speaks for). */
export class ChatClient {
  constructor(
    private readonly api: ApiClient,
    private readonly baseUrl: string,
    private readonly headers: () => Record<string, string>,
    private readonly owner: string,
  ) {}

  /** Starts a streaming run in a session and returns it; read `events()` for its output. */
  async stream(sessionId: string, request: ChatRunRequest): Promise<ChatStreamRun> {
    const header = { 'X-Service-Session-Owner': this.owner };
    const { data, error, response } = await this.api.POST('/api/v1/chat/sessions/{session_id}/streams', { params: { path: { session_id: sessionId }, header }, body: request });
    if (data === undefined) throw new RequestFailed(response.status, envelopeCode(error));
    const runId = data.run_id;
    const url = `${this.baseUrl}/api/v1/chat/sessions/${encodeURIComponent(sessionId)}/streams/${encodeURIComponent(runId)}/events`;
    const headers = { ...this.headers(), [HEADER_SESSION_OWNER]: this.owner };
    const api = this.api;
    return {
      sessionId,
      runId,
      async *events(signal?: AbortSignal) {
        for await (const message of readEventStream(url, headers, signal)) {
          const event: unknown = JSON.parse(message.data);
          if (isChatEvent(event)) yield event;
        }
      },
      async cancel() {
        await api.POST('/api/v1/chat/sessions/{session_id}/streams/{run_id}/cancel', { params: { path: { session_id: sessionId, run_id: runId }, header } });
      },
    };
  }
}
