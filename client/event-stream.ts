import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { RequestFailed } from './request-failed.js';

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
 * ends when the server ends the stream. A non-200 answer throws RequestFailed with what the service said.
 */
export async function* readEventStream(
  url: string,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal | undefined,
): AsyncGenerator<EventSourceMessage> {
  const response = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, signal });
  if (response.status !== 200 || response.body === null) throw new RequestFailed(response.status, await refusalBody(response), 'event stream');
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
