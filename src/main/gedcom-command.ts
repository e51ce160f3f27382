import { createReadStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ASSUMABLE_VERSIONS, convertDocument, GedcomError, inspectGedcom, isAssumableVersion, isSupportedVersion, type ConversionTarget, type GedcomDocumentLike } from '../gedcom/index.js';
import { parseGedcomFile, writeGedcomFile } from '../infra/gedcom/gedcom-files.js';

/** Where the command line writes; `isTTY` turns on progress for long work. */
export interface GedcomCliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly isTTY: boolean;
}

/** Exit codes of `gedcom ...` (stable). stderr gets one line `CODE: message`. */
export const GEDCOM_CLI_EXIT = {
  OK: 0,
  GEDCOM_USAGE: 2,
  GEDCOM_FILE_UNREADABLE: 3,
  GEDCOM_VERSION_UNSUPPORTED: 4,
  GEDCOM_WRITE_FAILED: 5,
  GEDCOM_CONVERT_FAILED: 6,
  GEDCOM_INPUT_LIMIT: 7,
  GEDCOM_INTERNAL: 70,
} as const;
type FailureCode = Exclude<keyof typeof GEDCOM_CLI_EXIT, 'OK'>;

class CliFailure extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    /** 1-based line the failure concerns, 0 for the whole file. */
    readonly line = 0,
    readonly remediation: string | null = null,
  ) {
    super(message);
  }
}

const USAGE = `usage: gedcom inspect FILE | gedcom rewrite FILE --out OUT [--assume-version V] | gedcom convert FILE --to 7.0|5.5.1 --out OUT [--assume-version V] (V: ${ASSUMABLE_VERSIONS.join('|')})`;

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 600);
}

/** Shows progress on a terminal once work has taken more than two seconds. */
class Progress {
  private readonly started = Date.now();
  private shown = false;
  private last = 0;
  constructor(
    private readonly io: GedcomCliIo,
    private readonly label: string,
    private readonly total: number,
  ) {}
  update(bytes: number): void {
    if (!this.io.isTTY) return;
    const now = Date.now();
    if (now - this.started < 2000 || now - this.last < 250) return;
    this.last = now;
    this.shown = true;
    const pct = this.total > 0 ? Math.min(100, Math.floor((bytes / this.total) * 100)) : 0;
    this.io.stderr.write(`\r${this.label} ${pct}% (${(bytes / 1e6).toFixed(1)} MB)`);
  }
  done(): void {
    if (this.shown) this.io.stderr.write('\r\x1b[K');
  }
}

function parseArgs(argv: string[]): { command: string; file: string; out?: string; to?: string; assume?: string } {
  const args = argv[0] === 'gedcom' ? argv.slice(1) : [...argv];
  const [command, ...rest] = args;
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string;
    if (a === '--out' || a === '--to' || a === '--assume-version') {
      const v = rest[i + 1];
      if (v === undefined) throw new CliFailure('GEDCOM_USAGE', `${a} needs a value; ${USAGE}`);
      flags.set(a, v);
      i++;
    } else if (a.startsWith('--')) throw new CliFailure('GEDCOM_USAGE', `unknown option ${a}; ${USAGE}`);
    else positional.push(a);
  }
  if (command === undefined || !['inspect', 'rewrite', 'convert'].includes(command)) throw new CliFailure('GEDCOM_USAGE', USAGE);
  if (positional.length !== 1) throw new CliFailure('GEDCOM_USAGE', USAGE);
  return { command, file: positional[0] as string, out: flags.get('--out'), to: flags.get('--to'), assume: flags.get('--assume-version') };
}

