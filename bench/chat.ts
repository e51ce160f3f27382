// Chat streaming benchmark through the real sidecar (test entry, encrypted database) against the
// byte-level loopback wire fakes: the latency the sidecar adds between the fake writing the first
// text byte and the client parsing the `first-token` event, and delta throughput.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { ProviderId } from '../src/contract/providers.js';
import { call, createProfile, OWNER, sessionRequest, startChatWorld, type ChatWorld } from '../test/support/chat-world.js';
import type { FakeProvider } from '../test/support/provider-fakes/index.js';
import { fmt, machine, median, quantile } from './support.js';
import { buildTestSidecar } from '../test/support/test-sidecar-build.js';

const LATENCY_ROUNDS = 300;
/** Rounds run first and not counted (JIT, connection set-up). */
const WARMUP_ROUNDS = 20;
const THROUGHPUT_ROUNDS = 8;
/** Pause the fake takes before its first text, so the client is reading the stream when it comes. */
const FIRST_TOKEN_DELAY_MS = 15;
const THROUGHPUT_PIECES = 4000;
const PIECE = 'abcd';

interface StreamTiming {
  readonly activeAt: number;
  readonly firstTokenAt: number;
  readonly completedAt: number;
  readonly deltas: number;
  readonly ok: boolean;
}

/** Starts a stream run and reads its events with a frame scanner (no JSON parsing: the bench measures the server). */
async function timedStream(world: ChatWorld, sessionId: string, message: string): Promise<StreamTiming> {
  const started = await call(world, 'POST', `/api/v1/chat/sessions/${sessionId}/streams`, { body: { message } });
  if (started.status !== 202) throw new Error(`stream start failed: ${started.status} ${started.text}`);
  const headers: Record<string, string> = { ...world.sidecar.requestHeaders(), accept: 'text/event-stream', 'x-service-session-owner': OWNER };
  const response = await fetch(`${world.sidecar.baseUrl}/api/v1/chat/sessions/${sessionId}/streams/${started.body.run_id as string}/events`, { headers });
  let activeAt = Number.NaN;
  let firstTokenAt = Number.NaN;
  let completedAt = Number.NaN;
  let deltas = 0;
  let tail = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    const now = performance.now();
    const text = tail + decoder.decode(chunk, { stream: true });
    const frames = text.split('\n\n');
    tail = frames.pop() ?? '';
    for (const frame of frames) {
      const kind = /\nevent: ([a-z-]+)\n/.exec(frame)?.[1];
      if (kind === 'active') activeAt = now;
      else if (kind === 'first-token') firstTokenAt = now;
      else if (kind === 'delta') deltas++;
      else if (kind === 'completed') completedAt = now;
    }
  }
  return { activeAt, firstTokenAt, completedAt, deltas, ok: Number.isFinite(completedAt) };
}

