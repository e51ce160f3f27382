import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from 'typebox/value';
import { afterAll, describe, expect, it } from 'vitest';
import { GEDCOM_OPERATION_TABLE, type GedcomOperation, type GedcomRequests, type GedcomSections } from '../../src/contract/gedcom-operations.js';
import { GEDZIP_LIMITS } from '../../src/contract/limits.js';
import { filePayloads, gedzipMedia } from '../../src/gedcom/index.js';
import { fileReferenceOf } from '../../src/gedcom/gedzip/file-path.js';
import { SILENT_MONITOR } from '../../src/gedcom/monitor.js';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { GedzipRefused } from '../../src/infra/gedzip/gedzip-refused.js';
import type { WorkerTask } from '../../src/infra/gedcom/worker-protocol.js';
import { runTask } from '../../src/infra/gedcom/worker/task-runner.js';
import { TaskFailure } from '../../src/infra/gedcom/worker/task-failure.js';
import { runGedcomCli } from '../../src/main/gedcom-command.js';
import { corpusRoot, gedcomCorpusFiles } from '../support/corpus.js';
import { archiveContents, buildZip, centralDirectoryOffset, patchCentral, renameEntry, type ArchiveEntry } from '../support/gedzip-archives.js';

// GEDZIP (GEDCOM 7.0's zip container) through the worker's task (in-process) and the command line:
// the corpus's four .gdz files and archives built from every 7.0 corpus file inspect, rewrite
// byte for byte and convert; a merge of two keeps every medium; hostile archives end in their
// stable codes with nothing written.

