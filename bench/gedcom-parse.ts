/**
 * GEDCOM parse benchmark: our parser beside read-gedcom and parse-gedcom, same run.
 *
 *   node --import tsx bench/gedcom-parse.ts          (prints a markdown section)
 *
 * Method: every measurement runs in a fresh child process (so peak RSS is that variant's own).
 * The child reads the file into memory (not timed), parses once as warm-up (discarded; its peak
 * RSS is the reported peak), then times N more parses. Children run in a seeded random order,
 * interleaving files and variants, for several rounds; medians are over all timed parses.
 * Baselines on the same bytes, same run: a bare newline scan, a naive level + tag split, the
 * sidecar's inspect in memory, and the built command line (`node dist/cli.js gedcom inspect FILE`,
 * a fresh process timed from spawn to exit, start-up included; `npm run build` first).
 * Environment: GEDCOM_BENCH_ROUNDS (default 3), GEDCOM_BENCH_SKIP_100MB=1, GEDCOM_BENCH_VARIANTS
 * (comma-separated variant names, default all).
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateGedcom } from '../src/gedcom/generate.js';
import { parseGedcomBytes } from '../src/gedcom/parse/parse.js';
import { inspectGedcomBytes } from '../src/gedcom/inspect/inspect.js';
import type { GedcomNode } from '../src/gedcom/model.js';

type Variant =
  | 'sidecar-index'
  | 'sidecar-full'
  | 'sidecar-walk'
  | 'sidecar-inspect'
  | 'cli-inspect'
  | 'naive-split-process'
  | 'newline-scan'
  | 'naive-split'
  | 'read-gedcom'
  | 'parse-gedcom';
const ALL_VARIANTS: readonly Variant[] = [
  'sidecar-index',
  'sidecar-full',
  'sidecar-walk',
  'sidecar-inspect',
  'cli-inspect',
  'naive-split-process',
  'newline-scan',
  'naive-split',
  'read-gedcom',
  'parse-gedcom',
];
const VARIANT_LABEL: Record<Variant, string> = {
  'sidecar-index': 'sidecar (parse: records indexed, lines tokenized and checked)',
  'sidecar-full': 'sidecar (parse + every record tree materialized)',
  'sidecar-walk': 'sidecar (parse + every record tree materialized, then every node of every tree read: value and children)',
  'sidecar-inspect': 'sidecar inspect (`inspectGedcomBytes`, in memory)',
  'cli-inspect': '`node dist/cli.js gedcom inspect FILE` (fresh process, start-up and reading included)',
  'naive-split-process':
    'baseline: the naive split as a fresh `node` process streaming the file in 1 MiB chunks (start-up and reading included, like the command line)',
  'newline-scan': 'baseline: bare newline scan (`indexOf(10)` per line)',
  'naive-split': 'baseline: naive level + tag split (newline by `indexOf`, then the level digits and the tag)',
  'read-gedcom': 'read-gedcom 0.3.2 `readGedcom(ArrayBuffer)`',
  'parse-gedcom': 'parse-gedcom 2.0.1 `parse(buffer.toString())`',
};
const VARIANTS: readonly Variant[] = (() => {
  const picked = process.env.GEDCOM_BENCH_VARIANTS;
  if (picked === undefined || picked === '') return ALL_VARIANTS;
  const names = picked.split(',');
  for (const n of names) if (!ALL_VARIANTS.includes(n as Variant)) throw new Error(`GEDCOM_BENCH_VARIANTS: ${n} is not one of ${ALL_VARIANTS.join(', ')}`); // cast: checked here
  return ALL_VARIANTS.filter((v) => names.includes(v));
})();
const CLI = 'dist/cli.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..');

interface ChildResult {
  ok: boolean;
  error?: string;
  times: number[];
  peakRss: number;
  /** RSS of the child before it read the file. */
  baseRss: number;
}

function corpusFile(rel: string): string {
  for (const base of [resolve(repoRoot, '../shared/corpus'), '/work/shared/corpus']) {
    const p = join(base, 'gedcom', rel);
    if (existsSync(p)) return p;
  }
  throw new Error(`corpus file ${rel} not found`);
}

async function generated(name: string, targetBytes: number): Promise<string> {
  const dir = join(repoRoot, '.bench');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  if (existsSync(path)) return path;
  const out = createWriteStream(path);
  await generateGedcom(
    async (c) => {
      if (!out.write(c)) await once(out, 'drain');
    },
    { targetBytes, seed: 1 },
  );
  out.end();
  await once(out, 'finish');
  return path;
}

