import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import type { JobCancelResponse, JobEvent, JobSnapshotPage, ShutdownPreflightResponse } from '../../src/contract/jobs.js';
import { JOB_LIMITS } from '../../src/contract/limits.js';
import { call, eventually, expectContiguous, openStream, releaseJob, snapshot, submitJob, waitTerminal, type OpenStream } from '../support/job-stream.js';
import { localState, type LocalStateFixture } from '../support/local-state.js';
import { startSidecar, TEST_SIDECAR_ENTRY } from '../support/sidecar.js';

let fixture: LocalStateFixture;
let sidecar: LaunchedSidecar;

beforeAll(async () => {
  fixture = localState('unlocked');
  sidecar = await startSidecar({ entry: TEST_SIDECAR_ENTRY, env: fixture.secrets.env, args: ['--workspace', fixture.workspace] });
});

afterAll(async () => {
  expect(await sidecar.stop()).toBe(0);
  fixture.stop();
});

describe('job snapshots', () => {
  it('reads one snapshot, refuses unknown and malformed ids', async () => {
    const job = await submitJob(sidecar, { progress_events: 3, artifacts: 2 });
    expect(job).toMatchObject({ schema_version: 1, kind: 'testing.scripted', state: 'queued', cancel_requested: false });
    const done = await waitTerminal(sidecar, job.job_id);
    expect(done).toMatchObject({ state: 'succeeded', result_produced: true, error: null, progress: { completed: 3, total: 3, stage: 'scripted' } });
    expect(done.artifacts).toHaveLength(2);
    expect(done.last_event_id).toBe(1 + 1 + 3 + 2 + 1);
    expect((await call(sidecar, 'GET', `/api/v1/jobs/job_${'0'.repeat(32)}`)).body).toMatchObject({ code: 'JOB_NOT_FOUND' });
    expect((await call(sidecar, 'GET', '/api/v1/jobs/not-a-job')).status).toBe(422);
  });

  it('a failing job ends failed with a catalogued, sanitized error', async () => {
    const job = await submitJob(sidecar, { progress_events: 1, outcome: 'fail' });
    const done = await waitTerminal(sidecar, job.job_id);
    expect(done).toMatchObject({ state: 'failed', result_produced: false, error: { code: 'GEDCOM_VERSION_UNSUPPORTED' } });
  });

  it('pages newest first with an opaque cursor, stable while new jobs are added', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await submitJob(sidecar, { progress_events: 0 })).job_id);
    const first = await call<JobSnapshotPage>(sidecar, 'GET', '/api/v1/jobs?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.jobs.map((job) => job.job_id)).toEqual([created[4], created[3]]);
    expect(first.body.page.count).toBe(2);
    const cursor = first.body.page.next_cursor as string;
    expect(cursor.length).toBeGreaterThanOrEqual(32);
    expect(cursor.length).toBeLessThanOrEqual(256);
    await submitJob(sidecar, { progress_events: 0 });
    const second = await call<JobSnapshotPage>(sidecar, 'GET', `/api/v1/jobs?limit=2&cursor=${cursor}`);
    expect(second.body.jobs.map((job) => job.job_id)).toEqual([created[2], created[1]]);
    const all = await call<JobSnapshotPage>(sidecar, 'GET', '/api/v1/jobs');
    expect(all.body.jobs.length).toBeLessThanOrEqual(25);
  });

  it('refuses forged, foreign and malformed cursors and limits', async () => {
    const first = await call<JobSnapshotPage>(sidecar, 'GET', '/api/v1/jobs?limit=1');
    const cursor = first.body.page.next_cursor as string;
    const flipped = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    expect((await call(sidecar, 'GET', `/api/v1/jobs?cursor=${flipped}`)).body).toMatchObject({ code: 'JOB_CURSOR_INVALID' });
    expect((await call(sidecar, 'GET', `/api/v1/jobs?cursor=${'A'.repeat(40)}`)).body).toMatchObject({ code: 'JOB_CURSOR_INVALID' });
    for (const query of ['cursor=short', `cursor=${'A'.repeat(257)}`, 'limit=0', 'limit=101', 'limit=abc', 'limit=01', 'limit=1&limit=2', 'other=1']) {
      // The list route has no path parameter and no body: a bad query is 400 with an envelope, never 422 (spec section 7).
      const refused = await call<{ code: string; details: Array<{ name: string; value: string }> }>(sidecar, 'GET', `/api/v1/jobs?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.code, query).toBe('REQUEST_QUERY_INVALID');
      expect(refused.body.details.find((detail) => detail.name === 'parameter')?.value, query).toBe(query.startsWith('other') ? 'other' : query.split('=')[0]);
    }
  });
});

describe('cancellation and the shutdown preflight', () => {
  it('cancel is idempotent, tells a pending safe point from a terminal job, and the preflight fails closed meanwhile', async () => {
    const job = await submitJob(sidecar, { progress_events: 2, hold: 'release' });
    await eventually(async () => (await snapshot(sidecar, job.job_id)).last_event_id === 4);
    const first = await call<JobCancelResponse>(sidecar, 'POST', `/api/v1/jobs/${job.job_id}/cancel`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ disposition: 'pending_safe_point', job: { state: 'cancelling', cancel_requested: true, last_event_id: 5 } });
    const again = await call<JobCancelResponse>(sidecar, 'POST', `/api/v1/jobs/${job.job_id}/cancel`);
    expect(again.body.disposition).toBe('pending_safe_point');
    expect(again.body.job.last_event_id).toBe(5);

    const blocked = await call<{ code: string; details: Array<{ name: string; value: number }> }>(sidecar, 'POST', '/api/v1/jobs/shutdown', { wait_ms: 0 });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('SHUTDOWN_BLOCKED_ACTIVE_WORK');
    expect(blocked.body.details).toEqual(
      expect.arrayContaining([
        { name: 'jobs.active', value: 1 },
        { name: 'jobs.pending_cancellation', value: 1 },
      ]),
    );
    expect((await call(sidecar, 'POST', '/api/v1/jobs/shutdown', { wait_ms: JOB_LIMITS.shutdownPreflightMaxWaitMs + 1 })).status).toBe(422);

    // The preflight waits: released while it waits, the job reaches its safe point and the answer is ready.
    const waiting = call<ShutdownPreflightResponse>(sidecar, 'POST', '/api/v1/jobs/shutdown', {});
    await releaseJob(sidecar, job.job_id);
    const ready = await waiting;
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ schema_version: 1, status: 'ready' });
    expect(ready.body.sources).toEqual(expect.arrayContaining([{ source: 'jobs', active: 0, pending_cancellation: 0 }]));
    expect(ready.body.sources.every((source) => source.active === 0)).toBe(true);

    const done = await snapshot(sidecar, job.job_id);
    expect(done).toMatchObject({ state: 'cancelled', last_event_id: 6 });
    const terminal = await call<JobCancelResponse>(sidecar, 'POST', `/api/v1/jobs/${job.job_id}/cancel`);
    expect(terminal.body).toMatchObject({ disposition: 'terminal', job: { state: 'cancelled', last_event_id: 6 } });
    const stream = await openStream(sidecar, job.job_id);
    await stream.finished;
    expect(stream.events.map((event) => event.kind)).toEqual(['queued', 'started', 'progress', 'progress', 'cancel-requested', 'cancelled']);
  });
});

describe('job event stream', () => {
  it('streams id, event and data frames, and closes after the terminal event', async () => {
    const job = await submitJob(sidecar, { progress_events: 20, hold: 'release', artifacts: 1 });
    const stream = await openStream(sidecar, job.job_id);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    await stream.waitForEvents(1 + 1 + 20 + 1);
    await releaseJob(sidecar, job.job_id);
    expect(await stream.finished).toBe('end');
    expect(expectContiguous(stream.events, 1)).toBe(true);
    expect(stream.events.at(-1)).toMatchObject({ kind: 'succeeded', state: 'succeeded', job_id: job.job_id });
    for (const message of stream.messages) {
      const data = JSON.parse(message.data) as { sequence: number; kind: string };
      expect(message.id).toBe(String(data.sequence));
      expect(message.event).toBe(data.kind);
    }
    expect(stream.events.filter((event) => ['succeeded', 'failed', 'cancelled', 'interrupted'].includes(event.kind))).toHaveLength(1);
  });

  it('replays from every retained id', async () => {
    const job = await submitJob(sidecar, { progress_events: 120 });
    const done = await waitTerminal(sidecar, job.job_id);
    const last = done.last_event_id;
    for (let id = 0; id <= last; id++) {
      const stream = await openStream(sidecar, job.job_id, String(id));
      expect(stream.status).toBe(200);
      await stream.finished;
      expect(stream.events.length).toBe(last - id);
      expect(expectContiguous(stream.events, id + 1)).toBe(true);
    }
  });

  it('answers 410 before any event once the id left the retained window', async () => {
    const job = await submitJob(sidecar, { progress_events: 400 });
    const done = await waitTerminal(sidecar, job.job_id);
    const oldest = done.last_event_id - JOB_LIMITS.retainedEventsPerJob + 1;
    const expired = await openStream(sidecar, job.job_id, String(oldest - 2));
    expect(expired.status).toBe(410);
    expect(expired.error?.code).toBe('JOB_EVENT_REPLAY_EXPIRED');
    expect((await openStream(sidecar, job.job_id, '0')).status).toBe(410);
    const edge = await openStream(sidecar, job.job_id, String(oldest - 1));
    await edge.finished;
    expect(edge.events).toHaveLength(JOB_LIMITS.retainedEventsPerJob);
    const whole = await openStream(sidecar, job.job_id);
    await whole.finished;
    expect(whole.events[0]?.sequence).toBe(oldest);
  });

  it('answers 400 for a malformed or future Last-Event-ID', async () => {
    const job = await submitJob(sidecar, { progress_events: 1 });
    const done = await waitTerminal(sidecar, job.job_id);
    for (const id of ['abc', '-1', '1.5', '01', '1e3', ' ', '', String(done.last_event_id + 1), '99999999999999999999']) {
      const stream = await openStream(sidecar, job.job_id, id);
      expect(stream.status, JSON.stringify(id)).toBe(400);
      expect(stream.error?.code).toBe('JOB_EVENT_CURSOR_INVALID');
    }
    expect((await openStream(sidecar, `job_${'f'.repeat(32)}`)).error?.code).toBe('JOB_NOT_FOUND');
  });

  it('admits 32 subscribers, refuses the 33rd with 409, and a disconnect frees its slot', async () => {
    const job = await submitJob(sidecar, { progress_events: 0, hold: 'release' });
    const streams: OpenStream[] = [];
    for (let i = 0; i < JOB_LIMITS.subscribersPerJob; i++) {
      const stream = await openStream(sidecar, job.job_id);
      expect(stream.status).toBe(200);
      await stream.waitForEvents(2);
      streams.push(stream);
    }
    const refused = await openStream(sidecar, job.job_id);
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe('JOB_SUBSCRIBER_LIMIT');
    streams.shift()?.close();
    let admitted: OpenStream | null = null;
    await eventually(async () => {
      const attempt = await openStream(sidecar, job.job_id);
      if (attempt.status === 200) admitted = attempt;
      return attempt.status === 200;
    });
    streams.push(admitted as unknown as OpenStream);
    await releaseJob(sidecar, job.job_id);
    for (const stream of streams) {
      await stream.finished;
      expect(stream.events.at(-1)?.kind).toBe('succeeded');
    }
  });

  it('a stalled subscriber does not delay the job and is closed alone, while a reader that resumes by id follows to the end', async () => {
    const job = await submitJob(sidecar, { progress_events: 60_000, hold_before: true, yield_every: 8 });
    const stalled = await stalledSubscriber(sidecar, job.job_id);
    const reader = await resumingReader(sidecar, job.job_id);
    await reader.started;
    await releaseJob(sidecar, job.job_id);
    // The job ends while the stalled subscriber has read nothing at all.
    const done = await waitTerminal(sidecar, job.job_id);
    expect(done.state).toBe('succeeded');
    const outcome = await reader.done;
    expect(outcome.stretches.every((stretch) => stretch.length === 0 || expectContiguous(stretch, stretch[0]?.sequence ?? 0))).toBe(true);
    expect(outcome.terminal).toBe('succeeded');
    // Now it reads what reached it: the server had closed it early, before the terminal event.
    const text = await stalled.drain();
    expect(text.startsWith('HTTP/1.1 200')).toBe(true);
    expect(text.includes('event: succeeded')).toBe(false);
  });
});

interface StalledSubscriber {
  /** Resumes reading and collects everything until the server's close. */
  drain(): Promise<string>;
}

/** A raw subscriber that sends its request and then reads nothing. */
function stalledSubscriber(target: LaunchedSidecar, jobId: string): Promise<StalledSubscriber> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: '127.0.0.1', port: target.port });
    const headers = target.requestHeaders();
    const lines = [
      `GET /api/v1/jobs/${jobId}/events HTTP/1.1`,
      'Host: 127.0.0.1',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'Accept: text/event-stream',
    ];
    socket.once('error', reject);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`, () => {
      socket.pause();
      resolve({
        drain: () =>
          new Promise<string>((done) => {
            const chunks: Buffer[] = [];
            socket.on('data', (chunk: Buffer) => chunks.push(chunk));
            socket.on('close', () => done(Buffer.concat(chunks).toString('utf8')));
            socket.on('error', () => undefined);
            socket.resume();
          }),
      });
    });
  });
}

