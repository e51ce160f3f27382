import { resolve } from 'node:path';
import {
  ASSUMABLE_VERSIONS,
  convertDocument,
  filePayloads,
  GedcomError,
  gedzipMedia,
  inspectGedcom,
  isAssumableVersion,
  isSupportedVersion,
  parseGedcom,
  rewriteFilePayloads,
  type ConversionTarget,
  type GedcomDocumentLike,
} from '../gedcom/index.js';
import { fileExists, gedcomFileChunks, gedcomFileSize, parseGedcomFile, writeGedcomFileAtomically } from '../infra/gedcom/gedcom-files.js';
import { isZipFile, mediaMembers, writeGedzipFileAtomically } from '../infra/gedzip/gedzip-files.js';
import { GedzipArchive } from '../infra/gedzip/gedzip-reader.js';
import { localMedia } from '../infra/gedzip/local-media.js';
import { GedzipRefused } from '../infra/gedzip/gedzip-refused.js';
import {
  CommandFailure,
  EXIT,
  helpText,
  parseCommand,
  ProgressBar,
  reportFailure,
  required,
  subcommandOf,
  usageFailure,
  type CommandDeclaration,
  type CommandIo,
  type OptionDeclaration,
  type ParsedCommand,
} from './command-line.js';
import { errnoCode } from '../infra/errno-code.js';

const ASSUME: OptionDeclaration = {
  type: 'string',
  value: 'VERSION',
  description: `read a GEDCOM file without a supported HEAD.GEDC.VERS as this version (${ASSUMABLE_VERSIONS.join(', ')}); input that is not GEDCOM stays a data error (65)`,
};
const OUT: OptionDeclaration = { type: 'string', value: 'FILE', description: 'the file to write (never the input)' };
const FORCE: OptionDeclaration = { type: 'boolean', description: 'replace OUT when it exists' };

/** The sub-commands of `gedcom`. */
const GEDCOM_COMMANDS = {
  inspect: {
    name: 'gedcom inspect',
    usage: 'cli gedcom inspect FILE',
    summary:
      'Prints what FILE is as JSON (version, encoding, lines, records, findings), without its content or path. A GEDZIP archive (a zip with gedcom.ged at its root, whatever its name) is inspected by its dataset, and `media` counts its files: referenced and present, referenced and missing, unreferenced, external. A file that is not GEDCOM is a data error (65), with the report still printed; an unsafe or damaged archive is one too (GEDZIP_*).',
    options: {},
    positionals: { min: 1, max: 1, names: 'FILE' },
  },
  rewrite: {
    name: 'gedcom rewrite',
    usage: 'cli gedcom rewrite FILE --out OUT [--assume-version VERSION] [--force]',
    summary:
      'Reads FILE and writes it again to OUT, byte for byte, whatever its version (a file without a supported HEAD.GEDC.VERS too: --assume-version is not needed). A GEDZIP archive is written as a GEDZIP: its dataset byte for byte and every other file copied. A file that is not GEDCOM is a data error (65).',
    options: { out: OUT, 'assume-version': ASSUME, force: FORCE },
    positionals: { min: 1, max: 1, names: 'FILE' },
  },
  convert: {
    name: 'gedcom convert',
    usage: 'cli gedcom convert FILE --to 7.0|5.5.1 --out OUT [--media-dir DIR] [--assume-version VERSION] [--force]',
    summary:
      'Converts FILE to GEDCOM 7.0 or 5.5.1 and writes OUT; a GEDZIP archive is written as a GEDZIP with every file it holds copied. A file that is not GEDCOM is a data error (65), with or without --assume-version.',
    options: {
      to: { type: 'string', value: '7.0|5.5.1', description: 'the version to write' },
      out: OUT,
      'media-dir': {
        type: 'string',
        value: 'DIR',
        description:
          'write OUT as a GEDZIP holding the local files under DIR that FILE structures name (a path relative to DIR, or absolute inside it); their FILE payloads become the archive names; other FILE payloads stay as written',
      },
      'assume-version': ASSUME,
      force: FORCE,
    },
    positionals: { min: 1, max: 1, names: 'FILE' },
  },
} as const satisfies Record<string, CommandDeclaration>;

