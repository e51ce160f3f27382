/**
 * GEDCOM parse benchmark: our parser beside read-gedcom and parse-gedcom, same run.
 *
 *   node --import tsx bench/gedcom-parse.ts          (prints a markdown section)
 *
 * Method: every measurement runs in a fresh child process (so peak RSS is that variant's own).
 * The child reads the file into memory (not timed), parses once as warm-up (discarded; its peak
 * RSS is the reported peak), then times N more parses. Children run in a seeded random order,
 * interleaving files and variants, for several rounds; medians are over all timed parses.
 * Environment: GEDCOM_BENCH_ROUNDS (default 3), GEDCOM_BENCH_SKIP_100MB=1.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateGedcom } from '../src/gedcom/generate.js';
import { parseGedcomBytes } from '../src/gedcom/parse/parse.js';

type Variant = 'sidecar-index' | 'sidecar-full' | 'read-gedcom' | 'parse-gedcom';
const VARIANTS: readonly Variant[] = ['sidecar-index', 'sidecar-full', 'read-gedcom', 'parse-gedcom'];
const VARIANT_LABEL: Record<Variant, string> = {
  'sidecar-index': 'sidecar (parse: records indexed, lines tokenized and checked)',
  'sidecar-full': 'sidecar (parse + every record tree materialized)',
  'read-gedcom': 'read-gedcom 0.3.2 `readGedcom(ArrayBuffer)`',
  'parse-gedcom': 'parse-gedcom 2.0.1 `parse(buffer.toString())`',
};

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

async function parseWith(variant: Variant, bytes: Buffer): Promise<unknown> {
  switch (variant) {
    case 'sidecar-index':
      return parseGedcomBytes(bytes);
    case 'sidecar-full': {
      const doc = parseGedcomBytes(bytes);
      doc.materializeAll();
      return doc;
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
    `Method: one child process per measurement. Peak RSS = the child's maxRSS after its first parse (Node, tsx, both peer libraries and the file bytes included); "over base" subtracts the child's RSS before it read the file. Warm-up parses discarded (1, or 4 for files under 5 MB); ${rounds} rounds in seeded random order interleaving files and variants; medians over all timed parses (5 per child for the corpus files, 3 for 10 MB, 1 for 100 MB).`,
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
      lines.push(
        `| ${f.name} | ${mb(size)} | ${VARIANT_LABEL[v]} | ${med.toFixed(1)} | ${(size / 1e6 / (med / 1000)).toFixed(1)} | ${mb(peak)} | ${(peak / size).toFixed(1)}x | ${((peak - base) / size).toFixed(1)}x | ${e.times.length} |`,
      );
    }
    const peers = [speed.get('read-gedcom'), speed.get('parse-gedcom')].filter((x): x is number => x !== undefined);
    const fastest = peers.length > 0 ? Math.max(...peers) : undefined;
    const idx = speed.get('sidecar-index');
    const full = speed.get('sidecar-full');
    summary.push(
      `| ${f.name} | ${idx?.toFixed(1) ?? '-'} | ${full?.toFixed(1) ?? '-'} | ${fastest?.toFixed(1) ?? 'none finished'} | ${idx !== undefined && fastest ? (idx / fastest).toFixed(1) + 'x' : '-'} | ${full !== undefined && fastest ? (full / fastest).toFixed(1) + 'x' : '-'} |`,
    );
  }
  lines.push(
    '',
    '| file | sidecar MB/s | sidecar full-tree MB/s | faster peer MB/s | ratio | ratio (full tree) |',
    '|---|---:|---:|---:|---:|---:|',
    ...summary,
    '',
  );
  lines.push('Targets: >= 3x the faster peer; >= 60 MB/s on the 100 MB tree; peak RSS <= 5x the file size.');
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
