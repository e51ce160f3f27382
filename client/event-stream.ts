import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ServiceRefusal } from './request-failed.js';

/** An event stream the service refused (a non-200 answer): its status and what the service said. */
export class StreamRefused extends ServiceRefusal {
  constructor(status: number, body: unknown = null) {
    super(status, body, 'event stream refused');
    this.name = 'StreamRefused';
  }
}

async function refusalBody(response: Response): Promise<unknown> {
  try {
    const body: unknown = await response.json();
    return body;
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
  if (response.status !== 200 || response.body === null) throw new StreamRefused(response.status, await refusalBody(response));
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
