import { setTimeout as delay } from 'node:timers/promises';
import { readEventStream } from './event-stream.js';
import { RequestFailed } from './request-failed.js';
import { ResponseInvalid } from './schema-check.js';

/** Waits `ms` before a reconnection; rejects when `signal` aborts. Injectable so tests need not sleep. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** How the stream helpers reconnect; every field optional. */
export interface ReconnectOptions {
  /** The wait between reconnections without progress (default: a real timer). */
  readonly sleep?: Sleep;
}

/**
 * Reconnections a stream makes in a row, each after a backoff, without receiving a new event before
 * it gives up (StreamInterrupted). A resume right after new events is immediate and not counted.
 */
export const RECONNECTS_WITHOUT_PROGRESS = 5;
const FIRST_BACKOFF_MS = 50;
const MAX_BACKOFF_MS = 1_000;

/** The wait before the `attempt`-th reconnection in a row without progress (1-based): 50 ms doubling, at most 1 s. */
export function reconnectBackoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempt - 1));
}

const realSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, { signal });
};

/** An event stream that ended before its terminal event and could not be resumed. */
export class StreamInterrupted extends Error {
  constructor(
    /** The id of the last event received (what a later `Last-Event-ID` resumes after), or null when none was. */
    readonly lastEventId: number | null,
    /** Reconnections tried in a row, each after a backoff, without a new event. */
    readonly attempts: number,
    options: { readonly cause?: unknown } = {},
  ) {
    super(
      `event stream interrupted before its terminal event (last event ${lastEventId ?? 'none'}, ${attempts} reconnections without progress)`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'StreamInterrupted';
  }
}

/** One message of the stream, as the caller reads it. */
export interface StreamEvent<Item> {
  readonly item: Item;
  /** The event's id, what `Last-Event-ID` resumes after. */
  readonly sequence: number;
  /** Whether it is the terminal event: the stream is over after it. */
  readonly terminal: boolean;
}

/** What the caller makes of an interruption or a refusal: items to yield, whether that is the end, where to resume. */
interface Recovery<Item> {
  readonly items: readonly Item[];
  readonly end: boolean;
  /** The cursor to resume after (absent: the last event received). */
  readonly resumeAfter?: number | null;
}

export interface ResumableStream<Item> {
  readonly url: string;
  /** The request headers, asked anew for every connection (`last-event-id` is added here). */
  readonly headers: () => Record<string, string>;
  readonly signal?: AbortSignal | undefined;
  /** Resume after this event id from the start; null or absent: from the first event. */
  readonly lastEventId?: number | null | undefined;
  readonly sleep?: Sleep | undefined;
  /** A message's event (throws ResponseInvalid when it breaks its schema); null skips the message. */
  read(data: string): StreamEvent<Item> | null;
  /** A refusal (non-200) the caller can recover from, e.g. an expired replay; null or absent: the refusal is thrown. */
  recoverRefusal?(refused: RequestFailed, lastEventId: number | null): Promise<Recovery<Item> | null>;
  /** After the stream ended or dropped before its terminal event, before reconnecting; absent: reconnect. */
  afterInterruption?(lastEventId: number | null): Promise<Recovery<Item>>;
}

/**
 * Reads a server-sent event stream to its terminal event, resuming with `Last-Event-ID` whenever
 * the connection ends or drops early (the service closes a reader that fell a whole queue behind,
 * contract.md section 7; spec section 6.4). A reconnection right after new events is immediate;
 * reconnections without progress wait 50 ms doubling up to 1 s and, after
 * RECONNECTS_WITHOUT_PROGRESS of them in a row, throw StreamInterrupted (the cause is the last
 * connection error, if any). A refusal is thrown as RequestFailed unless `recoverRefusal` turns it
 * into items; an abort of `signal` is thrown as it is.
 */
export async function* resumableEventStream<Item>(stream: ResumableStream<Item>): AsyncGenerator<Item> {
  const sleep = stream.sleep ?? realSleep;
  let last = stream.lastEventId ?? null;
  let withoutProgress = 0;
  for (;;) {
    const before = last;
    let dropped: unknown = undefined;
    let recovery: Recovery<Item> | null = null;
    const headers = last === null ? stream.headers() : { ...stream.headers(), 'last-event-id': String(last) };
    try {
      for await (const message of readEventStream(stream.url, headers, stream.signal)) {
        const event = stream.read(message.data);
        if (event === null) continue;
        last = event.sequence;
        yield event.item;
        if (event.terminal) return;
      }
    } catch (error) {
      if (stream.signal?.aborted === true || error instanceof ResponseInvalid) throw error;
      if (error instanceof RequestFailed) {
        recovery = (await stream.recoverRefusal?.(error, last)) ?? null;
        if (recovery === null) throw error;
      } else dropped = error;
    }
    // the stream ended (or dropped) before its terminal event: the caller may know it is over
    recovery ??= (await stream.afterInterruption?.(last)) ?? null;
    if (recovery !== null) {
      for (const item of recovery.items) yield item;
      if (recovery.end) return;
      if (recovery.resumeAfter !== undefined) last = recovery.resumeAfter;
    }
    withoutProgress = last === before ? withoutProgress + 1 : 0;
    if (withoutProgress > RECONNECTS_WITHOUT_PROGRESS) throw new StreamInterrupted(last, withoutProgress - 1, { cause: dropped });
    if (withoutProgress > 0) await sleep(reconnectBackoffMs(withoutProgress), stream.signal);
  }
}
