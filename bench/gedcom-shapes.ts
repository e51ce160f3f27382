// GEDCOM shape benchmark (issue 31): every operation (inspect, quality, merge with a second file half
// the size, subtree, sync) on deterministic files of several shapes (bench/gedcom-shapes-generate.ts)
// at 200,000 and 1,000,000 people. Each measurement runs in its own fresh child process, as
// bench/gedcom-ops.ts does, through the engine's runner of the operation (the worker's path: parse,
// operation, output written to a file). Reports time / index parse, peak RSS minus an idle process
// over the input, and linearity (the ratio at the largest size over the ratio at the smallest).
//
// Run all:     npm run bench -- gedcom-shapes            (rewrites its section of docs/benchmarks.md)
// One cell:    node --import tsx bench/gedcom-shapes.ts --shape skewed --size 200000 --op merge
//              (prints the table only; --shape, --size and --op take comma-separated lists)
// Files are generated once and kept in GEDCOM_SHAPES_DIR (default: <tmpdir>/gedcom-shapes).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GedcomOperation, GedcomRequests } from '../src/contract/gedcom-operations.js';
import { GEDCOM_RUNNERS, parseGedcomBytes, writeOutputChunks, type GedcomDocumentLike, type OperationContext } from '../src/gedcom/index.js';
import { inspectGedcomBytes } from '../src/gedcom/inspect/inspect.js';
import { SILENT_MONITOR } from '../src/gedcom/monitor.js';
import { julianDay } from '../src/gedcom/ops/living.js';
import { SHAPES, SHAPE_TEXT, writeShapeFile, type Shape } from './gedcom-shapes-generate.js';

const SELF = fileURLToPath(import.meta.url);
const OPS = ['inspect', 'quality', 'merge', 'subtree', 'sync'] as const;
type Op = (typeof OPS)[number];
const SIZES = [200_000, 1_000_000];
/** Goals of issue 31: operation time over the index parse of its inputs. */
const GOAL: Record<Op, number> = { inspect: 1.5, quality: 4, merge: 10, subtree: 3, sync: 3 };
const OFFLINE = { mode: 'offline' } as const;
const CHILD_TIMEOUT_MS = Number(process.env['GEDCOM_SHAPES_TIMEOUT_MS'] ?? 900_000);

interface ChildReport {
  readonly wallMs: number;
  readonly maxRssBytes: number;
  readonly [key: string]: number | string;
}

type Role = 'main' | 'half' | 'edited';

function shapesDir(): string {
  return process.env['GEDCOM_SHAPES_DIR'] ?? join(tmpdir(), 'gedcom-shapes');
}

function filePath(shape: Shape, n: number, role: Role): string {
  return join(shapesDir(), `${shape}-${n}-${role}.ged`);
}

/** Generates a file once (written under a temporary name, then renamed). */
async function ensureFile(shape: Shape, n: number, role: Role): Promise<string> {
  const path = filePath(shape, n, role);
  if (existsSync(path)) return path;
  mkdirSync(shapesDir(), { recursive: true });
  const partial = `${path}.partial`;
  process.stderr.write(`gedcom-shapes: generating ${path}\n`);
  // the second input of merge: the same shape, another seed, half the people
  if (role === 'half') await writeShapeFile(partial, shape, Math.floor(n / 2), 8);
  else await writeShapeFile(partial, shape, n, 7, role === 'edited');
  renameSync(partial, path);
  return path;
}

function runChild(args: readonly string[]): ChildReport | string {
  try {
    const out = execFileSync(process.execPath, ['--max-old-space-size=16384', '--import', 'tsx', SELF, '--child', ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: CHILD_TIMEOUT_MS,
    });
    // cast: the child's last line is the JSON report it printed
    return JSON.parse(out.trim().split('\n').pop() as string) as ChildReport;
  } catch (error) {
    const e = error as { signal?: string; status?: number }; // cast: execFileSync's error carries the child's end
    return e.signal === 'SIGTERM' ? `timeout after ${CHILD_TIMEOUT_MS / 1000} s` : `failed (${e.signal ?? `exit ${e.status ?? '?'}`})`;
  }
}

function report(fields: Record<string, number | string>, started: number): void {
  process.stdout.write(`${JSON.stringify({ wallMs: performance.now() - started, maxRssBytes: process.resourceUsage().maxRSS * 1024, ...fields })}\n`);
}

/** The worker's context (src/infra/gedcom/worker/task-context.ts) over local files: parse, write the output, digest the plan. */
function benchContext<K extends GedcomOperation>(paths: readonly string[], request: GedcomRequests[K], outPath: string): OperationContext<K> {
  const bytes = (): Buffer[] => paths.map((p) => readFileSync(p));
  return {
    request,
    monitor: SILENT_MONITOR,
    // GEDCOM files only: no GEDZIP input
    archives: paths.map(() => null),
    bytes,
    documents: (lines = []) => bytes().map((b, i) => parseGedcomBytes(b, { lines: lines[i] })),
    write(doc: GedcomDocumentLike) {
      const fd = openSync(outPath, 'w');
      try {
        for (const chunk of writeOutputChunks(doc)) writeSync(fd, chunk);
      } finally {
        closeSync(fd);
      }
    },
    planDigest: (decisions) => createHash('sha256').update(JSON.stringify(decisions)).digest('hex'),
    exportVersion: '5.5.1',
    advisoryItems: 0,
    living: { today: julianDay(2025, 1, 1), thresholdYears: 110 },
  };
}

