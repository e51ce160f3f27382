import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gedcomCorpusFiles } from '../support/corpus.js';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { writeGedcomBytes } from '../../src/gedcom/write/writer.js';
import { inspectGedcom } from '../../src/gedcom/inspect/inspect.js';
import { nodesEqual } from '../../src/gedcom/model.js';
import type { GedcomNode } from '../../src/gedcom/model.js';
import { ROUND_TRIP_EXCEPTIONS, SOURCE_CONTAINS_FFFD } from './round-trip-exceptions.js';

const files = gedcomCorpusFiles();

function containsFffd(node: GedcomNode): boolean {
  if (node.value.includes('\ufffd') || (node.raw ?? '').includes('\ufffd')) return true;
  return node.children.some(containsFffd);
}

function* chunks(bytes: Buffer, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('GEDCOM corpus', () => {
  it('has the 236 .ged files of the manifest', () => {
    expect(files.length).toBe(236);
  });

  describe.each(files)('$rel', ({ rel, path }) => {
    const bytes = readFileSync(path);

    it('round-trips byte for byte (or is a named exception)', () => {
      const doc = parseGedcomBytes(bytes);
      const out = writeGedcomBytes(doc);
      const exception = ROUND_TRIP_EXCEPTIONS[rel];
      if (exception === undefined) expect(out.equals(bytes)).toBe(true);
      else expect(out.equals(bytes)).toBe(false);
    });

    it('decodes without U+FFFD when its bytes are valid', () => {
      const doc = parseGedcomBytes(bytes);
      const invalid = doc.diagnosticSummary().some((d) => d.code === 'ENCODING_INVALID_BYTES');
      const withFffd = doc.records.filter((r) => containsFffd(r.root)).length;
      if (!invalid && !SOURCE_CONTAINS_FFFD.has(rel)) expect(withFffd).toBe(0);
    });

    it('materialized trees survive a canonical rewrite', () => {
      const doc = parseGedcomBytes(bytes);
      doc.materializeAll();
      const again = parseGedcomBytes(writeGedcomBytes(doc, { canonical: true }));
      expect(again.records.length).toBe(doc.records.length);
      doc.records.forEach((r, i) => {
        expect(nodesEqual(r.root, (again.records[i] as (typeof again.records)[number]).root)).toBe(true);
      });
      // untouched materialized records are still written from their bytes
      expect(writeGedcomBytes(doc).equals(bytes)).toBe(true);
    });

    it('inspect never throws and agrees for any chunk size', async () => {
      const whole = await inspectGedcom([bytes]);
      const small = await inspectGedcom(chunks(bytes, 7));
      expect(small).toEqual(whole);
      const text = JSON.stringify(whole);
      expect(text).not.toContain(path);
      expect(whole.bytes).toBe(bytes.length);
    });
  });
});

describe('GEDZIP archives of the corpus (not GEDCOM text)', () => {
  it.each(gedcomCorpusFiles(/\.gdz$/i))('$rel: inspect and parse do not throw, bytes round-trip', async ({ path }) => {
    const bytes = readFileSync(path);
    const result = await inspectGedcom([bytes]);
    expect(result.findings.length).toBeGreaterThan(0);
    const doc = parseGedcomBytes(bytes);
    doc.materializeAll();
    const invalid = doc.diagnosticSummary().some((d) => d.code === 'ENCODING_INVALID_BYTES');
    if (!invalid) expect(writeGedcomBytes(doc).equals(bytes)).toBe(true);
  });
});
