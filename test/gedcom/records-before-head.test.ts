import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GEDCOM_OPERATION_TABLE, GEDCOM_OPERATIONS, type GedcomOperation, type GedcomRequests } from '../../src/contract/gedcom-operations.js';
import { declaredVersion } from '../../src/gedcom/boundary.js';
import { convertDocument, inspectGedcom, parseGedcomBytes, writeGedcomChunks } from '../../src/gedcom/index.js';
import { SILENT_MONITOR } from '../../src/gedcom/monitor.js';
import type { WorkerTask } from '../../src/infra/gedcom/worker-protocol.js';
import { runTask } from '../../src/infra/gedcom/worker/task-runner.js';
import { runGedcomCli } from '../../src/main/gedcom-command.js';

// Issue 33 item 4: some programs and hand edits put a record (often a NOTE) before HEAD. The file
// is read with the version of its HEAD wherever it stands, rewritten byte for byte, and converted
// with HEAD moved first; HEAD_NOT_FIRST (read) and HEAD_MOVED_FIRST (conversion) say so.

const V551 =
  '0 @N0@ NOTE written before the header\n0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Ann /Roe/\n1 NOTE @N0@\n0 TRLR\n';
const V70 = '0 @N0@ SNOTE before the header\n0 @S1@ SUBM\n1 NAME Sam\n0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 SNOTE @N0@\n0 TRLR\n';