const GEDCOM_USAGE: CommandDeclaration = {
  name: 'gedcom',
  usage: 'cli gedcom inspect|rewrite|convert ... (each with --help)',
  summary: 'The GEDCOM engine on local files: inspect FILE, rewrite FILE --out OUT, convert FILE --to 7.0|5.5.1 --out OUT.',
  options: {},
  positionals: { min: 0, max: 0, names: '' },
};

/** The input's size; a missing or unreadable input is "no input" (66). */
async function inputSize(file: string): Promise<number> {
  try {
    return await gedcomFileSize(file);
  } catch (e) {
    throw unreadable(e);
  }
}

/** A read that failed: a missing file is "no input" (66), anything else an I/O error (74). */
function unreadable(e: unknown): CommandFailure {
  const code = errnoCode(e);
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR')
    return new CommandFailure('GEDCOM_FILE_UNREADABLE', `cannot read the input (${code})`, EXIT.NO_INPUT, 'check the path and its permissions');
  return new CommandFailure('GEDCOM_FILE_UNREADABLE', `reading the input failed (${code})`, EXIT.IO);
}

/** Refuses to replace an existing OUT unless --force was given. */
async function assertWritable(out: string, force: boolean): Promise<void> {
  if (!force && (await fileExists(out)))
    throw new CommandFailure('GEDCOM_OUTPUT_EXISTS', 'the output file exists', EXIT.CANT_CREATE, 'pass --force to replace it, or choose another --out');
}

/** What a failed output write tells the user: a refused archive by its code, otherwise the errno and whether the place or the device failed. */
function writeFailure(e: unknown): CommandFailure {
  if (e instanceof GedzipRefused) return gedzipFailure(e);
  const code = errnoCode(e);
  return new CommandFailure(
    'GEDCOM_WRITE_FAILED',
    `cannot write the output (${code})`,
    code === 'ENOENT' || code === 'EACCES' || code === 'EROFS' ? EXIT.CANT_CREATE : EXIT.IO,
  );
}

async function writeOutput(doc: GedcomDocumentLike, out: string): Promise<void> {
  try {
    await writeGedcomFileAtomically(doc, out);
  } catch (e) {
    throw writeFailure(e);
  }
}

/** A GEDZIP input, checked and open, with its dataset's bytes; a refused archive is a data error with its code. */
async function openGedzip(file: string): Promise<{ readonly archive: GedzipArchive; readonly dataset: Buffer }> {
  let archive: GedzipArchive;
  try {
    archive = await GedzipArchive.open(file);
  } catch (e) {
    throw gedzipFailure(e);
  }
  try {
    return { archive, dataset: await archive.readDataset() };
  } catch (e) {
    archive.close();
    throw gedzipFailure(e);
  }
}

function gedzipFailure(e: unknown): CommandFailure {
  if (e instanceof GedzipRefused)
    return new CommandFailure(e.code, 'the GEDZIP archive was refused; nothing was written', EXIT.DATA, 'see docs/error-codes.md for what the code means');
  return unreadable(e);
}

async function isZip(file: string): Promise<boolean> {
  try {
    return await isZipFile(file);
  } catch (e) {
    throw unreadable(e);
  }
}

/** Writes a GEDZIP: the document as its dataset and every other file of the input archive, byte for byte. */
async function writeArchive(doc: GedcomDocumentLike, archive: GedzipArchive, out: string): Promise<void> {
  try {
    await writeGedzipFileAtomically(doc, mediaMembers(archive), out);
  } catch (e) {
    throw writeFailure(e);
  }
}

