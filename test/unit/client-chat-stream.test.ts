import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../client/api-client.js';
import { ChatClient, type ChatStreamEvent } from '../../client/chat.js';
import { RequestFailed } from '../../client/request-failed.js';
import { reconnectBackoffMs, RECONNECTS_WITHOUT_PROGRESS, StreamInterrupted, type Sleep } from '../../client/resumable-stream.js';

const SESSION = `chs_${'1'.repeat(32)}`;
const RUN = `chr_${'2'.repeat(32)}`;
const OWNER = 'window-1';

function frame(sequence: number, kind: ChatStreamEvent['kind']): string {
  // each event as the contract has it: the client checks it against ChatStreamEvent before typing it
  const completed = { outcome: 'completed', finish_reason: 'stop', message_count: 2, output_characters: 32, label: 'advisory_not_evidence' };
  const data = {
    schema_version: 1,
    run_id: RUN,
    sequence,
    kind,
    ...(kind === 'delta' ? { text: `piece ${sequence} ` } : {}),
    ...(kind === 'completed' ? completed : {}),
  };
  return `id: ${sequence}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server === null ? resolve() : server.close(() => resolve()))));

interface EventsRequest {
  readonly resume: string | undefined;
  readonly owner: string | undefined;
}

/** A loopback chat service: starting a stream answers the run, and `stream` answers each events request, given how many came before it. */
async function chatService(
  stream: (res: ServerResponse, request: EventsRequest, index: number) => void,
): Promise<{ baseUrl: string; requests: EventsRequest[] }> {
  const requests: EventsRequest[] = [];
  server = createServer((req: IncomingMessage, res) => {
    if (req.method === 'POST') {
      res.writeHead(202, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ schema_version: 1, session_id: SESSION, run_id: RUN, state: 'active' }));
      return;
    }
    const resume = req.headers['last-event-id'];
    const owner = req.headers['x-service-session-owner'];
    const request = { resume: typeof resume === 'string' ? resume : undefined, owner: typeof owner === 'string' ? owner : undefined };
    requests.push(request);
    if (request.resume === 'refuse') return;
    stream(res, request, requests.length - 1);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  // cast: listening on a TCP port, address() is an AddressInfo
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests };
}

function eventStream(res: ServerResponse): ServerResponse {
  return res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
}

/** Writes the frames, then drops the connection as the service does to a reader that fell a whole queue behind. */
function writeThenDrop(res: ServerResponse, frames: readonly string[]): void {
  eventStream(res).write(frames.join('') || ':\n\n');
  setImmediate(() => res.destroy());
}

function recordingSleep(): { sleep: Sleep; delays: number[] } {
  const delays: number[] = [];
  return { delays, sleep: async (ms) => void delays.push(ms) };
}

async function readRun(baseUrl: string, sleep: Sleep): Promise<{ events: ChatStreamEvent[]; error: unknown }> {
  const identity = { bearer: 'b'.repeat(43), appBuild: '1.0.0-test' };
  const chat = new ChatClient(createApiClient(baseUrl, identity), baseUrl, () => ({ authorization: `Bearer ${identity.bearer}` }), OWNER, { sleep });
  const run = await chat.stream(SESSION, { message: 'Who was Queen Victoria?' });
  const events: ChatStreamEvent[] = [];
  try {
    for await (const event of run.events()) events.push(event);
    return { events, error: null };
  } catch (error) {
    return { events, error };
  }
}

const BACKOFFS = Array.from({ length: RECONNECTS_WITHOUT_PROGRESS }, (_, i) => reconnectBackoffMs(i + 1));

describe('chat stream events', () => {
  it('resumes with Last-Event-ID (and the owner) after the service drops the connection mid-stream, and ends on the terminal event', async () => {
    const { baseUrl, requests } = await chatService((res, { resume }) => {
      if (resume === undefined) writeThenDrop(res, [frame(1, 'active'), frame(2, 'first-token'), frame(3, 'delta')]);
      else if (resume === '3') writeThenDrop(res, [frame(4, 'delta')]);
      else eventStream(res).end(frame(5, 'delta') + frame(6, 'completed'));
    });
    const { sleep, delays } = recordingSleep();
    const { events, error } = await readRun(baseUrl, sleep);
    expect(error).toBeNull();
    expect(events.map((event) => `${event.sequence}:${event.kind}`)).toEqual(['1:active', '2:first-token', '3:delta', '4:delta', '5:delta', '6:completed']);
    expect(requests).toEqual([
      { resume: undefined, owner: OWNER },
      { resume: '3', owner: OWNER },
      { resume: '4', owner: OWNER },
    ]);
    expect(delays).toEqual([]);
  });

  it('throws StreamInterrupted, never returns normally, when the stream keeps ending cleanly before its terminal event', async () => {
    const { baseUrl, requests } = await chatService((res, _request, index) => {
      eventStream(res).end(index === 0 ? frame(1, 'active') + frame(2, 'delta') : '');
    });
    const { sleep, delays } = recordingSleep();
    const { events, error } = await readRun(baseUrl, sleep);
    expect(events.map((event) => event.sequence)).toEqual([1, 2]);
    expect(error).toBeInstanceOf(StreamInterrupted);
    expect(error).toMatchObject({ lastEventId: 2, attempts: RECONNECTS_WITHOUT_PROGRESS });
    // the resume right after new events is immediate; the ones after it back off until the bound
    expect(requests.map((request) => request.resume)).toEqual([undefined, ...Array<string>(RECONNECTS_WITHOUT_PROGRESS + 1).fill('2')]);
    expect(delays).toEqual(BACKOFFS);
  });

  it('throws StreamInterrupted with the connection error as its cause, not a raw TypeError, when every resume drops', async () => {
    const { baseUrl, requests } = await chatService((res, _request, index) => writeThenDrop(res, index === 0 ? [frame(1, 'active')] : []));
    const { sleep, delays } = recordingSleep();
    const { events, error } = await readRun(baseUrl, sleep);
    expect(events.map((event) => event.sequence)).toEqual([1]);
    expect(error).toBeInstanceOf(StreamInterrupted);
    expect(error instanceof StreamInterrupted ? error.cause : null).toBeInstanceOf(TypeError);
    expect(requests).toHaveLength(RECONNECTS_WITHOUT_PROGRESS + 2);
    expect(delays).toEqual(BACKOFFS);
  });

  it('throws RequestFailed when the resume is refused (the replay window moved past the cursor)', async () => {
    const { baseUrl, requests } = await chatService((res, { resume }) => {
      if (resume === undefined) writeThenDrop(res, [frame(1, 'active'), frame(2, 'delta')]);
      else
        res
          .writeHead(410, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'CHAT_STREAM_REPLAY_GAP', message: 'gone', correlation_ref: 'x' }));
    });
    const { sleep } = recordingSleep();
    const { events, error } = await readRun(baseUrl, sleep);
    expect(events.map((event) => event.sequence)).toEqual([1, 2]);
    expect(error).toBeInstanceOf(RequestFailed);
    expect(error).toMatchObject({ status: 410, code: 'CHAT_STREAM_REPLAY_GAP' });
    expect(requests.map((request) => request.resume)).toEqual([undefined, '2']);
  });

  it('stops at once when the signal aborts during the wait before a reconnection', async () => {
    const { baseUrl } = await chatService((res, { resume }) => eventStream(res).end(resume === undefined ? frame(1, 'active') : ''));
    const controller = new AbortController();
    const identity = { bearer: 'b'.repeat(43), appBuild: '1.0.0-test' };
    const sleep: Sleep = async (_ms, signal) => {
      controller.abort(new Error('window closed'));
      signal?.throwIfAborted();
    };
    const chat = new ChatClient(createApiClient(baseUrl, identity), baseUrl, () => ({}), OWNER, { sleep });
    const run = await chat.stream(SESSION, { message: 'Who was Queen Victoria?' });
    const events: ChatStreamEvent[] = [];
    await expect(
      (async () => {
        for await (const event of run.events(controller.signal)) events.push(event);
      })(),
    ).rejects.toThrow('window closed');
    expect(events.map((event) => event.sequence)).toEqual([1]);
  });
});
