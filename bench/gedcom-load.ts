// GEDCOM load benchmark (issue 12): GEDCOM operations through the real API of the built sidecar,
// launched as the desktop shell launches it (client/launcher.ts, private Secret Service, grants
// from `artifacts import`), while a separate client pings GET /api/v1/health every 50 ms on its
// own keep-alive connection. Per operation: wall time (submit to terminal snapshot), worst and p99
// health latency, failed health requests, progress events seen on the job's SSE stream, peak RSS of
// the sidecar process (VmHWM; one fresh sidecar per operation) as a multiple of the input, and the
// time as a ratio to the index parse (`parseGedcomBytes`, the "records indexed" variant of
// bench/gedcom-parse.ts) of the same input, timed in fresh child processes in the same run. Then
// cancel latency: ten quality jobs cancelled once running with a progress event (or after 500 ms).
//
// Run: `npm run bench -- gedcom-load` (200,000 people; `--full` or GEDCOM_LOAD_PEOPLE=1000000 for
// 1,000,000), or `node --import tsx bench/gedcom-load.ts` after `npm run build`.
// GEDCOM_LOAD_SIDECAR_DIR=DIR launches DIR/dist/cli.js (a checkout built with `npm run build`) and
// times the parse with DIR/src, e.g. a clone of an older commit for before-figures;
// GEDCOM_LOAD_LABEL names the table (default: `after`, or `before` when a directory is given).
// Each (label, people) table replaces only its own earlier table in the section.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createParser } from 'eventsource-parser';
import { LocalArtifactStore } from '../client/artifacts.js';
import { launchSidecar, type LaunchedSidecar } from '../client/launcher.js';
import type { GedcomJobAccepted, GedcomJobResult } from '../src/contract/gedcom.js';
import type { JobEvent, JobSnapshot } from '../src/contract/jobs.js';
import { generateGedcom } from '../src/gedcom/generate.js';
import { startSecretService } from '../test/support/secret-service.js';
import { fmt, machine, median, quantile } from './support.js';

const SELF = fileURLToPath(import.meta.url);
const REPO = resolve(dirname(SELF), '..');
const DOCS = join(REPO, 'docs/benchmarks.md');
const APP_BUILD = '0.9.0-bench+gedcom-load';

const CI_PEOPLE = 200_000;
const FULL_PEOPLE = 1_000_000;
const MERGE_PEOPLE = 100_000;
const BIG_SEED = 7;
const MERGE_SEED = 8;
const PING_INTERVAL_MS = 50;
const POLL_INTERVAL_MS = 20;
const IDLE_PING_MS = 3_000;
const CANCEL_ROUNDS = 10;
const CANCEL_TRIGGER_MS = 500;
const CANCEL_TIMEOUT_MS = 60_000;
const JOB_TIMEOUT_MS = 30 * 60_000;

const GOALS = { worstHealthMs: 250, p99HealthMs: 20, cancelMs: 250, cancelCeilingMs: 1_000, rssMultiple: 4 } as const;

type Operation = 'quality' | 'merge' | 'subtree' | 'inspect';

interface Settings {
  readonly people: number;
  readonly sidecarDir: string;
  readonly label: string;
}

function settings(): Settings {
  const full = process.argv.includes('--full');
  const people = Number(process.env['GEDCOM_LOAD_PEOPLE'] ?? (full ? FULL_PEOPLE : CI_PEOPLE));
  if (!Number.isInteger(people) || people < 1_000) throw new Error(`GEDCOM_LOAD_PEOPLE must be an integer of at least 1000, not ${people}`);
  const given = process.env['GEDCOM_LOAD_SIDECAR_DIR'];
  const sidecarDir = resolve(given ?? REPO);
  if (!existsSync(join(sidecarDir, 'dist/cli.js'))) throw new Error(`no built sidecar at ${sidecarDir}/dist/cli.js (run npm run build there)`);
  const label = process.env['GEDCOM_LOAD_LABEL'] ?? (given === undefined ? 'after' : 'before');
  if (!/^[a-z][a-z0-9 -]{0,31}$/.test(label)) throw new Error(`GEDCOM_LOAD_LABEL must be a short lowercase word, not ${label}`);
  return { people, sidecarDir, label };
}

