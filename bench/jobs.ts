// Job engine benchmark: event fan-out to 32 SSE subscribers, the cost of one stalled subscriber,
// and a 256-event replay, all through the real sidecar (test entry, encrypted database).
import { connect, type Socket } from 'node:net';
import type { LaunchedSidecar } from '../client/launcher.js';
import { JOB_LIMITS } from '../src/contract/limits.js';
import { releaseJob, snapshot, submitJob, waitTerminal } from '../test/support/job-stream.js';
import { localState } from '../test/support/local-state.js';
import { startSidecar, TEST_SIDECAR_ENTRY } from '../test/support/sidecar.js';
import { cpus, totalmem } from 'node:os';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
}

function fmt(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

function machine(): string {
  return `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

const FANOUT_EVENTS = 20_000;
const STALL_EVENTS = 100_000;
const ROUNDS = 5;

interface CountingReader {
  /** Resolves with the number of events received once the stream ends. */
  readonly done: Promise<{ events: number; sawTerminal: boolean }>;
  readonly started: Promise<void>;
}

/** An SSE reader that counts frames without parsing JSON (the bench measures the server). */
async function countingReader(sidecar: LaunchedSidecar, jobId: string, lastEventId?: number): Promise<CountingReader> {
  const headers: Record<string, string> = { ...sidecar.requestHeaders(), accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const response = await fetch(`${sidecar.baseUrl}/api/v1/jobs/${jobId}/events`, { headers });
  if (response.status !== 200) throw new Error(`stream refused: ${response.status}`);
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const done = (async () => {
    const decoder = new TextDecoder();
    let events = 0;
    let tail = '';
    let sawTerminal = false;
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const text = tail + decoder.decode(chunk, { stream: true });
        const frames = text.split('\n\n');
        tail = frames.pop() ?? '';
        for (const frame of frames) {
          if (!frame.startsWith('id: ')) continue;
          events++;
          if (events === 1) markStarted();
          if (/\nevent: (succeeded|failed|cancelled|interrupted)\n/.test(frame)) sawTerminal = true;
        }
      }
    } catch {
      /* closed by the server */
    }
    markStarted();
    return { events, sawTerminal };
  })();
  return { done, started };
}

function stalledSocket(sidecar: LaunchedSidecar, jobId: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: sidecar.port });
    const lines = [`GET /api/v1/jobs/${jobId}/events HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(sidecar.requestHeaders()).map(([k, v]) => `${k}: ${v}`)];
    socket.once('error', reject);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`, () => {
      socket.pause();
      resolve(socket);
    });
  });
}

/** Milliseconds from the release of a held job to its end, as the job's own ledger times say. */
async function completionMs(sidecar: LaunchedSidecar, stalled: boolean): Promise<number> {
  const job = await submitJob(sidecar, { progress_events: STALL_EVENTS, hold_before: true, yield_every: 8 });
  const socket = stalled ? await stalledSocket(sidecar, job.job_id) : null;
  if (socket) await new Promise((resolve) => setTimeout(resolve, 20));
  const released = Date.now();
  await releaseJob(sidecar, job.job_id);
  const done = await waitTerminal(sidecar, job.job_id);
  socket?.destroy();
  return Date.parse(done.ended_at as string) - released;
}

export async function runJobsBench(): Promise<string> {
  const fixture = localState('unlocked');
  const sidecar = await startSidecar({ entry: TEST_SIDECAR_ENTRY, env: fixture.secrets.env, args: ['--workspace', fixture.workspace] });
  try {
    // 1. Fan-out: one job, 32 subscribers, events per second delivered in total.
    const fanout: number[] = [];
    let closedEarly = 0;
    for (let round = 0; round < 3; round++) {
      const job = await submitJob(sidecar, { progress_events: FANOUT_EVENTS, hold_before: true, yield_every: 8 });
      const readers = await Promise.all(Array.from({ length: JOB_LIMITS.subscribersPerJob }, () => countingReader(sidecar, job.job_id)));
      await Promise.all(readers.map((reader) => reader.started));
      const start = performance.now();
      await releaseJob(sidecar, job.job_id);
      const results = await Promise.all(readers.map((reader) => reader.done));
      const elapsed = (performance.now() - start) / 1000;
      const delivered = results.reduce((sum, result) => sum + result.events, 0);
      closedEarly += results.filter((result) => !result.sawTerminal).length;
      fanout.push(delivered / elapsed);
    }

    // 2. One stalled subscriber against none, interleaved rounds.
    const without: number[] = [];
    const withStalled: number[] = [];
    await completionMs(sidecar, false);
    for (let round = 0; round < ROUNDS; round++) {
      without.push(await completionMs(sidecar, false));
      withStalled.push(await completionMs(sidecar, true));
    }
    const ratio = median(withStalled) / median(without);

    // 3. Replay of the full retained window (256 events) of a finished job.
    const job = await submitJob(sidecar, { progress_events: 400 });
    const finished = await waitTerminal(sidecar, job.job_id);
    const from = finished.last_event_id - JOB_LIMITS.retainedEventsPerJob;
    const replay: number[] = [];
    for (let round = 0; round < 30; round++) {
      const start = performance.now();
      const reader = await countingReader(sidecar, job.job_id, from);
      const result = await reader.done;
      if (result.events !== JOB_LIMITS.retainedEventsPerJob) throw new Error(`replay delivered ${result.events}`);
      replay.push(performance.now() - start);
    }
    await snapshot(sidecar, job.job_id);

    return [
      '## Job engine',
      '',
      `Machine: ${machine()}. Real sidecar (test entry, encrypted database), real HTTP clients on loopback; command: \`node --import tsx bench/jobs.ts\`.`,
      '',
      '| measure | value |',
      '|---|---|',
      `| events/s delivered to ${JOB_LIMITS.subscribersPerJob} subscribers (${FANOUT_EVENTS} events per job, median of 3) | ${fmt(median(fanout), 0)} |`,
      `| subscribers closed early as too slow during fan-out (of ${3 * JOB_LIMITS.subscribersPerJob}) | ${closedEarly} |`,
      `| job completion, ${STALL_EVENTS} events, no subscriber (median of ${ROUNDS}) | ${fmt(median(without), 0)} ms |`,
      `| job completion, same, one stalled subscriber (median of ${ROUNDS}) | ${fmt(median(withStalled), 0)} ms |`,
      `| ratio stalled / none (target at most 1.1) | ${fmt(ratio, 2)} |`,
      `| replay of ${JOB_LIMITS.retainedEventsPerJob} events: request to stream end (median of 30) | ${fmt(median(replay), 2)} ms |`,
      '',
    ].join('\n');
  } finally {
    await sidecar.stop();
    fixture.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await runJobsBench()}\n`);
