import type { ApiClient, Schemas } from './api-client.js';
import { readEventStream, StreamRefused } from './event-stream.js';
import { envelopeCode, RequestFailed } from './request-failed.js';

export type JobEvent = Schemas['JobEvent'];
export type JobSnapshot = Schemas['JobSnapshot'];
export type JobState = JobSnapshot['state'];

/** What following a job yields: its events in order, and a fresh snapshot where a replay gap expired (410). */
export type JobFollowItem = { readonly type: 'event'; readonly event: JobEvent } | { readonly type: 'snapshot'; readonly snapshot: JobSnapshot };

const TERMINAL_STATES: ReadonlySet<JobState> = new Set<JobState>(['succeeded', 'failed', 'cancelled', 'interrupted']);

export function isTerminal(state: JobState): boolean {
  return TERMINAL_STATES.has(state);
}

function isJobEvent(value: unknown): value is JobEvent {
  return typeof value === 'object' && value !== null && 'sequence' in value && typeof value.sequence === 'number' && 'state' in value && typeof value.state === 'string';
}

/** Reconnections `follow` makes in a row without receiving an event before it gives up. */
const FOLLOW_RECONNECTS_WITHOUT_PROGRESS = 5;

/** The job routes with what every caller needs: a snapshot, following the event stream, waiting for the end. */
export class JobsClient {
  constructor(
    private readonly api: ApiClient,
    private readonly baseUrl: string,
    private readonly headers: () => Record<string, string>,
  ) {}

  async get(jobId: string, signal?: AbortSignal): Promise<JobSnapshot> {
    const { data, error, response } = await this.api.GET('/api/v1/jobs/{job_id}', { params: { path: { job_id: jobId } }, signal });
    if (data === undefined) throw new RequestFailed(response.status, envelopeCode(error));
    return data;
  }

  /**
   * The job's events until its terminal one: resumes with `Last-Event-ID` when the stream ends
   * early, and when the replay gap expired (410 JOB_EVENT_REPLAY_EXPIRED) yields a fresh snapshot
   * and goes on from it. Ends after the terminal event (or a terminal snapshot); `signal` aborts it.
   */
  async *follow(jobId: string, options: { readonly signal?: AbortSignal; readonly lastEventId?: number } = {}): AsyncGenerator<JobFollowItem> {
    let last = options.lastEventId ?? null;
    let dropsWithoutProgress = 0;
    const url = `${this.baseUrl}/api/v1/jobs/${encodeURIComponent(jobId)}/events`;
    for (;;) {
      const headers = last === null ? this.headers() : { ...this.headers(), 'last-event-id': String(last) };
      try {
        for await (const message of readEventStream(url, headers, options.signal)) {
          const event: unknown = JSON.parse(message.data);
          if (!isJobEvent(event)) continue;
          last = event.sequence;
          dropsWithoutProgress = 0;
          yield { type: 'event', event };
          if (isTerminal(event.state)) return;
        }
      } catch (error) {
        if (options.signal?.aborted === true) throw error;
        if (error instanceof StreamRefused) {
          if (error.status !== 410) throw error;
          const snapshot = await this.get(jobId, options.signal);
          yield { type: 'snapshot', snapshot };
          if (isTerminal(snapshot.state)) return;
          last = snapshot.last_event_id;
          continue;
        }
        // The connection dropped mid-stream (the service closes a reader that fell a whole queue
        // behind): resume after the last event seen, a bounded number of times without progress.
        dropsWithoutProgress++;
        if (dropsWithoutProgress > FOLLOW_RECONNECTS_WITHOUT_PROGRESS) throw error;
      }
      // the stream ended before the terminal event (a slow reader is disconnected): a terminal job
      // has nothing more to say; otherwise resume after the last event seen
      const snapshot = await this.get(jobId, options.signal);
      if (isTerminal(snapshot.state) && (last === null || last >= snapshot.last_event_id)) {
        yield { type: 'snapshot', snapshot };
        return;
      }
    }
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