/** Lines counted by a bare newline scan: the floor of any line-oriented reader. */
function newlineScan(bytes: Buffer): number {
  let lines = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++;
  return lines;
}

/** Read every node of the trees (value and children), as a reader going through whole records does; the trees stay reachable from the document. */
function walkEveryNode(roots: GedcomNode[]): number {
  let chars = 0;
  for (let n = roots.pop(); n !== undefined; n = roots.pop()) {
    chars += n.value.length;
    for (const c of n.children) roots.push(c);
  }
  return chars;
}

/** A naive reader's work: find each line's end, read its level digits, skip an xref, find its tag. */
function naiveSplit(bytes: Buffer): number {
  let sum = 0;
  let at = 0;
  const n = bytes.length;
  while (at < n) {
    let nl = bytes.indexOf(10, at);
    if (nl < 0) nl = n;
    let k = at;
    let level = 0;
    for (let c = bytes[k] ?? 0; k < nl && c >= 48 && c <= 57; c = bytes[++k] ?? 0) level = level * 10 + c - 48;
    k++;
    if (bytes[k] === 64) {
      while (k < nl && bytes[k] !== 32) k++;
      k++;
    }
    const tag = k;
    while (k < nl && bytes[k] !== 32 && bytes[k] !== 13) k++;
    sum += level + k - tag;
    at = nl + 1;
  }
  return sum;
}

/** The naive split in a fresh plain `node` process, reading the file as the command line does (1 MiB chunks); prints the level and tag checksum. */
const NAIVE_SPLIT_PROCESS = `
const { createReadStream } = require('node:fs');
(async () => {
  let sum = 0, carry = Buffer.alloc(0);
  for await (const chunk of createReadStream(process.argv[1], { highWaterMark: 1 << 20 })) {
    const b = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let at = 0;
    for (let nl = b.indexOf(10); nl >= 0; nl = b.indexOf(10, at)) {
      let k = at, level = 0;
      while (k < nl && b[k] >= 48 && b[k] <= 57) level = level * 10 + b[k++] - 48;
      k++;
      if (b[k] === 64) { while (k < nl && b[k] !== 32) k++; k++; }
      const tag = k;
      while (k < nl && b[k] !== 32 && b[k] !== 13) k++;
      sum += level + k - tag;
      at = nl + 1;
    }
    carry = Buffer.from(b.subarray(at));
  }
  process.stdout.write(String(sum) + '\\n');
})();
`;

/** One fresh process of `args`, its wall time from spawn to exit (ms): the built command line on `file`, or the naive split. */
function timedProcess(variant: 'cli-inspect' | 'naive-split-process', file: string): number {
  const args = variant === 'cli-inspect' ? [join(repoRoot, CLI), 'gedcom', 'inspect', file] : ['-e', NAIVE_SPLIT_PROCESS, file];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`cli exited ${r.status ?? r.signal}: ${(r.stderr || '').split('\n')[0]}`);
  return ms;
}

