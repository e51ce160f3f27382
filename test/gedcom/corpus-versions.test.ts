import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allGedcomFiles } from '../support/corpus.js';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { writeGedcomBytes } from '../../src/gedcom/write/writer.js';
import { inspectGedcomBytes } from '../../src/gedcom/inspect/inspect.js';
import { convertDocument } from '../../src/gedcom/convert/index.js';
import { checkStrictV7 } from '../../src/gedcom/check/strict-v7.js';
import { mergeDocuments, syncDocuments } from '../../src/gedcom/ops/index.js';
import type { GedcomDocument } from '../../src/gedcom/document.js';

/**
 * Issue 13, over the whole corpus (shared corpus + test/fixtures/gedcom): every file is read with its
 * declared version or, without a supported one, with the version inspect says it probably is (5.5.1
 * when inspect has no evidence); input that is not GEDCOM is given no version and is not converted; then
 * it rewrites byte for byte, converts to the other version family and back with zero strict-checker
 * errors on every 7.0 output and zero errors on every 5.5.1 output, and merge(A, A) / sync(A, A, A)
 * add nothing.
 */
const files = allGedcomFiles();
const RECORD_KINDS = ['INDI', 'FAM', 'SOUR', 'NOTE', 'SNOTE', 'OBJE', 'REPO'];

function counts(doc: { records: readonly { tag: string }[] }): Record<string, number> {
  return Object.fromEntries(RECORD_KINDS.map((k) => [k, doc.records.filter((r) => r.tag === k).length]));
}

/** Parse findings a 5.5.1 output of the engine must not have. */
function errors551(bytes: Buffer): string[] {
  const doc = parseGedcomBytes(bytes);
  return doc.diagnostics
    .filter((d) => d.severity === 'error' || d.code === 'LINE_TERMINATORS_MIXED' || d.code === 'CONTINUATION_MISPLACED')
    .map((d) => `${d.code}@${d.line}`);
}

describe('issue 13: every corpus file, every version', () => {
  it('finds both corpora', () => {
    expect(files.length).toBeGreaterThan(400);
  });

  describe.each(files)('$rel', ({ path }) => {
    const bytes = readFileSync(path);
    /** Input that is not GEDCOM (an HTML page saved as .ged): no version is assumed for it, nothing converts it. */
    const notGedcom = parseGedcomBytes(bytes)
      .diagnosticSummary()
      .some((d) => d.code === 'FILE_NOT_GEDCOM');
    const read = async (): Promise<GedcomDocument> => {
      const doc = parseGedcomBytes(bytes);
      if (doc.version.family !== null) return doc;
      // without evidence inspect names no probable version (null); such a file is read as 5.5.1
      const probable = (await inspectGedcomBytes(bytes)).version.probable;
      return parseGedcomBytes(bytes, { assumeVersion: probable?.version ?? '5.5.1' });
    };

    it('rewrites byte for byte (with its assumed version when it has none)', async () => {
      expect(writeGedcomBytes(await read()).equals(bytes)).toBe(true);
    });

    it.runIf(notGedcom)('is not GEDCOM: no version is assumed and conversion is refused', async () => {
      const doc = await read();
      expect(doc.version.family).toBeNull();
      expect((await inspectGedcomBytes(bytes)).version.probable).toBeNull();
      expect(() => convertDocument(doc, '7.0')).toThrow(expect.objectContaining({ code: 'GEDCOM_VERSION_UNSUPPORTED' }));
    });

    it.skipIf(notGedcom)('converts to the other version and back with zero strict-checker errors', async () => {
      const doc = await read();
      const there = writeGedcomBytes(convertDocument(doc, doc.version.isV7 ? '5.5.1' : '7.0').document);
      const back = writeGedcomBytes(convertDocument(parseGedcomBytes(there), doc.version.isV7 ? '7.0' : '5.5.1').document);
      const [seven, five] = doc.version.isV7 ? [back, there] : [there, back];
      expect(checkStrictV7(seven).slice(0, 5)).toEqual([]);
      expect(errors551(five).slice(0, 5)).toEqual([]);
    });

    it.skipIf(notGedcom)('merge(A, A) and sync(A, A, A) add nothing', async () => {
      const a = await read();
      const merged = mergeDocuments(a, await read(), {});
      expect(counts(merged.document ?? a)).toEqual(counts(a));
      const synced = syncDocuments(a, a, await read(), {});
      expect(synced.counts.changes).toBe(0);
      expect(counts(synced.document ?? a)).toEqual(counts(a));
    });
  });
});
