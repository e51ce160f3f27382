// Issue 15 item 2: what the HTTP layer costs at start-up. Each variant is bundled the way
// scripts/build.mjs bundles the sidecar (esbuild, CommonJS, minified) and run in a fresh
// process through a V8 code cache written by a first run, like dist/cli.js. The process measures
// from the first line of its bundle to a listening server with the sidecar's route table
// registered; the spawn-to-port time is measured outside. Variants interleave in random order.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { fmt, median, shuffled } from './support.js';

/** The route table of the contract (openapi-v1.json), in the router syntax both routers share. */
function contractRoutes(): { method: string; path: string }[] {
  const document = JSON.parse(readFileSync('openapi-v1.json', 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const routes: { method: string; path: string }[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      if (['get', 'post', 'patch', 'delete'].includes(method)) routes.push({ method: method.toUpperCase(), path: template.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1') });
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
  'find-my-way on node:http': `${PRELUDE}
const http = require('node:http'); const FindMyWay = require('find-my-way'); const evaluated = performance.now();
const router = FindMyWay({ caseSensitive: true, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, maxParamLength: 256, onBadUrl: () => undefined, onMaxParamLength: () => undefined });
for (const route of ROUTES) router.on(route.method, route.path, () => undefined, route);
const server = http.createServer((q, r) => { router.find(q.method, q.url); r.end('{}'); });
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
      await build({
        stdin: { contents: VARIANTS[name] as string, resolveDir: process.cwd(), loader: 'js' },
        outfile: bundle,
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        minifySyntax: true,
        minifyWhitespace: true,
        minifyIdentifiers: true,
        legalComments: 'none',
        banner: { js: '(function (exports, require, module, __filename, __dirname) {' },
        footer: { js: '})' },
        logLevel: 'warning',
      });
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
      '### HTTP layer at start-up (issue 15 item 2)',
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

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await runHttpLayerBench()}\n`);