const tmp = mkdtempSync(join(tmpdir(), 'before-head-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function* chunks(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const written = (doc: Parameters<typeof writeGedcomChunks>[0]): Buffer => Buffer.concat([...writeGedcomChunks(doc)]);

describe('records before HEAD: the engine', () => {
  it.each([
    ['5.5.1', V551, 1, 2],
    ['7.0', V70, 2, 4],
  ] as const)('reads the version of a %s HEAD that has %i record(s) before it', (family, text, before, line) => {
    const bytes = Buffer.from(text);
    const doc = parseGedcomBytes(bytes);
    expect(doc.version.family).toBe(family);
    const finding = doc.diagnostics.find((d) => d.code === 'HEAD_NOT_FIRST');
    expect(finding?.line).toBe(line);
    expect(finding?.message).toContain(`(${before} before it)`);
    expect(doc.diagnostics.map((d) => d.code)).not.toContain('GEDCOM_VERSION_MISSING');
    expect(written(doc).equals(bytes)).toBe(true);
    expect(declaredVersion(bytes)).toEqual({ declared: family, family });
  });

  it.each([1, 7, 4096])('inspect reads the version in chunks of %i bytes', async (size) => {
    const result = await inspectGedcom(chunks(Buffer.from(V551), size));
    expect(result.version).toMatchObject({ declared: '5.5.1', family: '5.5.1', supported: true });
    expect(result.findings.find((f) => f.code === 'HEAD_NOT_FIRST')).toMatchObject({ count: 1, firstLine: 2 });
    expect(result.findings.map((f) => f.code)).not.toContain('GEDCOM_VERSION_MISSING');
  });

  it('a file without HEAD still has no version', async () => {
    const text = '0 @I1@ INDI\n1 NAME A /B/\n0 @I2@ INDI\n0 TRLR\n';
    expect(parseGedcomBytes(Buffer.from(text)).version.family).toBeNull();
    expect((await inspectGedcom(chunks(Buffer.from(text), 5))).findings.map((f) => f.code)).toContain('HEAD_MISSING');
  });

  it('5.5.1 -> 7.0 moves the record after HEAD, with a finding', () => {
    const result = convertDocument(parseGedcomBytes(Buffer.from(V551)), '7.0');
    expect(result.noteCounts.HEAD_MOVED_FIRST).toBe(1);
    const out = written(result.document)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    expect(out.startsWith('0 HEAD\n1 GEDC\n2 VERS 7.0\n')).toBe(true);
    expect(out).toContain('0 @N0@ SNOTE written before the header\n');
    expect(out.indexOf('0 @N0@')).toBeGreaterThan(out.indexOf('0 HEAD'));
  });

  it('7.0 -> 5.5.1 moves both records after HEAD, in their order', () => {
    const result = convertDocument(parseGedcomBytes(Buffer.from(V70)), '5.5.1');
    expect(result.noteCounts.HEAD_MOVED_FIRST).toBe(1);
    const out = written(result.document).toString('utf8');
    const head = out.indexOf('0 HEAD');
    expect(head).toBe(0);
    expect(out.indexOf('0 @N0@ NOTE')).toBeGreaterThan(head);
    expect(out.indexOf('0 @S1@ SUBM')).toBeGreaterThan(out.indexOf('0 @N0@ NOTE'));
  });
});

function requestOf(operation: GedcomOperation): GedcomRequests[GedcomOperation] {
  const source = 'g'.repeat(43);
  const execution = { mode: 'offline' } as const;
  switch (operation) {
    case 'inspect':
    case 'quality':
      return { source, execution };
    case 'subtree':
      return { source, root: '@I1@', direction: 'both', generations: 2, include_spouses: true, execution };
    case 'merge':
      return { left: source, right: source, execution };
    case 'sync':
      return { base: source, edited: source, target: source, execution };
  }
}

describe('records before HEAD: every operation runs without an assumed version', () => {
  const path = join(tmp, 'before.ged');
  writeFileSync(path, V551);
  const bytes = readFileSync(path);
  const input = { path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  it.each(GEDCOM_OPERATIONS.map((o) => [o]))('%s', async (operation) => {
    const entry = GEDCOM_OPERATION_TABLE[operation];
    const task = {
      operation,
      request: requestOf(operation),
      inputs: entry.inputs.map(() => input),
      outputPath: entry.writesOutput ? join(tmp, `${operation}.ged`) : null,
      exportVersion: '5.5.1',
      nowMs: Date.UTC(2026, 0, 1),
      livingThresholdYears: 110,
      advisoryItems: 0,
      checkpoint: null,
    } satisfies WorkerTask;
    const outcome = await runTask(operation, task, SILENT_MONITOR);
    expect(outcome.section).not.toBeNull();
    if (task.outputPath !== null) {
      const out = readFileSync(task.outputPath, 'utf8');
      expect(out.replace(/^\uFEFF/, '').startsWith('0 HEAD')).toBe(true);
      expect(out).toContain('2 VERS 5.5.1');
    }
  });
});

describe('records before HEAD: the command line', () => {
  const file = join(tmp, 'cli.ged');
  writeFileSync(file, V551);
  const io = (): { io: Parameters<typeof runGedcomCli>[1]; out: () => string } => {
    let out = '';
    return { io: { stdout: { write: (s: string) => ((out += s), true) }, stderr: { write: () => true }, isTTY: false }, out: () => out };
  };
  const clock = (): number => 0;

  it('inspect reports the version and HEAD_NOT_FIRST', async () => {
    const c = io();
    expect(await runGedcomCli(['inspect', file], c.io, clock)).toBe(0);
    const result = JSON.parse(c.out()) as { version: { declared: string }; findings: { code: string }[] };
    expect(result.version.declared).toBe('5.5.1');
    expect(result.findings.map((f) => f.code)).toContain('HEAD_NOT_FIRST');
  });

  it('rewrite keeps the bytes, convert moves HEAD first', async () => {
    const rewritten = join(tmp, 'cli-rewrite.ged');
    expect(await runGedcomCli(['rewrite', file, '--out', rewritten], io().io, clock)).toBe(0);
    expect(readFileSync(rewritten, 'utf8')).toBe(V551);
    const converted = join(tmp, 'cli-convert.ged');
    expect(await runGedcomCli(['convert', file, '--to', '7.0', '--out', converted], io().io, clock)).toBe(0);
    const out = readFileSync(converted, 'utf8').replace(/^\uFEFF/, '');
    expect(out.startsWith('0 HEAD\n')).toBe(true);
    expect(out).toContain('0 @N0@ SNOTE written before the header');
  });
});
