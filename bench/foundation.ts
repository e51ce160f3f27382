// Issue 2 benchmarks: (a) spawn-to-verified-ready, (b) authenticated health throughput and
// latency against a raw node:http server returning the same bytes, (c) resident memory after start.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { launchSidecar, type LaunchedSidecar } from '../client/launcher.js';
import { closedLoopLoad, fmt, median, quantile, rssOfProcess, shuffled } from './support.js';

const APP_BUILD = '1.0.0-bench';
const ISOLATED_ENV = { HOME: '/nonexistent-bench-home', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent-bench-bus' };

function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  return run().then((value) => [performance.now() - started, value]);
}

function nodeExit(): Promise<void> {
  return new Promise((resolve) => spawn(process.execPath, ['-e', '0'], { env: {} }).once('exit', () => resolve()));
}

const BARE_SERVER = `
const body = process.env.BODY;
require('node:http').createServer((q, r) => { r.writeHead(200, {'content-type':'application/json; charset=utf-8','content-length':Buffer.byteLength(body),'cache-control':'no-store','x-content-type-options':'nosniff'}); r.end(body); })
  .listen(0, '127.0.0.1', function () { process.stdout.write(JSON.stringify({ port: this.address().port }) + '\\n'); });`;

export function bareServer(body = '{}'): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', BARE_SERVER], { env: { BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout?.once('data', (chunk: Buffer) => resolve({ child, port: (JSON.parse(chunk.toString()) as { port: number }).port }));
  });
}

async function sidecar(env: Record<string, string> = ISOLATED_ENV, args: string[] = []): Promise<LaunchedSidecar> {
  return launchSidecar({ entry: 'dist/cli.js', appBuild: APP_BUILD, env, args });
}

export interface StartupFigures {
  readonly medians: Record<string, number>;
  readonly p90s: Record<string, number>;
}

/** Spawn-to-ready of the given variants, interleaved in random order, warm-up rounds discarded. */
export async function startupRounds(variants: Record<string, () => Promise<void>>, rounds: number, warmup = 3): Promise<StartupFigures> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (let round = 0; round < rounds + warmup; round++) {
    for (const name of shuffled(Object.keys(variants))) {
      const [ms] = await timed(variants[name] as () => Promise<void>);
      if (round >= warmup) samples[name]?.push(ms);
    }
  }
  return {
    medians: Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)])),
    p90s: Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, quantile(values, 0.9)])),
  };
}

interface LoadFigures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Server CPU time (user + system) per answered request, in microseconds. */
  readonly cpuUs: number;
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux /proc, clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Authenticated `GET /api/v1/health` on 32 keep-alive connections against a raw node:http server
 * answering the same bytes with the same headers, in alternating rounds of one run.
 */