function counts(op: Op, section: Record<string, unknown>): string {
  const s = section as Record<string, Record<string, number> | number | undefined>; // cast: the sections are plain JSON values
  const get = (a: string, b: string): number => Number((s[a] as Record<string, number> | undefined)?.[b] ?? NaN);
  if (op === 'inspect') return `${get('records', 'total')} records`;
  if (op === 'quality') return `${Number(get('totals', 'error')) + Number(get('totals', 'warning'))} findings, ${String(s['probably_living'])} living`;
  if (op === 'merge') return `${get('pairs', 'automatic')} automatic, ${get('pairs', 'review')} review, ${get('individuals', 'output')} out`;
  if (op === 'subtree') return `${String(s['individuals'])} people, ${String(s['generations_reached'])} generations`;
  return `${get('counts', 'changes')} changes, ${get('counts', 'conflicts')} conflicts`;
}

async function child(kind: string, shape: Shape, n: number): Promise<void> {
  const started = performance.now();
  if (kind === 'idle') {
    report({}, started);
    return;
  }
  if (kind.startsWith('parse-')) {
    // the index parse alone ('records indexed' of bench/gedcom-parse.ts): the yardstick of the ratios
    const bytes = readFileSync(filePath(shape, n, kind.slice('parse-'.length) as Role)); // cast: the parent names a role
    const t0 = performance.now();
    parseGedcomBytes(bytes);
    report({ parseMs: performance.now() - t0 }, started);
    return;
  }
  const op = kind as Op; // cast: the parent names an operation of OPS
  const main = filePath(shape, n, 'main');
  const out = join(shapesDir(), `out-${process.pid}.ged`);
  try {
    let section: Record<string, unknown>;
    if (op === 'inspect') {
      section = { records: { total: (await inspectGedcomBytes(readFileSync(main))).records.total } };
    } else if (op === 'quality') {
      section = (await GEDCOM_RUNNERS.quality(benchContext<'quality'>([main], { source: 'bench', execution: OFFLINE }, out))).section;
    } else if (op === 'merge') {
      section = (
        await GEDCOM_RUNNERS.merge(benchContext<'merge'>([main, filePath(shape, n, 'half')], { left: 'bench', right: 'bench', execution: OFFLINE }, out))
      ).section;
    } else if (op === 'subtree') {
      const request = {
        source: 'bench',
        root: `@I${Math.floor(n / 2)}@`,
        direction: 'both',
        generations: 10,
        include_spouses: true,
        execution: OFFLINE,
      } as const;
      section = (await GEDCOM_RUNNERS.subtree(benchContext<'subtree'>([main], request, out))).section;
    } else {
      const ctx = benchContext<'sync'>(
        [main, filePath(shape, n, 'edited'), main],
        { base: 'bench', edited: 'bench', target: 'bench', execution: OFFLINE },
        out,
      );
      section = (await GEDCOM_RUNNERS.sync(ctx)).section;
    }
    report({ result: counts(op, section) }, started);
  } finally {
    rmSync(out, { force: true });
  }
}

interface Options {
  readonly shapes: readonly Shape[];
  readonly sizes: readonly number[];
  readonly ops: readonly Op[];
}

function listFlag<T extends string | number>(name: string, all: readonly T[], parse: (s: string) => T): readonly T[] {
  const argv = process.argv;
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return all;
  const arg = argv[i] as string;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[i + 1] ?? '');
  const picked = value.split(',').map(parse);
  for (const p of picked) if (!all.includes(p)) throw new Error(`--${name}: ${String(p)} is not one of ${all.join(', ')}`);
  return picked;
}

function options(): Options {
  return {
    shapes: listFlag<Shape>('shape', SHAPES, (s) => s as Shape), // cast: checked against SHAPES by listFlag
    sizes: listFlag<number>('size', [...SIZES, ...[10_000, 50_000, 100_000, 500_000]], Number).filter((n, k, a) => a.indexOf(n) === k),
    ops: listFlag<Op>('op', OPS, (s) => s as Op), // cast: checked against OPS by listFlag
  };
}

interface Cell {
  readonly shape: Shape;
  readonly size: number;
  readonly op: Op;
  readonly inputBytes: number;
  readonly parseMs: number;
  readonly run: ChildReport | string;
}

