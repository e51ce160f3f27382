import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SSE_LIMITS } from '../contract/limits.js';

/** One server-sent event: `id:`, `event:` and one `data:` line of JSON. */
export interface SseFrame {
  readonly id: string;
  readonly event: string;
  readonly data: unknown;
  /** The frame as written, when the source already serialized it (shared by its subscribers). */
  readonly text?: string;
}

/** What the writer pulls frames from: an app-layer subscription seen through a frame mapping. */
export interface SseSource {
  /** The next frame; null when the source has nothing more to deliver. */
  next(): Promise<SseFrame | null>;
  /** A frame that is already waiting, without waiting; null when none is. Lets the writer batch. */
  poll(): SseFrame | null;
  /** Registers a listener for the source ending; `overflow` means the reader fell too far behind. */
  onEnd(listener: (reason: 'completed' | 'overflow' | 'closed') => void): () => void;
  /** The reader is gone: release the subscription (frees its slot at once). */
  close(): void;
}

export interface SseOptions {
  /** Interval of comment heartbeats that keep idle connections observably alive. */
  readonly heartbeatMs: number;
  /**
   * Event-loop turns a write may wait for more frames while the source keeps producing (default 0:
   * write what is queued at once). Waiting gathers a burst into one socket write of up to
   * SSE_LIMITS.maxWriteChars instead of one write per turn; a turn that brings nothing flushes.
   */
  readonly coalesceTurns?: number;
  /** Shared serializations of frames whose source did not serialize them (absent: each frame is serialized as written). */
  readonly texts?: SseFrameTexts;
}

const FIELD_FORBIDDEN = /[\r\n\0]/;


/** Serializes one frame without caching; ids and event names never carry line breaks or NUL. */
export function serializeSseFrame(frame: Omit<SseFrame, 'text'>, json: string = JSON.stringify(frame.data)): string {
  if (FIELD_FORBIDDEN.test(frame.id) || FIELD_FORBIDDEN.test(frame.event)) throw new Error('SSE id and event must be single-line');
  // JSON text never contains a raw CR or LF, so the payload is one data line.
  return `id: ${frame.id}\nevent: ${frame.event}\ndata: ${json}\n\n`;
}

/** Frame texts by payload object, held by the routes of one stream kind: every subscriber of one event shares one serialization. */
export class SseFrameTexts {
  private readonly byPayload = new WeakMap<object, string>();

  /** The frame's own `text` when the source has it, else its serialization, made once per payload object. */
  textOf(frame: SseFrame): string {
    if (frame.text !== undefined) return frame.text;
    const key = typeof frame.data === 'object' && frame.data !== null ? frame.data : null;
    const cached = key === null ? undefined : this.byPayload.get(key);
    if (cached !== undefined) return cached;
    const text = serializeSseFrame(frame);
    if (key !== null) this.byPayload.set(key, text);
    return text;
  }
}

function formatSseFrame(frame: SseFrame, texts: SseFrameTexts | undefined): string {
  return texts?.textOf(frame) ?? frame.text ?? serializeSseFrame(frame);
}

/**
 * Streams a source over `text/event-stream` (contract.md section 7, research section 5): frames
 * written as the socket accepts them, waiting for `drain` under backpressure (the source's own
 * bounded queue absorbs the difference and closes a reader that falls behind), heartbeat
 * comments, the response ended after the last frame, and the subscription released the moment
 * the client disconnects. Resolves when the stream is over.
 */
export async function streamSse(res: ServerResponse, source: SseSource, options: SseOptions): Promise<void> {
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
      const frame = await source.next();
      if (frame === null || finished) break;
      let chunk = formatSseFrame(frame, options.texts);
      // Gather what is queued, then (when allowed) what the next turns bring, into one write. The
      // source's queue is emptied every turn, so waiting here never pushes it toward its bound.
      for (let turn = 0; chunk.length < SSE_LIMITS.maxWriteChars; turn++) {
        let added = 0;
        for (let next = source.poll(); next !== null; next = chunk.length < SSE_LIMITS.maxWriteChars ? source.poll() : null) {
          chunk += formatSseFrame(next, options.texts);
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