async function fileSize(file: string): Promise<number> {
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new CliFailure('GEDCOM_FILE_UNREADABLE', 'not a regular file');
    return s.size;
  } catch (e) {
    if (e instanceof CliFailure) throw e;
    throw new CliFailure('GEDCOM_FILE_UNREADABLE', `cannot read input (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

async function writeAtomically(doc: GedcomDocumentLike, out: string): Promise<void> {
  const tmp = `${out}.tmp-${process.pid}`;
  try {
    await writeGedcomFile(doc, tmp);
    await rename(tmp, out);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw new CliFailure('GEDCOM_WRITE_FAILED', `cannot write output (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

async function run(argv: string[], io: GedcomCliIo): Promise<void> {
  const { command, file, out, to, assume } = parseArgs(argv);
  if (assume !== undefined && !isAssumableVersion(assume)) throw new CliFailure('GEDCOM_USAGE', `--assume-version must be one of ${ASSUMABLE_VERSIONS.join(', ')}`);
  const size = await fileSize(file);
  if (command === 'inspect') {
    const progress = new Progress(io, 'inspecting', size);
    let result;
    try {
      result = await inspectGedcom(createReadStream(file, { highWaterMark: 1 << 20 }), (n) => progress.update(n));
    } catch (e) {
      throw new CliFailure('GEDCOM_FILE_UNREADABLE', `cannot read input (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    } finally {
      progress.done();
    }
    io.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return;
  }
  if (out === undefined) throw new CliFailure('GEDCOM_USAGE', `--out is required; ${USAGE}`);
  if (resolve(out) === resolve(file)) throw new CliFailure('GEDCOM_USAGE', 'OUT must differ from FILE (the input is never overwritten)');
  if (command === 'convert' && to !== '7.0' && to !== '5.5.1') throw new CliFailure('GEDCOM_USAGE', `--to must be 7.0 or 5.5.1; ${USAGE}`);
  const progress = new Progress(io, 'reading', size);
  let doc;
  try {
    doc = await parseGedcomFile(file, { onProgress: (n) => progress.update(n), assumeVersion: assume !== undefined && isAssumableVersion(assume) ? assume : null });
  } catch (e) {
    throw new CliFailure('GEDCOM_FILE_UNREADABLE', `cannot read input (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  } finally {
    progress.done();
  }
  if (!isSupportedVersion(doc.version)) {
    throw new CliFailure(
      'GEDCOM_VERSION_UNSUPPORTED',
      doc.version.declared === null ? 'the file has no HEAD.GEDC.VERS' : `GEDCOM version ${doc.version.declared} is not supported`,
      0,
      `run \`gedcom inspect\` for its probable version (version.probable), then pass --assume-version ${ASSUMABLE_VERSIONS.join('|')}`,
    );
  }
  if (command === 'rewrite') {
    await writeAtomically(doc, out);
    return;
  }
  let converted: GedcomDocumentLike;
  try {
    converted = convertDocument(doc, to as ConversionTarget).document;
  } catch (e) {
    throw failureOf(e);
  }
  await writeAtomically(converted, out);
}

/** An engine error as the command line reports it: its code, line and remediation; anything else as a stable code alone. */
function failureOf(e: unknown): CliFailure {
  if (e instanceof GedcomError) {
    const code: FailureCode = e.code === 'GEDCOM_VERSION_UNSUPPORTED' || e.code === 'GEDCOM_INPUT_LIMIT' ? e.code : 'GEDCOM_CONVERT_FAILED';
    return new CliFailure(code, e.message, e.line, e.remediation);
  }
  return new CliFailure('GEDCOM_CONVERT_FAILED', 'the conversion stopped on this file', 0, 'inspect the file and report its findings');
}

/**
 * `gedcom inspect FILE`, `gedcom rewrite FILE --out OUT`, `gedcom convert FILE --to 7.0|5.5.1
 * --out OUT`. Returns the exit code; on failure writes exactly one line `CODE: message` to
 * stderr and never a stack trace. `argv` may start with `gedcom` or with the sub-command.
 */
export async function runGedcomCli(argv: string[], io: GedcomCliIo): Promise<number> {
  try {
    await run(argv, io);
    return GEDCOM_CLI_EXIT.OK;
  } catch (e) {
    const failure = e instanceof CliFailure ? e : new CliFailure('GEDCOM_INTERNAL', 'internal error');
    const where = failure.line > 0 ? `line ${failure.line}: ` : '';
    const fix = failure.remediation === null ? '' : `; ${failure.remediation}`;
    io.stderr.write(`${failure.code}: ${oneLine(where + failure.message + fix)}\n`);
    return GEDCOM_CLI_EXIT[failure.code];
  }
}