async function inspect(file: string, io: CommandIo, now: () => number): Promise<void> {
  const size = await inputSize(file);
  const gedzip = (await isZip(file)) ? await openGedzip(file) : null;
  const progress = new ProgressBar(io, 'inspecting', gedzip?.dataset.length ?? size, now);
  let result;
  try {
    result = await inspectGedcom(gedzip === null ? gedcomFileChunks(file) : [gedzip.dataset], (n) => progress.update(n));
  } catch (e) {
    throw unreadable(e);
  } finally {
    progress.done();
    gedzip?.archive.close();
  }
  const report = gedzip === null ? null : gedzipMedia(filePayloads(await parseGedcom([gedzip.dataset])), gedzip.archive.memberNames()).report;
  // the same names as the inspect operation's `media` section
  const media =
    report === null
      ? null
      : {
          members: report.members,
          referenced_present: report.referencedPresent,
          referenced_missing: report.referencedMissing,
          unreferenced: report.unreferenced,
          external: report.external,
        };
  io.stdout.write(JSON.stringify(media === null ? result : { ...result, media }, null, 2) + '\n');
  if (result.findings.some((finding) => finding.code === 'FILE_NOT_GEDCOM') || result.records.total === 0)
    throw notGedcom('the report above says what it holds');
}

/** The data error for input that is not GEDCOM, the same for inspect, rewrite and convert. */
function notGedcom(hint: string): CommandFailure {
  return new CommandFailure(
    'GEDCOM_NOT_GEDCOM',
    'the file is not GEDCOM (it does not start with a GEDCOM line)',
    EXIT.DATA,
    `check that this is the file you meant; ${hint}`,
  );
}

async function rewriteOrConvert(name: 'rewrite' | 'convert', parsed: ParsedCommand, io: CommandIo, now: () => number): Promise<void> {
  const command = GEDCOM_COMMANDS[name];
  const file = parsed.positionals[0] ?? '';
  const out = required(command, parsed, 'out');
  const assume = parsed.strings.get('assume-version');
  if (assume !== undefined && !isAssumableVersion(assume)) throw usageFailure(command, `--assume-version must be one of ${ASSUMABLE_VERSIONS.join(', ')}`);
  const to = name === 'convert' ? required(command, parsed, 'to') : null;
  if (to !== null && to !== '7.0' && to !== '5.5.1') throw usageFailure(command, '--to must be 7.0 or 5.5.1');
  if (resolve(out) === resolve(file)) throw usageFailure(command, 'OUT must differ from FILE (the input is never overwritten)');
  const size = await inputSize(file);
  await assertWritable(out, parsed.flags.has('force'));
  const gedzip = (await isZip(file)) ? await openGedzip(file) : null;
  const mediaDir = parsed.strings.get('media-dir') ?? null;
  if (mediaDir !== null && gedzip !== null) {
    gedzip.archive.close();
    throw usageFailure(command, '--media-dir packages the files of a GEDCOM file; FILE is a GEDZIP already');
  }
  try {
    await rewriteOrConvertOpened(file, out, to, assume, gedzip, io, now, size, mediaDir);
  } finally {
    gedzip?.archive.close();
  }
}

async function rewriteOrConvertOpened(
  file: string,
  out: string,
  to: ConversionTarget | null,
  assume: string | undefined,
  gedzip: { readonly archive: GedzipArchive; readonly dataset: Buffer } | null,
  io: CommandIo,
  now: () => number,
  size: number,
  mediaDir: string | null = null,
): Promise<void> {
  const progress = new ProgressBar(io, 'reading', gedzip?.dataset.length ?? size, now);
  const options = { onProgress: (n: number) => progress.update(n), assumeVersion: assume !== undefined && isAssumableVersion(assume) ? assume : null };
  let doc;
  try {
    doc = gedzip === null ? await parseGedcomFile(file, options) : await parseGedcom([gedzip.dataset], options);
  } catch (e) {
    throw unreadable(e);
  } finally {
    progress.done();
  }
  const write = (written: GedcomDocumentLike): Promise<void> => (gedzip === null ? writeOutput(written, out) : writeArchive(written, gedzip.archive, out));
  // --assume-version decides the version of something that is GEDCOM, never makes GEDCOM of HTML or binary
  if (doc.records.length === 0 || doc.diagnostics.some((d) => d.code === 'FILE_NOT_GEDCOM' || d.code === 'FILE_EMPTY'))
    throw notGedcom('`gedcom inspect` says what it holds');
  if (to === null) {
    // a rewrite copies the bytes of every record: it needs no version (docs/gedcom-engine.md)
    await write(doc);
    return;
  }
  if (!isSupportedVersion(doc.version)) {
    throw new CommandFailure(
      'GEDCOM_VERSION_UNSUPPORTED',
      doc.version.declared === null ? 'the file has no HEAD.GEDC.VERS' : `GEDCOM version ${doc.version.declared} is not supported`,
      EXIT.DATA,
      `run \`gedcom inspect\` for its probable version (version.probable), then pass --assume-version ${ASSUMABLE_VERSIONS.join('|')}`,
    );
  }
  let converted: GedcomDocumentLike;
  try {
    converted = convertDocument(doc, to satisfies ConversionTarget).document;
  } catch (e) {
    throw failureOf(e);
  }
  if (mediaDir !== null) {
    await writePackaged(converted, mediaDir, out);
    return;
  }
  await write(converted);
}