export async function runGedcomShapesBench(): Promise<string> {
  const opts = options();
  const sizes = process.argv.some((a) => a.startsWith('--size')) ? opts.sizes : SIZES;
  const cells: Cell[] = [];
  const ratio = (c: Cell): number => (typeof c.run === 'string' ? NaN : c.run.wallMs / c.parseMs);
  const mib = (b: number): string => `${(b / 2 ** 20).toFixed(0)} MiB`;
  const smallest = Math.min(...sizes);
  /** One table row (printed as each measurement ends, so an interrupted run keeps what it measured). */
  const row = (c: Cell): string => {
    const r = ratio(c);
    const base = cells.find((b) => b.shape === c.shape && b.op === c.op && b.size === smallest);
    const linear = c.size !== smallest && base !== undefined ? r / ratio(base) : NaN;
    const run = c.run;
    const peak = typeof run === 'string' ? '' : `${((run.maxRssBytes - idleRss) / c.inputBytes).toFixed(2)}x`;
    return `| ${c.shape} | ${c.size.toLocaleString('en-US')} | ${c.op} | ${mib(c.inputBytes)} | ${(c.parseMs / 1000).toFixed(2)} s | ${typeof run === 'string' ? run : `${(run.wallMs / 1000).toFixed(2)} s`} | ${Number.isFinite(r) ? `${r.toFixed(2)}x` : '-'} | ${Number.isFinite(r) ? (r <= GOAL[c.op] ? 'met' : 'missed') : '-'} | ${peak} | ${Number.isFinite(linear) ? linear.toFixed(2) : '-'} | ${typeof run === 'string' ? '' : String(run['result'])} |`;
  };
  const idle = runChild(['idle', 'generator', '0']);
  const idleRss = typeof idle === 'string' ? 0 : idle.maxRssBytes;
  const loadBefore = loadavg();
  for (const shape of opts.shapes) {
    for (const size of sizes) {
      const roles: Role[] = ['main'];
      if (opts.ops.includes('merge')) roles.push('half');
      if (opts.ops.includes('sync')) roles.push('edited');
      const bytes: Partial<Record<Role, number>> = {};
      const parse: Partial<Record<Role, number>> = {};
      for (const role of roles) {
        bytes[role] = statSync(await ensureFile(shape, size, role)).size;
        const p = runChild([`parse-${role}`, shape, String(size)]);
        parse[role] = typeof p === 'string' ? NaN : Number(p['parseMs']);
      }
      const main = bytes.main ?? 0;
      const mainParse = parse.main ?? NaN;
      for (const op of opts.ops) {
        const inputBytes = op === 'merge' ? main + (bytes.half ?? 0) : op === 'sync' ? 2 * main + (bytes.edited ?? 0) : main;
        const parseMs = op === 'merge' ? mainParse + (parse.half ?? NaN) : op === 'sync' ? 2 * mainParse + (parse.edited ?? NaN) : mainParse;
        process.stderr.write(`gedcom-shapes: ${shape} ${size} ${op}\n`);
        const run = runChild([op, shape, String(size)]);
        const cell = { shape, size, op, inputBytes, parseMs, run };
        cells.push(cell);
        process.stderr.write(`gedcom-shapes: ${row(cell)}\n`);
      }
    }
  }
  const lines = [
    '## GEDCOM shapes (bench/gedcom-shapes.ts, issue 31)',
    '',
    'Every operation on deterministic files of several shapes (bench/gedcom-shapes-generate.ts). Each figure is one run in a fresh child process (`--max-old-space-size=16384`) through the engine runner of the operation, as the worker runs it: reading and parsing the inputs, the operation, writing the output (merge, subtree, sync) to a file. Merge: the file with a second file of the same shape, another seed, half the people. Subtree: root the middle person, both directions, 10 generations, with spouses. Sync: base and target the file, edited a copy with a note added to every 50th person.',
    '',
    '- `/ parse`: wall time over the index parse (`parseGedcomBytes` alone, its own fresh process) of the inputs (merge: both; sync: all three); goals: inspect <= 1.5x, quality <= 4x, merge <= 10x, subtree and sync <= 3x;',
    '- `(peak - idle) / input`: the child maxRSS minus that of an idle child (modules loaded, nothing read) over the bytes of the inputs (sync: all three); goal <= 4x;',
    `- linearity: the ratio \`/ parse\` at the largest size over the one at ${smallest.toLocaleString('en-US')} people; goal <= 1.3.`,
    '',
    'Shapes:',
    '',
    ...opts.shapes.map((s) => `- \`${s}\`: ${SHAPE_TEXT[s]}`),
    '',
    `Idle child maxRSS: ${mib(idleRss)}. Load average before: ${loadBefore.map((x) => x.toFixed(2)).join(', ')}, after: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} on ${cpus().length} CPUs.`,
    '',
    '| shape | people | op | input | index parse | wall time | / parse | goal | (peak - idle) / input | linearity | result |',
    '|---|---:|---|---:|---:|---:|---:|---|---:|---:|---|',
  ];
  for (const c of cells) lines.push(row(c));
  lines.push('');
  return lines.join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const i = process.argv.indexOf('--child');
  // cast: the parent passes a shape of SHAPES
  if (i >= 0) await child(process.argv[i + 1] as string, process.argv[i + 2] as Shape, Number(process.argv[i + 3]));
  else process.stdout.write(await runGedcomShapesBench());
}