const tmp = mkdtempSync(join(tmpdir(), 'gedzip-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const GRANT = 'g'.repeat(43);
const OFFLINE = { mode: 'offline' } as const;
const clock = (): number => 0;
let serial = 0;

function stored(bytes: Buffer, name = 'input.gdz'): { path: string; bytes: number; sha256: string } {
  const path = join(tmp, `${serial++}-${name}`);
  writeFileSync(path, bytes);
  return { path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

function task(operation: GedcomOperation, request: GedcomRequests[GedcomOperation], inputs: ReturnType<typeof stored>[], writes: boolean): WorkerTask {
  return {
    operation,
    request,
    inputs,
    outputPath: writes ? join(tmp, `${serial++}-out`) : null,
    exportVersion: '7.0',
    nowMs: Date.UTC(2026, 0, 1),
    livingThresholdYears: 110,
    advisoryItems: 0,
    checkpoint: null,
  };
}

async function inspectSection(archive: Buffer): Promise<GedcomSections['inspect']> {
  const outcome = await runTask('inspect', task('inspect', { source: GRANT, execution: OFFLINE }, [stored(archive)], false), SILENT_MONITOR);
  expect([...Value.Errors(GEDCOM_OPERATION_TABLE.inspect.section, outcome.section)]).toEqual([]);
  // cast: the schema check above holds
  return outcome.section as GedcomSections['inspect'];
}

/** A GEDZIP of a 7.0 file: its bytes as the dataset and, for each local FILE it references, a member of distinct bytes. */
async function archiveOf(dataset: Buffer): Promise<{ zip: Buffer; media: Map<string, Buffer> }> {
  const media = new Map<string, Buffer>();
  for (const payload of filePayloads(parseGedcomBytes(dataset))) {
    const reference = fileReferenceOf(payload);
    if (reference.kind === 'member' && reference.name !== 'gedcom.ged') media.set(reference.name, createHash('sha512').update(reference.name).digest());
  }
  const entries: ArchiveEntry[] = [{ name: 'gedcom.ged', data: dataset }, ...[...media].map(([name, data]) => ({ name, data, compress: false }))];
  return { zip: await buildZip(entries), media };
}

const gdzFiles = gedcomCorpusFiles(/\.gdz$/i);
const v7Files = gedcomCorpusFiles().filter((f) => /^\s*2 VERS 7\.0/m.test(readFileSync(f.path, 'latin1').slice(0, 4096)));

describe('FILE payloads as GEDZIP member names (GEDCOM 7.0 FilePath)', () => {
  it('decodes percent-encoded UTF-8 and refuses what no archive can hold', () => {
    expect(fileReferenceOf('media/CharlotteBront%C3%AB.jpg')).toEqual({ kind: 'member', name: 'media/CharlotteBrontë.jpg' });
    expect(fileReferenceOf('path/to/file1')).toEqual({ kind: 'member', name: 'path/to/file1' });
    expect(fileReferenceOf('https://host.example.com/a.jpg').kind).toBe('external');
    expect(fileReferenceOf('file:///home/a.jpg').kind).toBe('external');
    for (const bad of ['/abs/a.jpg', '../a.jpg', 'a/%2E%2E/b', 'a\\b.jpg', 'a%5Cb', 'a.jpg?x=1', 'a.jpg#f', '%E0%A4%A', ''])
      expect(fileReferenceOf(bad).kind).toBe('unusable');
  });
});

describe('the corpus GEDZIP files', () => {
  it('finds the four', () => expect(gdzFiles.length).toBe(4));

  it.each(gdzFiles.map((f) => [f.rel, f.path] as const))('%s inspects with its media', async (_, path) => {
    const bytes = readFileSync(path);
    const section = await inspectSection(bytes);
    expect(section.version.family).toMatch(/^7\./);
    expect(section.findings.map((f) => f.code)).not.toContain('FILE_ZIP_ARCHIVE');
    expect(section.media).not.toBeNull();
    if (path.endsWith('maximal70.gdz')) {
      // media/CharlotteBront%C3%AB.jpg, path/to/file1 and media/original.mp3 are in the archive; an https URL is not
      expect(section.media).toMatchObject({ referenced_present: 3, referenced_missing: 0 });
      expect(section.media?.external).toBeGreaterThanOrEqual(1);
      expect(section.media?.members).toBe(section.media!.referenced_present + section.media!.unreferenced);
    }
  });

  it.each(gdzFiles.map((f) => [f.rel, f.path] as const))('%s rewrites through the CLI: dataset and every file byte for byte', async (_, path) => {
    const out = join(tmp, `${serial++}-rewrite.gdz`);
    const err: string[] = [];
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => (err.push(s), true) }, isTTY: false };
    expect(await runGedcomCli(['rewrite', path, '--out', out], io, clock)).toBe(0);
    expect(err).toEqual([]);
    expect(await archiveContents(out)).toEqual(await archiveContents(path));
  });

  it.each(gdzFiles.map((f) => [f.rel, f.path] as const))('%s converts through the CLI to a GEDZIP 5.5.1, and that one back to 7.0', async (_, path) => {
    const input = await archiveContents(path);
    let from = path;
    for (const to of ['5.5.1', '7.0']) {
      const out = join(tmp, `${serial++}-convert.gdz`);
      let err = '';
      const io = { stdout: { write: () => true }, stderr: { write: (s: string) => ((err += s), true) }, isTTY: false };
      expect(await runGedcomCli(['convert', from, '--to', to, '--out', out], io, clock), err).toBe(0);
      const written = await archiveContents(out);
      expect(written.get('gedcom.ged')?.toString('utf8')).toContain(`VERS ${to}`);
      for (const [name, data] of input) if (name !== 'gedcom.ged') expect(written.get(name)).toEqual(data);
      from = out;
    }
  });

  it('inspects through the CLI, with the media counts and no name', async () => {
    const path = gdzFiles.find((f) => f.rel.endsWith('gedcom70/maximal70.gdz'))?.path ?? '';
    let out = '';
    const io = { stdout: { write: (s: string) => ((out += s), true) }, stderr: { write: () => true }, isTTY: false };
    expect(await runGedcomCli(['inspect', path], io, clock)).toBe(0);
    const result = JSON.parse(out) as { media: { referenced_present: number; referenced_missing: number } };
    expect(result.media).toMatchObject({ referenced_present: 3, referenced_missing: 0 });
    expect(out).not.toContain('Charlotte');
  });
});

describe('GEDZIP archives built from the 7.0 corpus files', () => {
  it('has 7.0 files to build from', () => expect(v7Files.length).toBeGreaterThan(20));

  it.each(v7Files.map((f) => [f.rel, f.path] as const))('%s: inspect, subtree (API) and rewrite (CLI) keep dataset and media', async (_, path) => {
    const dataset = readFileSync(path);
    const { zip, media } = await archiveOf(dataset);
    const section = await inspectSection(zip);
    // a FILE no archive can hold (an absolute path, gedcom.ged itself) stays a missing reference
    expect(section.media).toMatchObject({ members: media.size, referenced_present: media.size, unreferenced: 0 });
    expect(section.bytes).toBe(dataset.length);

    const input = stored(zip);
    const rewritten = join(tmp, `${serial++}-rewrite.gdz`);
    const io = { stdout: { write: () => true }, stderr: { write: () => true }, isTTY: false };
    expect(await runGedcomCli(['rewrite', input.path, '--out', rewritten], io, clock)).toBe(0);
    const written = await archiveContents(rewritten);
    expect(written.get('gedcom.ged')?.equals(dataset)).toBe(true);
    for (const [name, data] of media) expect(written.get(name)?.equals(data)).toBe(true);

    const doc = parseGedcomBytes(dataset);
    const root = doc.records.find((r) => r.tag === 'INDI' && r.xref !== null && /^@[A-Za-z0-9_]{1,20}@$/.test(r.xref))?.xref;
    if (root === undefined || root === null) return;
    const subtree = task('subtree', { source: GRANT, root, direction: 'both', generations: 50, include_spouses: true, execution: OFFLINE }, [input], true);
    await runTask('subtree', subtree, SILENT_MONITOR);
    // cast: the task above writes an output
    const out = await archiveContents(subtree.outputPath as string);
    const { referenced } = gedzipMedia(filePayloads(parseGedcomBytes(out.get('gedcom.ged') ?? Buffer.alloc(0))), [...media.keys()]);
    expect([...out.keys()].sort()).toEqual(['gedcom.ged', ...referenced].sort());
    for (const name of referenced) expect(out.get(name)?.equals(media.get(name) ?? Buffer.alloc(0))).toBe(true);
  });
});

describe('a merge of two GEDZIP archives', () => {
  it('keeps every medium of both sides', async () => {
    const person = (id: string, name: string, file: string): string =>
      `0 @${id}@ INDI\n1 NAME ${name}\n1 SEX M\n1 BIRT\n2 DATE ${id === 'I1' ? 1801 : 1901}\n1 OBJE @O${id}@\n0 @O${id}@ OBJE\n1 FILE ${file}\n2 FORM image/jpeg\n`;
    const left = `0 HEAD\n1 GEDC\n2 VERS 7.0\n${person('I1', 'Ann /Left/', 'media/left.jpg')}0 TRLR\n`;
    const right = `0 HEAD\n1 GEDC\n2 VERS 7.0\n${person('I2', 'Bob /Right/', 'media/right%20one.jpg')}0 TRLR\n`;
    const leftZip = await buildZip([
      { name: 'gedcom.ged', data: Buffer.from(left) },
      { name: 'media/left.jpg', data: Buffer.from('left jpeg'), compress: false },
    ]);
    const rightZip = await buildZip([
      { name: 'gedcom.ged', data: Buffer.from(right) },
      { name: 'media/right one.jpg', data: Buffer.from('right jpeg') },
    ]);
    const merge = task('merge', { left: GRANT, right: GRANT, execution: OFFLINE }, [stored(leftZip), stored(rightZip)], true);
    await runTask('merge', merge, SILENT_MONITOR);
    // cast: the task above writes an output
    const out = await archiveContents(merge.outputPath as string);
    expect(out.get('media/left.jpg')?.toString()).toBe('left jpeg');
    expect(out.get('media/right one.jpg')?.toString()).toBe('right jpeg');
    expect(out.get('gedcom.ged')?.toString()).toContain('Bob /Right/');
  });
});

describe('hostile archives end in stable codes with nothing written', () => {
  const DATASET = Buffer.from('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME A /B/\n0 TRLR\n');
  const base = (): Promise<Buffer> =>
    buildZip([
      { name: 'gedcom.ged', data: DATASET },
      { name: 'media/aa.jpg', data: Buffer.from('jpeg') },
    ]);
  const cases: [string, () => Promise<Buffer>, string][] = [
    [
      'a bomb (declared ratio)',
      () =>
        buildZip([
          { name: 'gedcom.ged', data: DATASET },
          { name: 'media/zeros.bin', data: Buffer.alloc(8 * 1024 * 1024) },
        ]),
      'GEDZIP_RATIO_LIMIT',
    ],
    [
      'a bomb that lies about its size',
      async () =>
        patchCentral(
          await buildZip([{ name: 'gedcom.ged', data: Buffer.concat([DATASET, Buffer.alloc(64 * 1024 * 1024, 0x20)]) }]),
          'gedcom.ged',
          'uncompressedSize',
          DATASET.length,
        ),
      'GEDZIP_CORRUPT',
    ],
    ['a total size over the limit', async () => patchCentral(await base(), 'media/aa.jpg', 'uncompressedSize', 0xfffffff0), 'GEDZIP_SIZE_LIMIT'],
    [
      'too many entries',
      () =>
        buildZip([
          { name: 'gedcom.ged', data: DATASET },
          ...Array.from({ length: GEDZIP_LIMITS.maxEntries }, (_, i) => ({ name: `m/${i}`, data: Buffer.alloc(0) })),
        ]),
      'GEDZIP_ENTRY_LIMIT',
    ],
    ['a traversal (..)', async () => renameEntry(await base(), 'media/aa.jpg', 'media/../a.j'), 'GEDZIP_UNSAFE_NAME'],
    ['an absolute path', async () => renameEntry(await base(), 'media/aa.jpg', '/etc/aa.jpgx'), 'GEDZIP_UNSAFE_NAME'],
    ['a drive letter', async () => renameEntry(await base(), 'media/aa.jpg', 'C:/dia/aa.jp'), 'GEDZIP_UNSAFE_NAME'],
    ['a backslash', async () => renameEntry(await base(), 'media/aa.jpg', 'media\\aa.jpg'), 'GEDZIP_UNSAFE_NAME'],
    [
      'a symbolic link',
      () =>
        buildZip([
          { name: 'gedcom.ged', data: DATASET },
          { name: 'media/link.jpg', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
        ]),
      'GEDZIP_SYMLINK',
    ],
    [
      'a duplicate name',
      async () =>
        renameEntry(
          await buildZip([
            { name: 'gedcom.ged', data: DATASET },
            { name: 'gedcom.gex', data: DATASET },
          ]),
          'gedcom.gex',
          'gedcom.ged',
        ),
      'GEDZIP_DUPLICATE_NAME',
    ],
    ['an encrypted entry', async () => patchCentral(await base(), 'media/aa.jpg', 'flags', 0x1), 'GEDZIP_ENCRYPTED'],
    ['no dataset', () => buildZip([{ name: 'family.ged', data: DATASET }]), 'GEDZIP_DATASET_MISSING'],
    [
      'a truncated central directory',
      async () => {
        const zip = await base();
        const directory = centralDirectoryOffset(zip);
        return Buffer.concat([zip.subarray(0, directory + 20), zip.subarray(zip.length - 22)]);
      },
      'GEDZIP_CORRUPT',
    ],
    ['an archive cut short', async () => (await base()).subarray(0, 60), 'GEDZIP_CORRUPT'],
  ];

  it.each(cases)('%s: %s', async (_, build, code) => {
    const input = stored(await build());
    const before = process.memoryUsage().arrayBuffers;
    const subtree = task(
      'subtree',
      { source: GRANT, root: '@I1@', direction: 'both', generations: 5, include_spouses: true, execution: OFFLINE },
      [input],
      true,
    );
    const failure = await runTask('subtree', subtree, SILENT_MONITOR).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure instanceof GedzipRefused || failure instanceof TaskFailure ? failure.code : failure).toBe(code);
    // cast: the task above names an output
    expect(existsSync(subtree.outputPath as string)).toBe(false);
    // nothing inflated beyond what the directory declared: far less than the bombs' 64 MB
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1024 * 1024);

    const out = join(tmp, `${serial++}-cli.gdz`);
    let err = '';
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => ((err += s), true) }, isTTY: false };
    expect(await runGedcomCli(['rewrite', input.path, '--out', out], io, clock)).toBe(65);
    expect(err).toContain(code);
    expect(existsSync(out)).toBe(false);
  });

  it('reads a zip64 archive like any other', async () => {
    const zip = await buildZip(
      [
        { name: 'gedcom.ged', data: DATASET },
        { name: 'media/aa.jpg', data: Buffer.from('jpeg') },
      ],
      { zip64: true },
    );
    const section = await inspectSection(zip);
    expect(section.records.total).toBe(3);
    expect(section.media).toMatchObject({ members: 1, unreferenced: 1 });
  });

  it('reads the input size from a stat, not the name: a .ged that is a GEDZIP is one', async () => {
    const input = stored(await base(), 'family.ged');
    expect(statSync(input.path).size).toBe(input.bytes);
    const section = await runTask('inspect', task('inspect', { source: GRANT, execution: OFFLINE }, [input], false), SILENT_MONITOR);
    expect(section.section).toMatchObject({ media: { members: 1 } });
  });
});

