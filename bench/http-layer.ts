// Issue 15 item 2: what the HTTP layer costs at start-up. Each variant is bundled with the options
// scripts/build.mjs bundles the sidecar with (sidecarBundleOptions: esbuild, CommonJS, minified) and run in a fresh
// process through a V8 code cache written by a first run, like dist/cli.js. The process measures
// from the first line of its bundle to a listening server with the sidecar's route table
// registered; the spawn-to-port time is measured outside. Variants interleave in random order.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
// @ts-expect-error: a plain ES module script without declarations
import { sidecarBundleOptions } from '../scripts/sidecar-bundle.mjs';
import { fmt, median, shuffled } from './support.js';

/** The route table of the contract (openapi-v1.json): method and path template. */
function contractRoutes(): { method: string; path: string }[] {
  const document = JSON.parse(readFileSync('openapi-v1.json', 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const routes: { method: string; path: string }[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      if (['get', 'post', 'patch', 'delete'].includes(method)) routes.push({ method: method.toUpperCase(), path: template });
    }
  }
  return routes;
}

const PRELUDE = `const started = performance.now(); const ROUTES = JSON.parse(process.env.ROUTES);
const done = (server, evaluated) => { const ready = performance.now(); process.stdout.write(JSON.stringify({ port: server.address().port, evaluateMs: evaluated - started, readyMs: ready - started }) + '\\n'); server.close(); process.exit(0); };`;

const VARIANTS: Record<string, string> = {
  'bare node:http': `${PRELUDE}
const http = require('node:http'); const evaluated = performance.now();
const server = http.createServer((q, r) => r.end('{}'));
server.listen(0, '127.0.0.1', () => done(server, evaluated));`,
  "the sidecar's route table on node:http": `${PRELUDE}
const http = require('node:http'); const { RouteTable } = require(${JSON.stringify(resolve('src/http/route-table.ts'))}); const evaluated = performance.now();
const table = new RouteTable(ROUTES);
const server = http.createServer((q, r) => { table.resolve(q.method, q.url); r.end('{}'); });
server.listen(0, '127.0.0.1', () => done(server, evaluated));`,
};

const LOADER = `'use strict';
const { readFileSync, writeFileSync } = require('node:fs'); const { Script } = require('node:vm');
const file = process.argv[2]; const cacheFile = file + '.cache'; let cachedData; try { cachedData = readFileSync(cacheFile); } catch {}
const script = new Script(readFileSync(file, 'latin1'), { filename: file, cachedData });
const bundled = { exports: {} };
if (process.argv[3] === '--write-code-cache') { process.exit = () => undefined; }
script.runInThisContext()(bundled.exports, require, bundled, file, __dirname);
if (process.argv[3] === '--write-code-cache') writeFileSync(cacheFile, script.createCachedData());`;

interface Figures {
  readonly spawnMs: number;
  readonly evaluateMs: number;
  readonly readyMs: number;
}

function runOnce(loader: string, bundle: string, routes: string, extra: string[] = []): Promise<Figures> {
  const spawned = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [loader, bundle, ...extra], { env: { ROUTES: routes }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('\n')) return;
      const spawnMs = performance.now() - spawned;
      const figures = JSON.parse(output.slice(0, output.indexOf('\n'))) as { evaluateMs: number; readyMs: number };
      resolve({ spawnMs, evaluateMs: figures.evaluateMs, readyMs: figures.readyMs });
    });
    child.once('error', reject);
  });
}

