import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { LaunchedSidecar } from '../../client/launcher.js';
import type { JobEvent, JobSnapshot } from '../../src/contract/jobs.js';

export interface ScriptedJob {
  readonly progress_events: number;
  readonly yield_every?: number;
  readonly artifacts?: number;
  readonly hold_before?: boolean;
  readonly hold?: 'release' | 'release_or_cancel';
  readonly outcome?: 'succeed' | 'fail';
}

export interface JsonAnswer<T = unknown> {
  readonly status: number;
  readonly body: T;
}

/** A JSON request with the paired client's headers. */
export async function call<T = unknown>(sidecar: LaunchedSidecar, method: string, path: string, body?: unknown): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { ...sidecar.requestHeaders() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${sidecar.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text.length > 0 ? JSON.parse(text) : null) as T };
}

export async function submitJob(sidecar: LaunchedSidecar, script: ScriptedJob): Promise<JobSnapshot> {
  const answer = await call<JobSnapshot>(sidecar, 'POST', '/api/v1/testing/jobs', script);
  if (answer.status !== 200) throw new Error(`submit failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function releaseJob(sidecar: LaunchedSidecar, jobId: string): Promise<boolean> {
  return (await call<{ released: boolean }>(sidecar, 'POST', `/api/v1/testing/jobs/${jobId}/release`)).body.released;
}

export async function snapshot(sidecar: LaunchedSidecar, jobId: string): Promise<JobSnapshot> {
  const answer = await call<JobSnapshot>(sidecar, 'GET', `/api/v1/jobs/${jobId}`);
  if (answer.status !== 200) throw new Error(`snapshot failed: ${answer.status}`);
  return answer.body;
}

/** Follows the job's event stream with the paired client until it is terminal (no polling; the test timeout bounds it). */
export function waitTerminal(sidecar: LaunchedSidecar, jobId: string): Promise<JobSnapshot> {
  return sidecar.client().jobs.wait(jobId);
}

/** Polls until `condition` holds. */
export async function eventually(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}

export interface OpenStream {
  readonly status: number;
  readonly contentType: string | null;
  /** The error envelope when the status is not 200. */
  readonly error: { code: string } | null;
  readonly events: JobEvent[];
  readonly messages: EventSourceMessage[];
  readonly comments: string[];
  /** Resolves when the server ends the stream (`end`) or the connection fails (`error`). */
  readonly finished: Promise<'end' | 'error'>;
  /** Resolves once at least `count` events arrived (or the stream finished). */
  waitForEvents(count: number): Promise<void>;
  close(): void;
}

/** Opens the job's event stream with a real HTTP client and parses it with eventsource-parser. */
export async function openStream(sidecar: LaunchedSidecar, jobId: string, lastEventId?: string): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { ...sidecar.requestHeaders(), accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${sidecar.baseUrl}/api/v1/jobs/${jobId}/events`, { headers, signal: controller.signal });
  const events: JobEvent[] = [];
  const messages: EventSourceMessage[] = [];
  const comments: string[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let ended = false;
  const notify = (): void => {
    for (const waiter of [...waiters]) {
      if (ended || events.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  if (response.status !== 200) {
    const error = (await response.json()) as { code: string };
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      error,
      events,
      messages,
      comments,
      finished: Promise.resolve('end'),
      waitForEvents: async () => undefined,
      close: () => controller.abort(),
    };
  }
  const parser = createParser({
    onEvent: (message) => {
      messages.push(message);
      events.push(JSON.parse(message.data) as JobEvent);
      notify();
    },
    onComment: (comment) => comments.push(comment),
  });
  const finished = (async (): Promise<'end' | 'error'> => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
      return 'end';
    } catch {
      return 'error';
    } finally {
      ended = true;
      notify();
    }
  })();
  return {
    status: 200,
    contentType: response.headers.get('content-type'),
    error: null,
    events,
    messages,
    comments,
    finished,
    waitForEvents: (count) =>
      new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        notify();
      }),
    close: () => controller.abort(),
  };
}

/** Sequences are contiguous and strictly increasing from `first`. */
export function expectContiguous(events: readonly JobEvent[], first: number): boolean {
  return events.every((event, index) => event.sequence === first + index);
}