interface ReaderOutcome {
  /** The events of each connection; each stretch is contiguous. */
  readonly stretches: JobEvent[][];
  readonly terminal: string;
}

/** A client that follows the stream to its end, resuming by Last-Event-ID when closed early, or reading the snapshot after a 410. */
async function resumingReader(target: LaunchedSidecar, jobId: string): Promise<{ started: Promise<void>; done: Promise<ReaderOutcome> }> {
  const first = await openStream(target, jobId);
  const started = first.waitForEvents(2);
  const terminalKinds = new Set(['succeeded', 'failed', 'cancelled', 'interrupted']);
  const done = (async (): Promise<ReaderOutcome> => {
    await first.finished;
    const stretches: JobEvent[][] = [first.events];
    let last = first.events.at(-1);
    while (last === undefined || !terminalKinds.has(last.kind)) {
      const next = await openStream(target, jobId, String(last?.sequence ?? 0));
      // Fallen behind the retained window while the job still runs: it reads the job's end from its snapshot.
      if (next.status === 410) return { stretches, terminal: (await waitTerminal(target, jobId)).state };
      if (next.status !== 200) throw new Error(`resume refused: ${next.error?.code ?? next.status}`);
      await next.finished;
      stretches.push(next.events);
      last = next.events.at(-1) ?? last;
    }
    return { stretches, terminal: last.kind };
  })();
  return { started, done };
}