export async function healthThroughput(rounds: number): Promise<{ sidecar: LoadFigures; raw: LoadFigures; rssAfterLoad: number; lines: string[] }> {
  const launched = await sidecar();
  const health = await fetch(`${launched.baseUrl}/api/v1/health`, { headers: launched.requestHeaders() });
  const healthBody = await health.text();
  const raw = await bareServer(healthBody);
  const headers = launched.requestHeaders();
  const request = (port: number): Buffer =>
    Buffer.from(
      `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n')}\r\n\r\n`,
    );
  const results: Record<'sidecar' | 'raw', { rps: number[]; p50: number[]; p99: number[]; cpuUs: number[] }> = {
    sidecar: { rps: [], p50: [], p99: [], cpuUs: [] },
    raw: { rps: [], p50: [], p99: [], cpuUs: [] },
  };
  for (let round = 0; round < rounds + 2; round++) {
    for (const variant of shuffled(['sidecar', 'raw'] as const)) {
      const port = variant === 'sidecar' ? launched.port : raw.port;
      const pid = variant === 'sidecar' ? launched.pid : (raw.child.pid as number);
      const cpuBefore = cpuMicros(pid);
      const result = await closedLoopLoad(port, request(port), 32, 1500);
      const cpuUsed = cpuMicros(pid) - cpuBefore;
      if (round < 2) continue;
      results[variant].cpuUs.push(cpuUsed / result.latenciesMs.length);
      results[variant].rps.push(result.requestsPerSecond);
      results[variant].p50.push(quantile(result.latenciesMs, 0.5));
      results[variant].p99.push(quantile(result.latenciesMs, 0.99));
    }
  }
  const rssAfterLoad = rssOfProcess(launched.pid);
  await launched.stop();
  raw.child.kill('SIGKILL');
  const figures = (variant: 'sidecar' | 'raw'): LoadFigures => {
    const { rps, p50, p99, cpuUs } = results[variant];
    return { rps: median(rps), p50: median(p50), p99: median(p99), cpuUs: median(cpuUs) };
  };
  const s = figures('sidecar');
  const r = figures('raw');
  const lines: string[] = [];
  lines.push(
    `### (b) Authenticated \`GET /api/v1/health\`, 32 keep-alive connections, ${rounds} rounds of 1.5 s per variant, alternating in random order, 2 warm-up rounds discarded`,
    '',
  );
  lines.push('| variant | requests/s (median of rounds) | p50 ms | p99 ms | server CPU µs per request |', '|---|---:|---:|---:|---:|');
  lines.push(`| sidecar (full request gate) | ${fmt(s.rps, 0)} | ${fmt(s.p50, 2)} | ${fmt(s.p99, 2)} | ${fmt(s.cpuUs)} |`);
  lines.push(`| raw node:http, same response bytes | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.cpuUs)} |`);
  lines.push(`| ratio sidecar / raw | ${fmt(s.rps / r.rps, 2)} | ${fmt(s.p50 / r.p50, 2)} | ${fmt(s.p99 / r.p99, 2)} | ${fmt(s.cpuUs / r.cpuUs, 2)} |`);
  lines.push(
    '',
    'Targets (issue 15): at least 0.85 of raw requests per second, p99 at most 1.3x raw. The load client is a closed loop over raw sockets in the benchmark process; on 2 shared cores it competes with the server, so the server CPU time per request (from /proc, 10 ms ticks over 1.5 s rounds) is the figure least moved by other load.',
    '',
  );
  return { sidecar: s, raw: r, rssAfterLoad, lines };
}

export async function runFoundationBench(): Promise<string> {
  const lines: string[] = ['## Foundation (issue 2)', ''];

  // (a) start-up
  const startup = await startupRounds(
    {
      'node -e 0': nodeExit,
      'bare node:http server (prints its port)': async () => {
        const { child } = await bareServer();
        child.kill('SIGKILL');
      },
      'sidecar, spawn to verified ready (paired launcher)': async () => {
        const launched = await sidecar();
        launched.child.kill('SIGKILL');
        await launched.exited();
      },
    },
    20,
  );
  const bare = startup.medians['bare node:http server (prints its port)'] as number;
  lines.push('### (a) Spawn to verified ready, 20 launches each, interleaved in random order, 3 warm-up rounds discarded', '');
  lines.push('| variant | median ms | p90 ms | median / bare server |', '|---|---:|---:|---:|');
  for (const name of Object.keys(startup.medians)) {
    lines.push(
      `| ${name} | ${fmt(startup.medians[name] as number)} | ${fmt(startup.p90s[name] as number)} | ${fmt((startup.medians[name] as number) / bare, 2)} |`,
    );
  }
  lines.push(
    '',
    'The sidecar figure includes the handshake, the readiness line, one authenticated `GET /api/v1/health` and the constant-time proof check (target: at most 1.6x the bare server). It runs degraded here (no keyring, no workspace), so nothing but the foundation is opened; the local-state section measures what the real keyring and database add.',
    '',
  );

  // (b) health throughput and latency, alternating rounds in one run
  const health = await healthThroughput(8);
  lines.push(...health.lines);

  // (c) resident memory after start
  const rssSamples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const fresh = await sidecar();
    await new Promise((resolve) => setTimeout(resolve, 200));
    rssSamples.push(rssOfProcess(fresh.pid));
    await fresh.stop();
  }
  lines.push('### (c) Resident memory', '');
  lines.push(`- After start and the launcher's health check: median ${fmt(median(rssSamples) / 2 ** 20)} MB over 5 launches (target: under 60 MB).`);
  lines.push(`- After the throughput rounds above: ${fmt(health.rssAfterLoad / 2 ** 20)} MB.`, '');
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await runFoundationBench()}\n`);