it('the corpus root is where the tests look', () => expect(existsSync(join(corpusRoot(), 'gedcom'))).toBe(true));

describe('a merge of two GEDZIP archives with a name clash', () => {
  const side = (name: string, file: string): string =>
    `0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME ${name} /Side/\n1 BIRT\n2 DATE ${name === 'Ann' ? 1801 : 1901}\n1 OBJE @O1@\n0 @O1@ OBJE\n1 FILE ${file}\n2 FORM image/jpeg\n0 TRLR\n`;

  it('carries the right side file renamed, with its FILE following, and counts it', async () => {
    const left = await buildZip([
      { name: 'gedcom.ged', data: Buffer.from(side('Ann', 'media/photo.jpg')) },
      { name: 'media/photo.jpg', data: Buffer.from('left photo') },
      { name: 'media/photo-2.jpg', data: Buffer.from('another left photo') },
    ]);
    const right = await buildZip([
      { name: 'gedcom.ged', data: Buffer.from(side('Bob', 'media/photo.jpg')) },
      { name: 'media/photo.jpg', data: Buffer.from('right photo') },
    ]);
    const merge = task('merge', { left: GRANT, right: GRANT, execution: OFFLINE }, [stored(left), stored(right)], true);
    const outcome = await runTask('merge', merge, SILENT_MONITOR);
    expect(outcome.section).toMatchObject({ media: { renamed: 1 } });
    // cast: the task above writes an output
    const out = await archiveContents(merge.outputPath as string);
    expect(out.get('media/photo.jpg')?.toString()).toBe('left photo');
    // -2 is taken in the left archive: the right photo becomes -3
    expect(out.get('media/photo-3.jpg')?.toString()).toBe('right photo');
    const dataset = out.get('gedcom.ged')?.toString() ?? '';
    expect(dataset).toContain('1 FILE media/photo.jpg');
    expect(dataset).toContain('1 FILE media/photo-3.jpg');
  });

  it('carries one file when both sides hold the same bytes under one name', async () => {
    const zip = async (name: string): Promise<Buffer> =>
      buildZip([
        { name: 'gedcom.ged', data: Buffer.from(side(name, 'media/same.jpg')) },
        { name: 'media/same.jpg', data: Buffer.from('same bytes') },
      ]);
    const merge = task('merge', { left: GRANT, right: GRANT, execution: OFFLINE }, [stored(await zip('Ann')), stored(await zip('Bob'))], true);
    const outcome = await runTask('merge', merge, SILENT_MONITOR);
    expect(outcome.section).toMatchObject({ media: { renamed: 0 } });
    // cast: the task above writes an output
    expect([...(await archiveContents(merge.outputPath as string)).keys()].sort()).toEqual(['gedcom.ged', 'media/same.jpg']);
  });

  it('a merge of two GEDCOM files has no media section', async () => {
    const plain = stored(Buffer.from(side('Ann', 'media/x.jpg')), 'plain.ged');
    const outcome = await runTask('merge', task('merge', { left: GRANT, right: GRANT, execution: OFFLINE }, [plain, plain], false), SILENT_MONITOR);
    expect(outcome.section).toMatchObject({ media: null });
  });
});