/** The commit of the measured checkout, and whether its working tree had uncommitted changes. */
function revision(dir: string): string {
  try {
    const commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'unknown commit';
  }
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const seconds = (ms: number): string => `${fmt(ms / 1000, ms < 10_000 ? 2 : 1)} s`;
const people = (n: number): string => n.toLocaleString('en-US');
const times = (n: number): string => (n === 1 ? 'once' : `${n} times`);

async function writeGenerated(path: string, individuals: number, seed: number): Promise<number> {
  const out = createWriteStream(path);
  await generateGedcom((chunk) => new Promise<void>((done) => (out.write(chunk) ? done() : out.once('drain', done))), { individuals, seed });
  await new Promise<void>((done) => out.end(done));
  return statSync(path).size;
}

// ---------------------------------------------------------------------------------------------
// Index-parse baseline: `parseGedcomBytes` of the measured checkout, in a fresh child process.

interface ParseReport {
  readonly parseMs: number;
}

function parseInChild(engineDir: string, file: string): number {
  const out = execFileSync(process.execPath, ['--max-old-space-size=16384', '--import', 'tsx', SELF, '--child', 'parse', engineDir, file], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return (JSON.parse(out.trim().split('\n').pop() as string) as ParseReport).parseMs;
}

async function childParse(engineDir: string, file: string): Promise<void> {
  const engine = (await import(pathToFileURL(join(engineDir, 'src/gedcom/parse/parse.ts')).href)) as { parseGedcomBytes: (bytes: Uint8Array) => unknown };
  const bytes = readFileSync(file);
  const started = performance.now();
  engine.parseGedcomBytes(bytes);
  const report: ParseReport = { parseMs: performance.now() - started };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

// ---------------------------------------------------------------------------------------------
// Clients: health pinger, job snapshot polling, SSE follower, RSS of the sidecar.

interface HealthStats {
  readonly sent: number;
  readonly failed: number;
  readonly failures: string[];
  readonly worstMs: number;
  readonly p99Ms: number;
  readonly medianMs: number;
}

interface Pinger {
  stop(): Promise<HealthStats>;
}

/**
 * GET /api/v1/health every 50 ms on one keep-alive connection of its own (node:http, not the
 * fetch pool the job client uses): one request in flight at a time, the next one 50 ms after the
 * previous one was sent, or at once when it took longer. Latency is send to last body byte.
 */
function startPinger(sidecar: LaunchedSidecar): Pinger {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = sidecar.requestHeaders();
  const latencies: number[] = [];
  const failures: string[] = [];
  let stopped = false;
  const ping = (): Promise<void> =>
    new Promise<void>((done) => {
      const sent = performance.now();
      let settled = false;
      const finish = (failure: string | null): void => {
        if (settled) return;
        settled = true;
        latencies.push(performance.now() - sent);
        if (failure !== null) failures.push(failure);
        done();
      };
      const req = request({ host: '127.0.0.1', port: sidecar.port, path: '/api/v1/health', method: 'GET', agent, headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => finish(res.statusCode === 200 ? null : `HTTP ${res.statusCode ?? '?'}`));
        res.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? 'response error'));
      });
      req.setTimeout(JOB_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('timeout'), { code: 'CLIENT_TIMEOUT' })));
      req.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? 'socket error'));
      req.end();
    });
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      await ping();
      const wait = PING_INTERVAL_MS - (performance.now() - started);
      if (wait > 0 && !stopped) await sleep(wait);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      agent.destroy();
      return {
        sent: latencies.length,
        failed: failures.length,
        failures,
        worstMs: Math.max(...latencies),
        p99Ms: quantile(latencies, 0.99),
        medianMs: median(latencies),
      };
    },
  };
}

