import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../client/api-client.js';
import { JobsClient, type JobFollowItem } from '../../client/jobs.js';
import { reconnectBackoffMs, RECONNECTS_WITHOUT_PROGRESS, StreamInterrupted, type Sleep } from '../../client/resumable-stream.js';

const JOB = 'job_0123456789abcdef0123456789abcdef';
const event = (sequence: number, state: string): string =>
  `id: ${sequence}\nevent: ${state === 'running' ? 'progress' : 'succeeded'}\ndata: ${JSON.stringify({ schema_version: 1, job_id: JOB, sequence, kind: state === 'running' ? 'progress' : 'succeeded', state, occurred_at: '2026-11-24T00:00:00.000Z', progress: null, artifact: null, error: null })}\n\n`;

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server === null ? resolve() : server.close(() => resolve()))));

/**
 * A loopback job service: the snapshot says `running` (last event 3), and `stream` answers each
 * events request, given the `Last-Event-ID` it carried and how many came before it.
 */
async function jobService(
  stream: (res: ServerResponse, resume: string | undefined, index: number) => void,
): Promise<{ baseUrl: string; requests: (string | undefined)[] }> {
  const requests: (string | undefined)[] = [];
  server = createServer((req: IncomingMessage, res) => {
    if (!(req.url ?? '').endsWith('/events')) {
      // The snapshot follow reads when a stream ends early: the job is still running.
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          schema_version: 1,
          job_id: JOB,
          kind: 'test.job',
          state: 'running',
          cancel_requested: false,
          created_at: '2026-11-24T00:00:00.000Z',
          started_at: '2026-11-24T00:00:00.000Z',
          updated_at: '2026-11-24T00:00:00.000Z',
          ended_at: null,
          progress: null,
          artifacts: [],
          result_produced: false,
          error: null,
          last_event_id: 3,
        }),
      );
      return;
    }
    const resume = req.headers['last-event-id'];
    requests.push(typeof resume === 'string' ? resume : undefined);
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    stream(res, typeof resume === 'string' ? resume : undefined, requests.length - 1);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  // cast: listening on a TCP port, address() is an AddressInfo
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests };
}

/** A sleep that records the delays asked for and returns at once. */
function recordingSleep(): { sleep: Sleep; delays: number[] } {
  const delays: number[] = [];
  return { delays, sleep: async (ms) => void delays.push(ms) };
}

function jobsClient(baseUrl: string, sleep: Sleep): JobsClient {
  const identity = { bearer: 'b'.repeat(43), appBuild: '1.0.0-test' };
  return new JobsClient(createApiClient(baseUrl, identity), baseUrl, () => ({ authorization: `Bearer ${identity.bearer}` }), { sleep });
}

async function follow(jobs: JobsClient): Promise<{ items: JobFollowItem[]; error: unknown }> {
  const items: JobFollowItem[] = [];
  try {
    for await (const item of jobs.follow(JOB)) items.push(item);
    return { items, error: null };
  } catch (error) {
    return { items, error };
  }
}

/** A stream that never makes progress, ended cleanly or dropped; after 20 requests it gives the terminal event, so a client without a bound ends too. */
const stalled =
  (how: 'ends' | 'drops') =>
  (res: ServerResponse, _resume: string | undefined, index: number): void => {
    if (index >= 20) res.end(event(3, 'succeeded'));
    else if (how === 'ends') res.end();
    else {
      res.flushHeaders();
      setImmediate(() => res.destroy());
    }
  };

const BACKOFFS = Array.from({ length: RECONNECTS_WITHOUT_PROGRESS }, (_, i) => reconnectBackoffMs(i + 1));

describe('jobs.follow', () => {
  it('resumes with Last-Event-ID after the service drops the connection mid-stream, and ends on the terminal event', async () => {
    const { baseUrl, requests } = await jobService((res, resume) => {
      if (resume === undefined || resume === '1') {
        res.write(event(resume === undefined ? 1 : 2, 'running'));
        setImmediate(() => res.destroy());
      } else res.end(event(3, 'succeeded'));
    });
    const { sleep, delays } = recordingSleep();
    const { items, error } = await follow(jobsClient(baseUrl, sleep));
    expect(error).toBeNull();
    expect(items.map((item) => (item.type === 'event' ? item.event.sequence : -1))).toEqual([1, 2, 3]);
    expect(requests).toEqual([undefined, '1', '2']);
    // every reconnection followed new events: none waited
    expect(delays).toEqual([]);
  });

  it('backs off 50 ms doubling up to 1 s between reconnections without progress', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(reconnectBackoffMs)).toEqual([50, 100, 200, 400, 800, 1_000, 1_000, 1_000]);
  });

  it.each(['ends', 'drops'] as const)(
    'counts every reconnection without progress when the stream %s with no event while the job runs, backs off, and gives up with StreamInterrupted',
    async (how) => {
      const { baseUrl, requests } = await jobService(stalled(how));
      const { sleep, delays } = recordingSleep();
      const { items, error } = await follow(jobsClient(baseUrl, sleep));
      expect(items).toEqual([]);
      expect(error).toBeInstanceOf(StreamInterrupted);
      expect(error).toMatchObject({ lastEventId: null, attempts: RECONNECTS_WITHOUT_PROGRESS });
      // a dropped connection is the cause; a clean end has none
      expect(error instanceof StreamInterrupted ? error.cause : null).toEqual(how === 'drops' ? expect.any(Error) : undefined);
      expect(requests).toHaveLength(RECONNECTS_WITHOUT_PROGRESS + 1);
      expect(delays).toEqual(BACKOFFS);
    },
  );

  it('starts counting anew after a reconnection that brought events', async () => {
    // event 1, then two empty streams, event 2, then empty streams until the bound
    const { baseUrl, requests } = await jobService((res, _resume, index) => {
      if (index === 0) res.end(event(1, 'running'));
      else if (index === 3) res.end(event(2, 'running'));
      else res.end();
    });
    const { sleep, delays } = recordingSleep();
    const { items, error } = await follow(jobsClient(baseUrl, sleep));
    expect(items.map((item) => (item.type === 'event' ? item.event.sequence : -1))).toEqual([1, 2]);
    expect(error).toMatchObject({ name: 'StreamInterrupted', lastEventId: 2 });
    expect(requests.slice(0, 5)).toEqual([undefined, '1', '1', '1', '2']);
    expect(delays).toEqual([50, 100, ...BACKOFFS]);
  });
});
