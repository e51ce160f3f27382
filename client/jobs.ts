import type { ApiClient, Schemas } from './api-client.js';
import { answerOf } from './answer.js';
import { resumableEventStream, type ReconnectOptions } from './resumable-stream.js';
import { checked } from './schema-check.js';

export type JobEvent = Schemas['JobEvent'];
export type JobSnapshot = Schemas['JobSnapshot'];
export type JobState = JobSnapshot['state'];
export type JobSnapshotPage = Schemas['JobSnapshotPage'];
export type JobCancelResponse = Schemas['JobCancelResponse'];
export type ShutdownPreflight = Schemas['ShutdownPreflightResponse'];

/** What following a job yields: its events in order, and a fresh snapshot where a replay gap expired (410). */
export type JobFollowItem = { readonly type: 'event'; readonly event: JobEvent } | { readonly type: 'snapshot'; readonly snapshot: JobSnapshot };

const TERMINAL_STATES: ReadonlySet<JobState> = new Set<JobState>(['succeeded', 'failed', 'cancelled', 'interrupted']);

export function isTerminal(state: JobState): boolean {
  return TERMINAL_STATES.has(state);
}

/** The job routes with what every caller needs: a snapshot, following the event stream, waiting for the end. */
export class JobsClient {
  constructor(
    private readonly api: ApiClient,
    private readonly baseUrl: string,
    private readonly headers: () => Record<string, string>,
    private readonly reconnect: ReconnectOptions = {},
  ) {}

  get(jobId: string, signal?: AbortSignal): Promise<JobSnapshot> {
    return answerOf('JobSnapshot', this.api.GET('/api/v1/jobs/{job_id}', { params: { path: { job_id: jobId } }, signal }), 'GET /api/v1/jobs/{job_id}');
  }

  /** One page of jobs, newest first; pass the page's `next_cursor` for the next one. */
  list(options: { readonly limit?: number; readonly cursor?: string; readonly signal?: AbortSignal } = {}): Promise<JobSnapshotPage> {
    const query = { ...(options.limit === undefined ? {} : { limit: options.limit }), ...(options.cursor === undefined ? {} : { cursor: options.cursor }) };
    return answerOf('JobSnapshotPage', this.api.GET('/api/v1/jobs', { params: { query }, signal: options.signal }), 'GET /api/v1/jobs');
  }

  /** Asks the job to stop at its next safe point (idempotent); the answer says whether it already ended. */
  cancel(jobId: string, signal?: AbortSignal): Promise<JobCancelResponse> {
    const call = this.api.POST('/api/v1/jobs/{job_id}/cancel', { params: { path: { job_id: jobId } }, signal });
    return answerOf('JobCancelResponse', call, 'POST /api/v1/jobs/{job_id}/cancel');
  }

  /**
   * The shutdown preflight: waits up to `waitMs` (the service bound when omitted) for active work to
   * end and answers `ready` when the main process may quit; active work throws RequestFailed 409
   * SHUTDOWN_BLOCKED_ACTIVE_WORK with what is still running in its details.
   */
  shutdownPreflight(waitMs?: number, signal?: AbortSignal): Promise<ShutdownPreflight> {
    const call =
      waitMs === undefined ? this.api.POST('/api/v1/jobs/shutdown', { signal }) : this.api.POST('/api/v1/jobs/shutdown', { body: { wait_ms: waitMs }, signal });
    return answerOf('ShutdownPreflightResponse', call, 'POST /api/v1/jobs/shutdown');
  }

  /**
   * The job's events until its terminal one: resumes with `Last-Event-ID` when the stream ends or
   * drops early, and when the replay gap expired (410 JOB_EVENT_REPLAY_EXPIRED) yields a fresh
   * snapshot and goes on from it. Ends after the terminal event (or a terminal snapshot); `signal`
   * aborts it. Reconnections without a new event back off (50 ms doubling, at most 1 s); after
   * RECONNECTS_WITHOUT_PROGRESS of them in a row it throws StreamInterrupted.
   */
  follow(jobId: string, options: { readonly signal?: AbortSignal; readonly lastEventId?: number } = {}): AsyncGenerator<JobFollowItem> {
    const { signal } = options;
    return resumableEventStream<JobFollowItem>({
      url: `${this.baseUrl}/api/v1/jobs/${encodeURIComponent(jobId)}/events`,
      headers: this.headers,
      signal,
      lastEventId: options.lastEventId,
      sleep: this.reconnect.sleep,
      read(data) {
        const event = checked('JobEvent', JSON.parse(data));
        return { item: { type: 'event', event }, sequence: event.sequence, terminal: isTerminal(event.state) };
      },
      recoverRefusal: async (refused) => {
        if (refused.status !== 410) return null;
        const snapshot = await this.get(jobId, signal);
        return { items: [{ type: 'snapshot', snapshot }], end: isTerminal(snapshot.state), resumeAfter: snapshot.last_event_id };
      },
      // the stream ended before the terminal event (a slow reader is disconnected): a terminal job
      // that sent everything has nothing more to say; otherwise resume after the last event seen
      afterInterruption: async (last) => {
        const snapshot = await this.get(jobId, signal);
        const over = isTerminal(snapshot.state) && (last === null || last >= snapshot.last_event_id);
        return over ? { items: [{ type: 'snapshot', snapshot }], end: true } : { items: [], end: false };
      },
    });
  }

  /** Follows the job to its end and returns its final snapshot. */
  async wait(jobId: string, signal?: AbortSignal): Promise<JobSnapshot> {
    for await (const item of this.follow(jobId, { signal })) {
      if (item.type === 'snapshot' && isTerminal(item.snapshot.state)) return item.snapshot;
      if (item.type === 'event' && isTerminal(item.event.state)) break;
    }
    return this.get(jobId, signal);
  }
}