async function callJson<T>(sidecar: LaunchedSidecar, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...sidecar.requestHeaders() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${sidecar.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text.length > 0 ? JSON.parse(text) : null) as T };
}

/** Requests of the job client (snapshot polls, results, cancels) that failed on the socket and were sent again. */
let jobClientRetries = 0;

/** An idempotent request, sent again (up to 5 times) when the connection fails, e.g. a keep-alive socket the server closed. */
async function idempotent<T>(sidecar: LaunchedSidecar, method: 'GET' | 'POST', path: string): Promise<{ status: number; body: T }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await callJson<T>(sidecar, method, path);
    } catch (error) {
      if (attempt >= 5) throw error;
      jobClientRetries++;
      await sleep(POLL_INTERVAL_MS);
    }
  }
}

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled', 'interrupted']);

/** Polls the job snapshot every 20 ms until it is terminal or the deadline passes (then null). */
async function pollTerminal(
  sidecar: LaunchedSidecar,
  jobId: string,
  timeoutMs: number,
  onSnapshot?: (snapshot: JobSnapshot) => void,
): Promise<JobSnapshot | null> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const answer = await idempotent<JobSnapshot>(sidecar, 'GET', `/api/v1/jobs/${jobId}`);
    if (answer.status !== 200) throw new Error(`job snapshot answered ${answer.status}`);
    onSnapshot?.(answer.body);
    if (TERMINAL.has(answer.body.state)) return answer.body;
    if (performance.now() >= deadline) return null;
    await sleep(POLL_INTERVAL_MS);
  }
}

interface EventFollower {
  progress: number;
  events: number;
  terminal: string | null;
  /** Resolves at the first `progress` event. */
  readonly firstProgress: Promise<void>;
  /** Resolves when the server ends the stream (or it fails). */
  ended: Promise<void>;
  close(): void;
}