async function parseWith(variant: Variant, bytes: Buffer): Promise<unknown> {
  switch (variant) {
    case 'sidecar-inspect':
      return inspectGedcomBytes(bytes);
    case 'newline-scan':
      return newlineScan(bytes);
    case 'naive-split':
      return naiveSplit(bytes);
    case 'cli-inspect':
    case 'naive-split-process':
      throw new Error('timed as a process');
    case 'sidecar-index':
      return parseGedcomBytes(bytes);
    case 'sidecar-full': {
      const doc = parseGedcomBytes(bytes);
      doc.materializeAll();
      return doc;
    }
    case 'sidecar-walk': {
      const doc = parseGedcomBytes(bytes);
      doc.materializeAll();
      return { doc, chars: walkEveryNode(doc.records.map((r) => r.root)) };
    }
    case 'read-gedcom': {
      const rg = await import('read-gedcom');
      return rg.readGedcom(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
    }
    case 'parse-gedcom': {
      const pg = await import('parse-gedcom');
      return pg.parse(bytes.toString('utf8'));
    }
  }
}

async function child(variant: Variant, file: string, runs: number): Promise<void> {
  const result: ChildResult = { ok: true, times: [], peakRss: 0, baseRss: 0 };
  try {
    await import('read-gedcom');
    await import('parse-gedcom');
    result.baseRss = process.memoryUsage().rss;
    if (variant === 'cli-inspect' || variant === 'naive-split-process') {
      // a fresh process per run, timed whole: the parent's RSS says nothing of it
      if (variant === 'cli-inspect' && !existsSync(join(repoRoot, CLI))) throw new Error(`${CLI} is missing: npm run build first`);
      for (let i = 0; i <= runs; i++) {
        const ms = timedProcess(variant, file);
        if (i > 0) result.times.push(ms);
      }
      process.stdout.write(JSON.stringify(result) + '\n');
      return;
    }
    const bytes = readFileSync(file);
    let keep: unknown = await parseWith(variant, bytes);
    result.peakRss = process.resourceUsage().maxRSS * 1024;
    keep = null;
    // more warm-up for small files, so the timed parses run optimized code
    for (let w = bytes.length < 5_000_000 ? 3 : 0; w > 0; w--) keep = await parseWith(variant, bytes);
    keep = null;
    // no forced GC between runs: a forced GC shrinks the heap and the next parse pays to regrow
    // it, which measures the collector rather than the parser (steady state is more honest)
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint();
      keep = await parseWith(variant, bytes);
      result.times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      keep = null;
    }
    void keep;
  } catch (e) {
    result.ok = false;
    result.error = (e instanceof Error ? e.message : String(e)).split('\n')[0]?.slice(0, 120);
  }
  process.stdout.write(JSON.stringify(result) + '\n');
}

function runChild(variant: Variant, file: string, runs: number): ChildResult {
  const r = spawnSync(
    process.execPath,
    ['--max-old-space-size=16384', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', variant, file, String(runs)],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
      timeout: 15 * 60_000,
    },
  );
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as ChildResult;
  } catch {
    return { ok: false, error: r.signal === 'SIGTERM' ? 'timed out (15 min)' : `child failed (${r.status ?? r.signal})`, times: [], peakRss: 0, baseRss: 0 };
  }
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function median(xs: number[]): number {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length === 0 ? NaN : a.length % 2 ? (a[m] as number) : ((a[m - 1] as number) + (a[m] as number)) / 2;
}

const mb = (n: number): string => (n / 1e6).toFixed(1);

