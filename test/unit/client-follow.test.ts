import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../client/api-client.js';
import { JobsClient, type JobFollowItem } from '../../client/jobs.js';

const JOB = 'job_0123456789abcdef0123456789abcdef';
const event = (sequence: number, state: string): string =>
  `id: ${sequence}\nevent: ${state === 'running' ? 'progress' : 'succeeded'}\ndata: ${JSON.stringify({ schema_version: 1, job_id: JOB, sequence, kind: state === 'running' ? 'progress' : 'succeeded', state, occurred_at: '2026-11-24T00:00:00.000Z', progress: null, artifact: null, error: null })}\n\n`;

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server === null ? resolve() : server.close(() => resolve()))));

/** A loopback service whose event stream drops the connection after each first event, as the service does to a reader that fell behind. */
async function droppingService(): Promise<{ baseUrl: string; requests: (string | undefined)[] }> {
  const requests: (string | undefined)[] = [];
  server = createServer((req: IncomingMessage, res) => {
    if (!(req.url ?? '').endsWith('/events')) {
      // The snapshot follow reads when a stream ends early: the job is still running.
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ schema_version: 1, job_id: JOB, kind: 'test.job', state: 'running', last_event_id: 3, progress: null, error: null, artifacts: [] }));
      return;
    }
    const resume = req.headers['last-event-id'];
    requests.push(typeof resume === 'string' ? resume : undefined);
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    if (resume === undefined) {
      res.write(event(1, 'running'));
      setImmediate(() => res.destroy());
    } else if (resume === '1') {
      res.write(event(2, 'running'));
      setImmediate(() => res.destroy());
    } else res.end(event(3, 'succeeded'));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests };
}

describe('jobs.follow', () => {
  it('resumes with Last-Event-ID after the service drops the connection mid-stream, and ends on the terminal event', async () => {
    const { baseUrl, requests } = await droppingService();
    const identity = { bearer: 'b'.repeat(43), appBuild: '1.0.0-test' };
    const jobs = new JobsClient(createApiClient(baseUrl, identity), baseUrl, () => ({ authorization: `Bearer ${identity.bearer}` }));
    const items: JobFollowItem[] = [];
    for await (const item of jobs.follow(JOB)) items.push(item);
    expect(items.map((item) => (item.type === 'event' ? item.event.sequence : -1))).toEqual([1, 2, 3]);
    expect(requests).toEqual([undefined, '1', '2']);
  });
});