/** Writes OUT as a GEDZIP of `doc` and the local files under `folder` that its FILE structures name, renamed to their archive names. */
async function writePackaged(doc: GedcomDocumentLike, folder: string, out: string): Promise<void> {
  let media;
  try {
    media = await localMedia(filePayloads(doc), folder);
  } catch (e) {
    throw new CommandFailure(
      'GEDCOM_FILE_UNREADABLE',
      `cannot read the media folder (${errnoCode(e)})`,
      EXIT.NO_INPUT,
      'check --media-dir and its permissions',
    );
  }
  rewriteFilePayloads(doc, (payload) => media.get(payload)?.payload ?? null);
  const files = [...new Map([...media.values()].map((m) => [m.name, m])).values()];
  try {
    await writeGedzipFileAtomically(doc, [], out, files);
  } catch (e) {
    throw writeFailure(e);
  }
}

/** An engine error as the command line reports it: its code, line and remediation; anything else as a stable code alone. */
function failureOf(e: unknown): CommandFailure {
  if (e instanceof GedcomError) {
    const code = e.code === 'GEDCOM_VERSION_UNSUPPORTED' || e.code === 'GEDCOM_INPUT_LIMIT' ? e.code : 'GEDCOM_CONVERT_FAILED';
    return new CommandFailure(code, e.line > 0 ? `line ${e.line}: ${e.message}` : e.message, EXIT.DATA, e.remediation);
  }
  return new CommandFailure('GEDCOM_CONVERT_FAILED', 'the conversion stopped on this file', EXIT.DATA, 'inspect the file and report its findings');
}

/**
 * `gedcom inspect FILE`, `gedcom rewrite FILE --out OUT`, `gedcom convert FILE --to 7.0|5.5.1
 * --out OUT` (argv starts with the sub-command). Returns the exit code; on failure writes
 * `gedcom: CODE: message` and a remediation line to stderr, never a stack trace.
 */
export async function runGedcomCli(argv: readonly string[], io: CommandIo, now: () => number): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === '--help' || name === '-h') {
      io.stdout.write(helpText(GEDCOM_USAGE));
      return EXIT.OK;
    }
    const selected = subcommandOf('gedcom', 'sub-command', GEDCOM_COMMANDS, name);
    const command = GEDCOM_COMMANDS[selected];
    const parsed = parseCommand(command, rest);
    if (parsed.help) {
      io.stdout.write(helpText(command));
      return EXIT.OK;
    }
    if (selected === 'inspect') await inspect(parsed.positionals[0] ?? '', io, now);
    else await rewriteOrConvert(selected, parsed, io, now);
    return EXIT.OK;
  } catch (e) {
    const failure =
      e instanceof CommandFailure ? e : new CommandFailure('GEDCOM_INTERNAL', 'internal error', EXIT.SOFTWARE, 'report it with the command you ran');
    return reportFailure(io, 'gedcom', failure);
  }
}
