import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SSE_LIMITS } from '../contract/limits.js';
import type { Serializer } from './schema-serializer.js';

/** What a stream carries: events numbered by a per-stream sequence (the SSE `id`) and named by kind (the SSE `event`). */
export interface SseEvent {
  readonly sequence: number;
  readonly kind: string;
}

/** What the writer pulls events from: an app-layer subscription. */
export interface SseSource<E extends SseEvent> {
  /** The next event; null when the source has nothing more to deliver. */
  next(): Promise<E | null>;
  /** An event that is already waiting, without waiting; null when none is. Lets the writer batch. */
  poll(): E | null;
  /** Registers a listener for the source ending; `overflow` means the reader fell too far behind. */
  onEnd(listener: (reason: 'completed' | 'overflow' | 'closed') => void): () => void;
  /** The reader is gone: release the subscription (frees its slot at once). */
  close(): void;
}

export interface SseOptions<E extends SseEvent> {
  /** Interval of comment heartbeats that keep idle connections observably alive. */
  readonly heartbeatMs: number;
  /**
   * Event-loop turns a write may wait for more frames while the source keeps producing (default 0:
   * write what is queued at once). Waiting gathers a burst into one socket write of up to
   * SSE_LIMITS.maxWriteChars instead of one write per turn; a turn that brings nothing flushes.
   */
  readonly coalesceTurns?: number;
  /** The frames of this stream kind's events, shared by every subscriber of the route. */
  readonly frames: SseFrames<E>;
}

const FIELD_FORBIDDEN = /[\r\n\0]/;

/**
 * The SSE frames of one stream kind: `id` = sequence, `event` = kind, `data` = the event as its
 * schema's projection. The frames of recent events are kept direct-mapped by sequence and
 * checked by identity (SSE_LIMITS.serializedFrameCache slots): the subscribers of one event share
 * one frame and one serialization, made when the first of them writes it (an event with no reader
 * serializes nothing). Another stream's event in the same slot costs a fresh one.
 */
export class SseFrames<E extends SseEvent> {
  private readonly recent = new Array<{ readonly event: E; readonly text: string } | undefined>(SSE_LIMITS.serializedFrameCache);

  constructor(private readonly serialize: Serializer<E>) {}

  /** The frame of one event, as written on the wire. */
  textOf(event: E): string {
    const slot = event.sequence % SSE_LIMITS.serializedFrameCache;
    const cached = this.recent[slot];
    if (cached !== undefined && cached.event === event) return cached.text;
    // Ids are decimal integers; an event name never carries a line break or NUL.
    if (FIELD_FORBIDDEN.test(event.kind)) throw new Error('an SSE event name must be single-line');
    // JSON text never contains a raw CR or LF, so the payload is one data line.
    const text = `id: ${event.sequence}\nevent: ${event.kind}\ndata: ${this.serialize(event)}\n\n`;
    this.recent[slot] = { event, text };
    return text;
  }
}

/**
 * Streams a source over `text/event-stream` (contract.md section 7, research section 5): frames
 * written as the socket accepts them, waiting for `drain` under backpressure (the source's own
 * bounded queue absorbs the difference and closes a reader that falls behind), heartbeat
 * comments, the response ended after the last frame, and the subscription released the moment
 * the client disconnects. Resolves when the stream is over.
 */
export async function streamSse<E extends SseEvent>(res: ServerResponse, source: SseSource<E>, options: SseOptions<E>): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  res.flushHeaders();

  let finished = false;
  let wakeDrain: (() => void) | null = null;
  const wake = (): void => {
    const resolve = wakeDrain;
    wakeDrain = null;
    resolve?.();
  };
  const onClose = (): void => {
    finished = true;
    source.close();
    wake();
  };
  res.on('close', onClose);
  res.on('drain', wake);
  let sourceEnded = false;
  const stopEnd = source.onEnd((reason) => {
    sourceEnded = true;
    if (reason !== 'overflow' || finished) return;
    // The reader fell a full queue behind: close this stream alone; it resumes by Last-Event-ID.
    finished = true;
    wake();
    res.destroy();
  });
  const heartbeat = setInterval(() => {
    if (!finished && !res.writableNeedDrain) res.write(':\n\n');
  }, options.heartbeatMs);
  heartbeat.unref();

  const coalesceTurns = options.coalesceTurns ?? 0;
  try {
    while (!finished) {
      const event = await source.next();
      if (event === null || finished) break;
      let chunk = options.frames.textOf(event);
      // Gather what is queued, then (when allowed) what the next turns bring, into one write. The
      // source's queue is emptied every turn, so waiting here never pushes it toward its bound.
      for (let turn = 0; chunk.length < SSE_LIMITS.maxWriteChars; turn++) {
        let added = 0;
        for (let next = source.poll(); next !== null; next = chunk.length < SSE_LIMITS.maxWriteChars ? source.poll() : null) {
          chunk += options.frames.textOf(next);
          added++;
        }
        // Nothing more will come once the source has ended (e.g. a shutdown's terminal event): write now.
        if (turn >= coalesceTurns || (turn > 0 && added === 0) || sourceEnded || chunk.length >= SSE_LIMITS.maxWriteChars) break;
        await nextTurn();
        if (finished) break;
      }
      if (finished) break;
      if (!res.write(chunk) && !finished) {
        await new Promise<void>((resolve) => (wakeDrain = resolve));
      }
    }
  } finally {
    clearInterval(heartbeat);
    stopEnd();
    res.off('drain', wake);
    if (!res.destroyed && !res.writableEnded) res.end();
    source.close();
  }
}
