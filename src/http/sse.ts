import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** One server-sent event: `id:`, `event:` and one `data:` line of JSON. */
export interface SseFrame {
  readonly id: string;
  readonly event: string;
  readonly data: unknown;
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
}

const FIELD_FORBIDDEN = /[\r\n\0]/;

/** Frames by payload object: every subscriber of one event shares one serialization. */
const serialized = new WeakMap<object, string>();

/** Serializes one frame; ids and event names never carry line breaks or NUL. */
export function formatSseFrame(frame: SseFrame): string {
  const key = typeof frame.data === 'object' && frame.data !== null ? frame.data : null;
  const cached = key === null ? undefined : serialized.get(key);
  if (cached !== undefined) return cached;
  if (FIELD_FORBIDDEN.test(frame.id) || FIELD_FORBIDDEN.test(frame.event)) throw new Error('SSE id and event must be single-line');
  // JSON text never contains a raw CR or LF, so the payload is one data line.
  const text = `id: ${frame.id}\nevent: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n`;
  if (key !== null) serialized.set(key, text);
  return text;
}

/** Frames written in one socket write at most (the source's queue bound caps it anyway). */
const MAX_BATCH_FRAMES = 64;

/**
 * Streams a source over `text/event-stream` (contract.md section 7, research section 5): frames
 * written as the socket accepts them, waiting for `drain` under backpressure (the source's own
 * bounded queue absorbs the difference and closes a reader that falls behind), heartbeat
 * comments, the response ended after the last frame, and the subscription released the moment
 * the client disconnects. Resolves when the stream is over.
 */
export async function streamSse(reply: FastifyReply, source: SseSource, options: SseOptions): Promise<void> {
  reply.hijack();
  const res: ServerResponse = reply.raw;
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
  const stopEnd = source.onEnd((reason) => {
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

  try {
    while (!finished) {
      const frame = await source.next();
      if (frame === null || finished) break;
      let chunk = formatSseFrame(frame);
      for (let more = 1; more < MAX_BATCH_FRAMES; more++) {
        const next = source.poll();
        if (next === null) break;
        chunk += formatSseFrame(next);
      }
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