/** Run the benchmark and return a markdown section. */
export async function runGedcomParseBench(): Promise<string> {
  const rounds = Number(process.env.GEDCOM_BENCH_ROUNDS ?? 3);
  const files: { name: string; path: string; runs: number }[] = [
    { name: 'pres2020.ged', path: corpusFile('arbre-app-public-gedcoms/files/pres2020.ged'), runs: 5 },
    { name: 'Queen.ged', path: corpusFile('d-jeffrey-gedcom-samples/queen/Queen.ged'), runs: 5 },
    { name: 'generated 10 MB', path: await generated('gedcom-10mb.ged', 10_000_000), runs: 3 },
  ];
  if (process.env.GEDCOM_BENCH_SKIP_100MB !== '1') files.push({ name: 'generated 100 MB', path: await generated('gedcom-100mb.ged', 100_000_000), runs: 1 });

  const results = new Map<string, { times: number[]; peaks: number[]; bases: number[]; errors: string[] }>();
  const key = (f: string, v: Variant): string => `${f}\u0000${v}`;
  const rand = seeded(7);
  for (let round = 0; round < rounds; round++) {
    const jobs = files.flatMap((f) => VARIANTS.map((v) => ({ f, v })));
    for (let i = jobs.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [jobs[i], jobs[j]] = [jobs[j] as (typeof jobs)[number], jobs[i] as (typeof jobs)[number]];
    }
    for (const { f, v } of jobs) {
      const k = key(f.name, v);
      const entry = results.get(k) ?? { times: [], peaks: [], bases: [], errors: [] };
      results.set(k, entry);
      if (entry.errors.length > 0) continue; // a peer that fails on a file fails every time
      const r = runChild(v, f.path, f.runs);
      if (r.ok) {
        entry.times.push(...r.times);
        entry.peaks.push(r.peakRss);
        entry.bases.push(r.baseRss);
      } else entry.errors.push(r.error ?? 'failed');
    }
  }

  const lines: string[] = [];
  lines.push('## GEDCOM parse throughput', '');
  lines.push('Command: `node --import tsx bench/gedcom-parse.ts`  ');
  lines.push(
    `Machine: ${cpus()[0]?.model ?? 'unknown CPU'} x${cpus().length}, ${mb(totalmem())} MB RAM, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}  `,
  );
  lines.push(
    `Method: one child process per measurement. Peak RSS = the child's maxRSS after its first parse (Node, tsx, both peer libraries and the file bytes included); "over base" subtracts the child's RSS before it read the file. Warm-up parses discarded (1, or 4 for files under 5 MB); ${rounds} rounds in seeded random order interleaving files and variants; medians over all timed parses (5 per child for the corpus files, 3 for 10 MB, 1 for 100 MB). The command line is a fresh process per timed run (start-up, reading the file and printing the report included; one discarded run per child), its memory not measured here.`,
    '',
  );
  lines.push('| file | size MB | variant | median ms | MB/s | peak RSS MB | peak / size | (peak - base) / size | timed parses |');
  lines.push('|---|---:|---|---:|---:|---:|---:|---:|---:|');
  const summary: string[] = [];
  for (const f of files) {
    const size = statSync(f.path).size;
    const speed = new Map<Variant, number>();
    for (const v of VARIANTS) {
      const e = results.get(key(f.name, v));
      if (e === undefined) continue;
      if (e.errors.length > 0 || e.times.length === 0) {
        lines.push(`| ${f.name} | ${mb(size)} | ${VARIANT_LABEL[v]} | failed: ${e.errors[0] ?? 'no result'} | | | | | 0 |`);
        continue;
      }
      const med = median(e.times);
      const peak = Math.max(...e.peaks);
      const base = Math.min(...e.bases);
      speed.set(v, size / 1e6 / (med / 1000));
      const memory =
        v === 'cli-inspect' || v === 'naive-split-process' ? '- | - | -' : `${mb(peak)} | ${(peak / size).toFixed(1)}x | ${((peak - base) / size).toFixed(1)}x`;
      lines.push(
        `| ${f.name} | ${mb(size)} | ${VARIANT_LABEL[v]} | ${med.toFixed(1)} | ${(size / 1e6 / (med / 1000)).toFixed(1)} | ${memory} | ${e.times.length} |`,
      );
    }
    const peers = [speed.get('read-gedcom'), speed.get('parse-gedcom')].filter((x): x is number => x !== undefined);
    const fastest = peers.length > 0 ? Math.max(...peers) : undefined;
    const rate = (v: Variant): string => speed.get(v)?.toFixed(1) ?? '-';
    const ratio = (a: number | undefined, b: number | undefined): string => (a !== undefined && b !== undefined && b > 0 ? `${(a / b).toFixed(2)}x` : '-');
    const idx = speed.get('sidecar-index');
    summary.push(
      `| ${f.name} | ${rate('sidecar-index')} | ${rate('sidecar-full')} | ${rate('sidecar-walk')} | ${rate('sidecar-inspect')} | ${rate('cli-inspect')} | ${rate('naive-split')} | ${rate('newline-scan')} | ${rate('naive-split-process')} | ${ratio(speed.get('cli-inspect'), speed.get('naive-split-process'))} | ${fastest?.toFixed(1) ?? 'none finished'} | ${ratio(idx, fastest)} |`,
    );
  }
  lines.push(
    '',
    '| file | index parse MB/s | full tree MB/s | full tree read through MB/s | inspect MB/s | CLI inspect MB/s | naive split MB/s | newline scan MB/s | naive split process MB/s | CLI inspect / naive split process | faster peer MB/s | index parse / peer |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...summary,
    '',
  );
  lines.push(
    'Targets on the 100 MB file: index parse >= 200 MB/s and >= 3x the faster peer; full tree >= 60 MB/s; CLI inspect >= 150 MB/s and >= half the naive split process of the same run (both fresh processes reading the file); peak RSS <= 5x the file size.',
  );
  lines.push(
    `Load average during the run: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} on ${cpus().length} CPUs (other work on the machine makes timings noisy; medians and interleaving limit, not remove, that).`,
    '',
  );
  return lines.join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const i = process.argv.indexOf('--child');
  if (i >= 0) {
    await child(process.argv[i + 1] as Variant, process.argv[i + 2] as string, Number(process.argv[i + 3]));
  } else {
    process.stdout.write(await runGedcomParseBench());
  }
}