export async function runHttpLayerBench(rounds = 20, warmup = 3): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), 'http-layer-bench-'));
  try {
    const names = Object.keys(VARIANTS);
    const routes = JSON.stringify(contractRoutes());
    const loader = join(directory, 'loader.cjs');
    writeFileSync(loader, LOADER);
    const bundles = new Map<string, string>();
    for (const [index, name] of names.entries()) {
      const bundle = join(directory, `variant-${index}.cjs`);
      const source = join(directory, `variant-${index}.js`);
      writeFileSync(source, VARIANTS[name] as string);
      // The sidecar's own esbuild options (scripts/sidecar-bundle.mjs).
      await build({ ...sidecarBundleOptions(directory), entryPoints: [source] });
      await runOnce(loader, bundle, routes, ['--write-code-cache']);
      bundles.set(name, bundle);
    }
    const samples = new Map<string, Figures[]>(names.map((name) => [name, []]));
    for (let round = 0; round < rounds + warmup; round++) {
      for (const name of shuffled(names)) {
        const figures = await runOnce(loader, bundles.get(name) as string, routes);
        if (round >= warmup) samples.get(name)?.push(figures);
      }
    }
    const bare = median((samples.get('bare node:http') ?? []).map((figures) => figures.spawnMs));
    const lines = [
      '## HTTP layer (issue 15 items 2 and 7)',
      '',
      DECISION,
      '',
      '### Start-up cost of the router, this run',
      '',
      `Each variant bundled like the sidecar (esbuild, CommonJS, V8 code cache) with the contract's ${contractRoutes().length} routes registered; ${rounds} launches each, interleaved in random order, ${warmup} warm-up rounds discarded. "evaluate" is the bundle's own evaluation (the framework's module code), "listening" adds construction, route registration and listen, both measured inside the process; "spawn to port" is measured by the parent.`,
      '',
      '| variant | evaluate ms | to listening ms | spawn to port ms | spawn to port / bare |',
      '|---|---:|---:|---:|---:|',
    ];
    for (const name of names) {
      const figures = samples.get(name) ?? [];
      const spawnMs = median(figures.map((figure) => figure.spawnMs));
      lines.push(
        `| ${name} | ${fmt(median(figures.map((figure) => figure.evaluateMs)), 2)} | ${fmt(median(figures.map((figure) => figure.readyMs)), 2)} | ${fmt(spawnMs)} | ${fmt(spawnMs / bare, 2)} |`,
      );
    }
    return lines.join('\n');
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * The decision and the figures that made it, measured once before Fastify was removed (they cannot
 * be measured again without it); the tables below it are this run's.
 */
const DECISION = `### Decision: node:http + find-my-way, Fastify removed (2026-11-24)

Measured on AMD EPYC, 2 cores, 24 GiB, Node v20.20.2, shared with other work. Start-up at 3609dc3 (00:13 UTC, load average 0.25-0.44), each variant bundled like the sidecar with the contract's 33 routes, 20 launches each, interleaved, 3 warm-up rounds discarded:

| variant | evaluate ms | to listening ms | spawn to port / bare |
|---|---:|---:|---:|
| bare node:http | 6.45 | 12.02 | 1.00 |
| find-my-way on node:http | 10.03 | 25.15 | 1.19 |
| Fastify 5.12.8 as the sidecar configured it (own compilers, stubs for http2, Ajv, fast-json-stringify, light-my-request) | 33.11 | 55.15 | 1.62 |

Fastify cost 30 ms more than find-my-way to a listening server, and the sidecar used it as a router only: the gate, the route table, the body rules, the JSON parser, the validators and the serializers were already its own. The router is find-my-way (Fastify's own router, with the options the sidecar gave it), so path decoding, parameters, bad-URL and parameter-length answers and query parsing are unchanged; the rest is \`src/http/route-runner.ts\` and \`src/http/route-reply.ts\`. The e2e conformance suites passed unchanged before and after (198 tests). \`fastify\` and \`@fastify/type-provider-typebox\` are no longer dependencies (41 packages fewer), and the build needs no stand-in modules. Since 0017aeb the sidecar loads find-my-way and builds its router on the turn after the readiness line (or on the first routed request, if that comes first): readiness needs only the gate and the fixed answers, so start-up pays for neither the router's evaluation nor its route registration: the sidecar's own uptime when it writes the readiness line went from 138 to 128 ms (medians of 20 launches each, interleaved, builds of b6761fc without and with that change, 00:48 UTC, load average 0.5).

### Health throughput (item 7): before and after, one interleaved run

Authenticated \`GET /api/v1/health\`, 32 keep-alive connections, 8 rounds of 1.5 s per variant in random order, 2 warm-up rounds discarded; "before" is the build at cfa3954, "after" at b6761fc, raw node:http answers the same bytes; 00:38 UTC, load average 1.39-1.76. Server CPU per request from /proc.

| variant | requests/s | p99 ms | CPU µs per request | rps / raw | p99 / raw | CPU / raw |
|---|---:|---:|---:|---:|---:|---:|
| before | 29280 | 2.51 | 32.8 | 0.74 | 1.20 | 1.35 |
| after | 34890 | 2.29 | 27.3 | 0.89 | 1.09 | 1.12 |
| raw node:http | 39392 | 2.10 | 24.3 | 1.00 | 1.00 | 1.00 |

A run at 00:35 UTC gave 0.73x -> 0.84x rps, p99 1.22x -> 1.04x, CPU 1.39x -> 1.19x. What the profile and A/B runs in isolation (the adapter from src against raw node:http, each in its own process) found: the SHA-256 of the presented bearer cost about 4 us per request (OpenSSL one-shot digest), now a timingSafeEqual of its bytes in one preallocated buffer (constant time over the contract's fixed bearer length); the fixed answer's head was built by two setHeader calls merged into writeHead, now one writeHead from an object built once per answer text; the body rules built \`req.headers\` from the raw headers on every request, now they take the gate's verdict; routing allocated a resolution object per request. Both servers make one read and one writev per request (strace); the correlation id is drawn only for error envelopes. In isolation the adapter now costs about 2 us per request more than raw node:http (the gate's header walk, the connection governor, the route table); the full sidecar measures about 2 us more than the adapter alone, which these runs did not attribute.`;

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await runHttpLayerBench()}\n`);