/** The same first-text latency measured with the client reading the fake directly: the loopback baseline. */
async function directFirstText(fake: FakeProvider, path: string): Promise<number> {
  fake.script({ kind: 'text', answer: { pieces: ['first', ' second'] }, splitBytes: 65_536, firstTokenDelayMs: FIRST_TOKEN_DELAY_MS });
  const response = await fetch(`http://127.0.0.1:${fake.port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  let at = Number.NaN;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!Number.isFinite(at) && Buffer.from(chunk).includes('first')) at = performance.now();
  }
  return at - (fake.firstTextWrittenAt() ?? Number.NaN);
}

interface ProviderFigures {
  readonly providerId: ProviderId;
  readonly added: number[];
  readonly baseline: number[];
  readonly discarded: number;
  readonly deltasPerSecond: number[];
  readonly charactersPerSecond: number[];
}

async function measure(world: ChatWorld, providerId: ProviderId, path: string): Promise<ProviderFigures> {
  const fake = world.fakes[providerId];
  const profile = `bench-${providerId.replace('_', '-')}`;
  await createProfile(world, profile, providerId);
  const added: number[] = [];
  const baseline: number[] = [];
  let discarded = 0;
  let sessionId = '';
  for (let round = -WARMUP_ROUNDS; round < LATENCY_ROUNDS; round++) {
    if ((round + WARMUP_ROUNDS) % 15 === 0) {
      if (sessionId) await call(world, 'DELETE', `/api/v1/chat/sessions/${sessionId}`);
      const created = await call(world, 'POST', '/api/v1/chat/sessions', { body: sessionRequest(profile) });
      sessionId = created.body.session_id as string;
    }
    fake.script({ kind: 'text', answer: { pieces: ['Erste', ' Antwort'] }, splitBytes: 65_536, firstTokenDelayMs: FIRST_TOKEN_DELAY_MS });
    const timing = await timedStream(world, sessionId, `round ${round}`);
    const written = fake.firstTextWrittenAt() ?? Number.NaN;
    if (round < 0) continue;
    // Only samples where the client was already reading when the fake wrote its first text count.
    if (!timing.ok || !(timing.activeAt < written)) {
      discarded++;
      continue;
    }
    added.push(timing.firstTokenAt - written);
    if (round % 2 === 0) baseline.push(await directFirstText(fake, path));
  }
  if (sessionId) await call(world, 'DELETE', `/api/v1/chat/sessions/${sessionId}`);

  const deltasPerSecond: number[] = [];
  const charactersPerSecond: number[] = [];
  for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
    const created = await call(world, 'POST', '/api/v1/chat/sessions', { body: sessionRequest(profile) });
    const id = created.body.session_id as string;
    fake.script({ kind: 'text', answer: { pieces: Array.from({ length: THROUGHPUT_PIECES }, () => PIECE) }, splitBytes: 16_384 });
    const timing = await timedStream(world, id, 'long answer');
    const seconds = (timing.completedAt - timing.firstTokenAt) / 1000;
    deltasPerSecond.push(timing.deltas / seconds);
    charactersPerSecond.push((THROUGHPUT_PIECES * PIECE.length) / seconds);
    await call(world, 'DELETE', `/api/v1/chat/sessions/${id}`);
  }
  return { providerId, added, baseline, discarded, deltasPerSecond, charactersPerSecond };
}

export async function runChatBench(): Promise<string> {
  if (!existsSync('dist/cli.js')) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  await buildTestSidecar();
  const world = await startChatWorld();
  try {
    const results = [await measure(world, 'ollama', '/api/chat'), await measure(world, 'openai_compatible', '/v1/chat/completions')];
    const lines = [
      '## Chat streaming',
      '',
      `Machine: ${machine()}.`,
      `Command: \`node --import tsx bench/chat.ts\` (real sidecar process, test entry, encrypted database, loopback wire fakes).`,
      '',
      `First-token latency: time from the fake's write of the first text byte to the client parsing the \`first-token\` SSE event, ${LATENCY_ROUNDS} streamed runs per provider after ${WARMUP_ROUNDS} uncounted warm-up runs (the fake waits ${FIRST_TOKEN_DELAY_MS} ms before its first text so the client is already reading). It includes two loopback hops (fake to sidecar, sidecar to client); "direct" is the same fake read by the client without the sidecar, i.e. one hop.`,
      '',
      '| provider wire format | runs | sidecar path median (ms) | p99 (ms) | direct, one hop, median (ms) | added by the sidecar, median (ms) |',
      '|---|---|---|---|---|---|',
      ...results.map(
        (result) =>
          `| ${result.providerId} | ${result.added.length} (${result.discarded} discarded) | ${fmt(median(result.added), 3)} | ${fmt(quantile(result.added, 0.99), 3)} | ${fmt(median(result.baseline), 3)} | ${fmt(median(result.added) - median(result.baseline), 3)} |`,
      ),
      '',
      `Target: median under 2 ms on the sidecar path. Delta throughput: one answer of ${THROUGHPUT_PIECES} text pieces (${THROUGHPUT_PIECES * PIECE.length} characters, at the fake's full speed in 16 KiB writes), from \`first-token\` to \`completed\` at the client, ${THROUGHPUT_ROUNDS} runs.`,
      '',
      '| provider wire format | delta events/s, median | characters/s, median | slowest run, delta events/s |',
      '|---|---|---|---|',
      ...results.map(
        (result) =>
          `| ${result.providerId} | ${fmt(median(result.deltasPerSecond), 0)} | ${fmt(median(result.charactersPerSecond), 0)} | ${fmt(Math.min(...result.deltasPerSecond), 0)} |`,
      ),
      '',
    ];
    return lines.join('\n');
  } finally {
    await world.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await runChatBench()}\n`);
