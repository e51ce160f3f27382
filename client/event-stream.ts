import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** How an event stream request ended when it did not answer 200. */
export class StreamRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`event stream refused: ${status}${code === null ? '' : ` ${code}`}`);
    this.name = 'StreamRefused';
  }
}

async function errorCode(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string' ? body.code : null;
  } catch {
    return null;
  }
}

/**
 * Opens a server-sent event stream and yields its messages as they are parsed (eventsource-parser);
 * ends when the server ends the stream. A non-200 answer throws StreamRefused with the envelope's code.
 */
export async function* readEventStream(url: string, headers: Readonly<Record<string, string>>, signal: AbortSignal | undefined): AsyncGenerator<EventSourceMessage> {
  const response = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, signal });
  if (response.status !== 200 || response.body === null) throw new StreamRefused(response.status, await errorCode(response));
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => pending.push(message) });
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (pending.length > 0) yield pending.shift() as EventSourceMessage;
    }
  } finally {
    reader.releaseLock();
    await response.body.cancel().catch(() => undefined);
  }
}