/** Reads GET /api/v1/jobs/{id}/events with eventsource-parser, counting events by kind. */
function followEvents(sidecar: LaunchedSidecar, jobId: string): EventFollower {
  const controller = new AbortController();
  let markProgress: () => void = () => undefined;
  const follower: EventFollower = {
    progress: 0,
    events: 0,
    terminal: null,
    firstProgress: new Promise<void>((done) => (markProgress = done)),
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  const parser = createParser({
    onEvent: (message) => {
      const event = JSON.parse(message.data) as JobEvent;
      follower.events++;
      if (event.kind === 'progress') {
        follower.progress++;
        markProgress();
      }
      if (TERMINAL.has(event.kind)) follower.terminal = event.kind;
    },
  });
  follower.ended = (async () => {
    try {
      const response = await fetch(`${sidecar.baseUrl}/api/v1/jobs/${jobId}/events`, {
        headers: { ...sidecar.requestHeaders(), accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (response.status !== 200 || response.body === null) return;
      const decoder = new TextDecoder();
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      /* aborted or closed */
    }
  })();
  return follower;
}

function procStatus(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

// ---------------------------------------------------------------------------------------------
// The measured run.

interface World {
  readonly settings: Settings;
  readonly dir: string;
  readonly workspace: string;
  readonly artifactRoot: string;
  readonly entry: string;
  readonly env: Record<string, string>;
}

function launch(world: World): Promise<LaunchedSidecar> {
  return launchSidecar({
    entry: world.entry,
    appBuild: APP_BUILD,
    env: world.env,
    args: ['--workspace', world.workspace, '--artifact-root', world.artifactRoot],
    readyTimeoutMs: 60_000,
  });
}

interface OperationRow {
  readonly operation: string;
  readonly inputBytes: number;
  readonly parseMs: number;
  readonly wallMs: number;
  readonly health: HealthStats;
  readonly progressEvents: number;
  readonly events: number;
  readonly peakRss: number;
  readonly outcome: string;
  readonly retries: number;
}

function summary(op: Operation, result: GedcomJobResult | null): string {
  if (result === null) return '';
  if (op === 'quality' && result.quality) return `${people(result.quality.scope.individuals)} people, ${result.quality.rules.length} rules fired`;
  if (op === 'merge' && result.merge)
    return `${people(result.merge.individuals.output)} people out, ${people(result.merge.pairs.automatic)} automatic, ${people(result.merge.pairs.review)} review pairs`;
  if (op === 'subtree' && result.subtree) return `${people(result.subtree.individuals)} people, ${result.subtree.generations_reached} generations`;
  if (op === 'inspect' && result.inspect) return `${people(result.inspect.records.total)} records`;
  return '';
}

/** One operation in a fresh sidecar (so VmHWM is this operation's peak), health pinged throughout. */
async function measureOperation(world: World, op: Operation, body: Record<string, unknown>, inputBytes: number, parseMs: number): Promise<OperationRow> {
  const sidecar = await launch(world);
  try {
    const pinger = startPinger(sidecar);
    await sleep(500); // the pinger is established before the job
    const retriesBefore = jobClientRetries;
    const started = performance.now();
    const accepted = await callJson<GedcomJobAccepted>(sidecar, 'POST', `/api/v1/gedcom/${op}`, { ...body, execution: { mode: 'offline' } });
    if (accepted.status !== 202) throw new Error(`${op} refused: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    const jobId = accepted.body.job_id;
    const events = followEvents(sidecar, jobId);
    const terminal = await pollTerminal(sidecar, jobId, JOB_TIMEOUT_MS);
    const wallMs = performance.now() - started;
    const health = await pinger.stop();
    await Promise.race([events.ended, sleep(10_000)]);
    events.close();
    const peakRss = procStatus(sidecar.pid, 'VmHWM');
    let outcome = terminal === null ? `not terminal after ${JOB_TIMEOUT_MS / 60_000} min` : terminal.state;
    if (terminal?.state === 'succeeded') {
      const result = await idempotent<GedcomJobResult>(sidecar, 'GET', `/api/v1/gedcom/jobs/${jobId}/result`);
      if (result.status === 200) outcome += `: ${summary(op, result.body)}`;
    } else if (terminal?.error) outcome += ` (${terminal.error.code})`;
    return {
      operation: op,
      inputBytes,
      parseMs,
      wallMs,
      health,
      progressEvents: events.progress,
      events: events.events,
      peakRss,
      outcome,
      retries: jobClientRetries - retriesBefore,
    };
  } finally {
    await sidecar.stop(60_000);
  }
}

/** Health of an idle sidecar, the floor the loaded figures stand on (same machine, same moment). */
async function idleHealth(world: World): Promise<HealthStats> {
  const sidecar = await launch(world);
  try {
    const pinger = startPinger(sidecar);
    await sleep(IDLE_PING_MS);
    return await pinger.stop();
  } finally {
    await sidecar.stop(60_000);
  }
}

interface CancelRound {
  /** When the cancel was sent, in milliseconds after the submit. */
  readonly sentAtMs: number;
  /** Milliseconds from sending the cancel to a terminal snapshot; null when none within the timeout. */
  readonly ms: number | null;
  readonly state: string;
  readonly trigger: 'progress' | 'timer';
}

/**
 * Ten quality jobs in one sidecar. Each is cancelled once it is running and has reported a progress
 * event (or after 500 ms without one), round i (0-based) a further i/10 of 60% of the uncancelled
 * quality time of this run later: round 1 cancels at the first progress event, the others at points
 * spread over the job (parse, index, analysis).
 */
async function measureCancel(world: World, grant: string, qualityMs: number): Promise<CancelRound[]> {
  const sidecar = await launch(world);
  const rounds: CancelRound[] = [];
  try {
    for (let round = 0; round < CANCEL_ROUNDS; round++) {
      const submitted = performance.now();
      const accepted = await callJson<GedcomJobAccepted>(sidecar, 'POST', '/api/v1/gedcom/quality', { source: grant, execution: { mode: 'offline' } });
      if (accepted.status !== 202) throw new Error(`quality refused: ${accepted.status}`);
      const jobId = accepted.body.job_id;
      const events = followEvents(sidecar, jobId);
      let running = false;
      let stopPolling = false;
      const poller = (async () => {
        while (!stopPolling && !running) {
          const answer = await idempotent<JobSnapshot>(sidecar, 'GET', `/api/v1/jobs/${jobId}`);
          running = answer.body.state === 'running';
          if (TERMINAL.has(answer.body.state)) return;
          if (!running) await sleep(POLL_INTERVAL_MS);
        }
      })().catch(() => undefined);
      const ready = events.firstProgress.then(async () => {
        await poller;
        return running ? ('progress' as const) : ('timer' as const);
      });
      const trigger = await Promise.race([ready, sleep(CANCEL_TRIGGER_MS).then(() => 'timer' as const)]);
      stopPolling = true;
      await sleep((round / CANCEL_ROUNDS) * 0.6 * qualityMs);
      const sent = performance.now();
      const cancel = idempotent<unknown>(sidecar, 'POST', `/api/v1/jobs/${jobId}/cancel`);
      const terminal = await pollTerminal(sidecar, jobId, CANCEL_TIMEOUT_MS);
      const ms = terminal === null ? null : performance.now() - sent;
      rounds.push({ sentAtMs: sent - submitted, ms, state: terminal?.state ?? 'not terminal', trigger });
      await cancel;
      if (terminal === null) await pollTerminal(sidecar, jobId, JOB_TIMEOUT_MS);
      await Promise.race([events.ended, sleep(5_000)]);
      events.close();
      process.stderr.write(
        `bench: gedcom-load cancel ${round + 1}/${CANCEL_ROUNDS} sent at ${fmt(sent - submitted, 0)} ms: ${rounds.at(-1)?.state} after ${ms === null ? 'timeout' : fmt(ms, 0)} ms (${trigger})\n`,
      );
    }
  } finally {
    await sidecar.stop(60_000);
  }
  return rounds;
}

// ---------------------------------------------------------------------------------------------
// Markdown.

const mark = (ok: boolean): string => (ok ? 'met' : 'missed');

function operationRows(rows: readonly OperationRow[]): string[] {
  return rows.map((row) => {
    const multiple = row.peakRss / row.inputBytes;
    const failed = `${row.health.failed} of ${row.health.sent}${row.health.failed > 0 ? ` (${[...new Set(row.health.failures)].join(', ')})` : ''}`;
    return `| ${row.operation} | ${mib(row.inputBytes)} | ${seconds(row.wallMs)} | ${fmt(row.wallMs / row.parseMs, 1)}x | ${fmt(row.health.worstMs, 0)} ms | ${fmt(row.health.p99Ms, row.health.p99Ms >= 100 ? 0 : 1)} ms | ${failed} | ${row.progressEvents} of ${row.events} | ${mib(row.peakRss)} | ${fmt(multiple, 1)}x | ${row.outcome}${row.retries > 0 ? `; the job client's connection was reset ${times(row.retries)} (request sent again)` : ''} |`;
  });
}

function cancelText(rounds: readonly CancelRound[]): string {
  const ended = rounds.filter((r) => r.ms !== null).map((r) => r.ms as number);
  const byState = new Map<string, number>();
  for (const r of rounds) byState.set(r.state, (byState.get(r.state) ?? 0) + 1);
  const states = [...byState].map(([state, n]) => `${n} ${state}`).join(', ');
  const timers = rounds.filter((r) => r.trigger === 'timer').length;
  const allCancelled = rounds.every((r) => r.state === 'cancelled' && r.ms !== null);
  const worst = ended.length === rounds.length ? Math.max(...ended) : Number.POSITIVE_INFINITY;
  const met = allCancelled && median(ended) <= GOALS.cancelMs && worst <= GOALS.cancelCeilingMs;
  const lines = [
    `Cancel of a running quality job, ${rounds.length} times in one sidecar: the cancel is sent once the job is running and has reported a progress event${timers > 0 ? ` (${timers} times after ${CANCEL_TRIGGER_MS} ms without one)` : ''}, round n a further (n-1)/${rounds.length} of 60% of the quality time above later, so round 1 cancels at the first progress event and the others at points spread over the job; the time is from sending \`POST /api/v1/jobs/{id}/cancel\` to the first terminal snapshot (${CANCEL_TIMEOUT_MS / 1000} s timeout). Ends: ${states}.`,
    `Cancel to terminal: median **${fmt(median(ended), 0)} ms**, worst **${Number.isFinite(worst) ? `${fmt(worst, 0)} ms` : 'not terminal within the timeout'}**${allCancelled ? '' : ` (a job that ends \`succeeded\` was not stopped: the cancel had no effect)`}; goal: every job \`cancelled\`, the median within ${GOALS.cancelMs} ms and each within the ${GOALS.cancelCeilingMs} ms ceiling: ${mark(met)}.`,
    '',
    '| round | cancel sent (after submit) | ends | cancel to terminal |',
    '|---:|---:|---|---:|',
    ...rounds.map((r, i) => `| ${i + 1} | ${seconds(r.sentAtMs)} | ${r.state} | ${r.ms === null ? `> ${CANCEL_TIMEOUT_MS / 1000} s` : `${fmt(r.ms, 0)} ms`} |`),
  ];
  return lines.join('\n');
}

function verdicts(rows: readonly OperationRow[]): string {
  const failed = rows.reduce((sum, r) => sum + r.health.failed, 0);
  const worst = Math.max(...rows.map((r) => r.health.worstMs));
  const p99 = Math.max(...rows.map((r) => r.health.p99Ms));
  const rss = Math.max(...rows.map((r) => r.peakRss / r.inputBytes));
  return [
    `Goals over all operations: failed health requests ${failed} (goal 0: ${mark(failed === 0)}),`,
    `worst health latency ${fmt(worst, 0)} ms (goal <= ${GOALS.worstHealthMs} ms: ${mark(worst <= GOALS.worstHealthMs)}),`,
    `p99 ${fmt(p99, p99 >= 100 ? 0 : 1)} ms (goal <= ${GOALS.p99HealthMs} ms: ${mark(p99 <= GOALS.p99HealthMs)}),`,
    `peak RSS at most ${fmt(rss, 1)}x the input (goal <= ${GOALS.rssMultiple}x, merge: of the sum of its inputs: ${mark(rss <= GOALS.rssMultiple)}).`,
  ].join(' ');
}

const INTRO = [
  '## GEDCOM load through the API (bench/gedcom-load.ts)',
  '',
  'GEDCOM operations on generated files (src/gedcom/generate.ts: a big tree, seed 7, and a 100,000-person tree, seed 8, for the merge) through the real API of the built sidecar, launched as the desktop shell launches it (client/launcher.ts; private Secret Service; grants from `artifacts import`; execution `offline`), one fresh sidecar per operation. While each job runs, a separate client pings `GET /api/v1/health` every 50 ms on its own keep-alive connection (one request at a time: the next one 50 ms after the previous one was sent, or as soon as it is answered when it took longer, so a blocked service yields few, long samples); the job is followed by polling `GET /api/v1/jobs/{id}` every 20 ms and reading its SSE stream.',
  '',
  '- wall time: submit to the first terminal snapshot; `/ parse`: that time over the index parse (`parseGedcomBytes`, the "records indexed" variant of bench/gedcom-parse.ts, of the measured checkout\'s engine) of the same input(s), median of fresh child processes in the same run;',
  '- health: worst and p99 latency (send to last byte) and failed requests (any non-200 or socket error) while the job ran;',
  '- progress events: `progress` events among all events seen on `GET /api/v1/jobs/{id}/events`;',
  '- peak RSS: VmHWM of the sidecar process (main thread and workers; the fresh process starts at about 80-100 MiB), and as a multiple of the input (merge: of both inputs).',
  '',
  `Goals (issue 12): 0 failed health requests, worst health latency <= ${GOALS.worstHealthMs} ms, p99 <= ${GOALS.p99HealthMs} ms, cancel within ${GOALS.cancelMs} ms (ceiling ${GOALS.cancelCeilingMs} ms), peak RSS <= ${GOALS.rssMultiple}x the input (merge: ${GOALS.rssMultiple}x the sum). Run: \`npm run bench -- gedcom-load\` (200,000 people), \`npm run bench -- gedcom-load --full\` (1,000,000); \`GEDCOM_LOAD_SIDECAR_DIR=DIR GEDCOM_LOAD_LABEL=before\` measures another built checkout. The machine is shared with other work: read the idle row and the load average beside the figures.`,
].join('\n');

/** Tables of earlier runs kept in the section, keyed by their `### ` heading's key comment. */
function previousTables(): Map<string, string> {
  const tables = new Map<string, string>();
  let text = '';
  try {
    text = readFileSync(DOCS, 'utf8');
  } catch {
    return tables;
  }
  const section = /<!-- section:gedcom-load -->\n([\s\S]*?)<!-- end:gedcom-load -->/.exec(text)?.[1] ?? '';
  for (const match of section.matchAll(/<!-- table:([a-z0-9 -]+) -->\n([\s\S]*?)<!-- end-table -->/g)) tables.set(match[1] as string, match[2] as string);
  return tables;
}

function tableOrder(key: string): [number, number] {
  const [label = '', size = '0'] = key.split(' ');
  return [Number(size), label === 'before' ? 0 : label === 'after' ? 2 : 1];
}

// ---------------------------------------------------------------------------------------------

export async function runGedcomLoadBench(): Promise<string> {
  const config = settings();
  const measuredOn = `${new Date().toISOString().slice(0, 10)}, ${machine()}`;
  const dir = mkdtempSync(join(tmpdir(), 'gedcom-load-bench-'));
  const secrets = startSecretService('unlocked');
  const log = (text: string): void => void process.stderr.write(`bench: gedcom-load ${text}\n`);
  try {
    const entry = join(config.sidecarDir, 'dist/cli.js');
    const workspace = join(secrets.home, 'workspace');
    execFileSync(process.execPath, [entry, 'setup', '--workspace', workspace], { env: secrets.env, stdio: ['ignore', 'ignore', 'pipe'] });
    const artifactRoot = join(dir, 'artifacts');
    mkdirSync(artifactRoot, { recursive: true, mode: 0o700 });
    const world: World = { settings: config, dir, workspace, artifactRoot, entry, env: secrets.env };

    log(`generating ${config.people} + ${MERGE_PEOPLE} people`);
    const big = join(dir, 'big.ged');
    const second = join(dir, 'second.ged');
    const bigBytes = await writeGenerated(big, config.people, BIG_SEED);
    const secondBytes = await writeGenerated(second, MERGE_PEOPLE, MERGE_SEED);

    const parseRounds = config.people > CI_PEOPLE ? 1 : 3;
    log(`index parse baseline (${parseRounds} fresh processes per file)`);
    const bigParses: number[] = [];
    const secondParses: number[] = [];
    for (let round = 0; round < parseRounds; round++) {
      bigParses.push(parseInChild(config.sidecarDir, big));
      secondParses.push(parseInChild(config.sidecarDir, second));
    }
    const bigParse = median(bigParses);
    const secondParse = median(secondParses);

    const importer = new LocalArtifactStore(artifactRoot);
    const grant = async (file: string, scope: 'gedcom.quality' | 'gedcom.merge' | 'gedcom.subtree' | 'gedcom.inspect'): Promise<string> =>
      (await importer.importFile(file, scope)).grant;
    const root = `@I${Math.floor(config.people / 2)}@`;
    const plans: { op: Operation; body: () => Promise<Record<string, unknown>>; bytes: number; parseMs: number }[] = [
      { op: 'quality', body: async () => ({ source: await grant(big, 'gedcom.quality') }), bytes: bigBytes, parseMs: bigParse },
      {
        op: 'merge',
        body: async () => ({ left: await grant(big, 'gedcom.merge'), right: await grant(second, 'gedcom.merge') }),
        bytes: bigBytes + secondBytes,
        parseMs: bigParse + secondParse,
      },
      {
        op: 'subtree',
        body: async () => ({ source: await grant(big, 'gedcom.subtree'), root, direction: 'both', generations: 10, include_spouses: true }),
        bytes: bigBytes,
        parseMs: bigParse,
      },
      { op: 'inspect', body: async () => ({ source: await grant(big, 'gedcom.inspect') }), bytes: bigBytes, parseMs: bigParse },
    ];

    log('idle health');
    const idle = await idleHealth(world);
    const rows: OperationRow[] = [];
    for (const plan of plans) {
      log(plan.op);
      const row = await measureOperation(world, plan.op, await plan.body(), plan.bytes, plan.parseMs);
      log(
        `${plan.op}: ${seconds(row.wallMs)}, health worst ${fmt(row.health.worstMs, 0)} ms, ${row.health.failed} failed, peak ${mib(row.peakRss)}, ${row.outcome}`,
      );
      rows.push(row);
    }
    log('cancel');
    const retriesBeforeCancel = jobClientRetries;
    const qualityMs = rows.find((row) => row.operation === 'quality')?.wallMs ?? 0;
    const cancels = await measureCancel(world, await grant(big, 'gedcom.quality'), qualityMs);
    const cancelRetries = jobClientRetries - retriesBeforeCancel;
    const loadAtEnd = loadavg()
      .map((x) => x.toFixed(2))
      .join(', ');

    const key = `${config.label} ${config.people}`;
    const table = [
      `### ${config.label} (${config.sidecarDir === REPO ? 'this checkout' : 'main'} at ${revision(config.sidecarDir)}), ${people(config.people)} people`,
      '',
      `_Measured ${measuredOn}; load average at the end ${loadAtEnd}; the ${cpus().length} cores are shared with other work (other engineers' builds and tests)._`,
      '',
      `Inputs: ${people(config.people)} people, ${mib(bigBytes)}; for the merge also ${people(MERGE_PEOPLE)} people, ${mib(secondBytes)}. Index parse alone (median of ${parseRounds} fresh processes): ${seconds(bigParse)} and ${seconds(secondParse)}. Root of the subtree: \`${root}\`, both directions, 10 generations, with spouses.`,
      '',
      '| operation | input | wall time | / parse | health worst | health p99 | failed health / sent | progress events | peak RSS | peak / input | outcome |',
      '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---|',
      `| idle sidecar, no job (${IDLE_PING_MS / 1000} s) | | | | ${fmt(idle.worstMs, 0)} ms | ${fmt(idle.p99Ms, 1)} ms | ${idle.failed} of ${idle.sent} | | | | |`,
      ...operationRows(rows),
      '',
      verdicts(rows),
      '',
      cancelText(cancels),
      ...(cancelRetries > 0 ? ['', `The job client's connection was reset ${times(cancelRetries)} during the cancel rounds (request sent again).`] : []),
      '',
    ].join('\n');
    const tables = previousTables();
    tables.set(key, table);
    const ordered = [...tables.keys()].sort((a, b) => {
      const [sa, la] = tableOrder(a);
      const [sb, lb] = tableOrder(b);
      return sa - sb || la - lb || a.localeCompare(b);
    });
    return [INTRO, '', ...ordered.map((k) => `<!-- table:${k} -->\n${(tables.get(k) as string).trim()}\n<!-- end-table -->\n`)].join('\n');
  } finally {
    secrets.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const i = process.argv.indexOf('--child');
  if (i >= 0 && process.argv[i + 1] === 'parse') await childParse(process.argv[i + 2] as string, process.argv[i + 3] as string);
  else if (i >= 0) throw new Error(`unknown child ${process.argv[i + 1]}`);
  else process.stdout.write(`${await runGedcomLoadBench()}\n`);
}