describe('cli gedcom convert --media-dir packages local files into a GEDZIP', () => {
  it('carries the files under the folder that FILE paths name, and leaves the others as written', async () => {
    const folder = mkdtempSync(join(tmp, 'media-'));
    mkdirSync(join(folder, 'photos'));
    writeFileSync(join(folder, 'photos', 'Grand mère.jpg'), 'grandmother');
    writeFileSync(join(folder, 'scan.png'), 'scan');
    writeFileSync(join(tmp, 'outside.jpg'), 'outside');
    symlinkSync(join(tmp, 'outside.jpg'), join(folder, 'escape.jpg'));
    const text = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Ann /Local/',
      '1 OBJE',
      '2 FILE photos\\Grand mère.jpg',
      '3 FORM jpg',
      '1 OBJE',
      `2 FILE ${join(folder, 'scan.png')}`,
      '3 FORM png',
      '1 OBJE',
      '2 FILE escape.jpg',
      '3 FORM jpg',
      '1 OBJE',
      '2 FILE missing.jpg',
      '3 FORM jpg',
      '0 TRLR',
      '',
    ].join('\n');
    const input = stored(Buffer.from(text), 'local.ged');
    const out = join(tmp, `${serial++}-packaged.gdz`);
    let err = '';
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => ((err += s), true) }, isTTY: false };
    expect(await runGedcomCli(['convert', input.path, '--to', '7.0', '--media-dir', folder, '--out', out], io, clock), err).toBe(0);
    const written = await archiveContents(out);
    expect([...written.keys()].sort()).toEqual(['gedcom.ged', 'photos/Grand mère.jpg', 'scan.png']);
    expect(written.get('photos/Grand mère.jpg')?.toString()).toBe('grandmother');
    const section = await inspectSection(readFileSync(out));
    expect(section.media).toMatchObject({ members: 2, referenced_present: 2, referenced_missing: 2, unreferenced: 0 });
    expect(written.get('gedcom.ged')?.toString()).toContain('FILE photos/Grand%20m%C3%A8re.jpg');
  });

  it('refuses --media-dir with a GEDZIP input', async () => {
    const out = join(tmp, `${serial++}-refused.gdz`);
    const io = { stdout: { write: () => true }, stderr: { write: () => true }, isTTY: false };
    expect(await runGedcomCli(['convert', gdzFiles[0]!.path, '--to', '5.5.1', '--media-dir', tmp, '--out', out], io, clock)).toBe(64);
    expect(existsSync(out)).toBe(false);
  });
});
