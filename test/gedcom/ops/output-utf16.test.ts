import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';
import { mergeDocuments } from '../../../src/gedcom/ops/merge.js';
import { extractSubtree } from '../../../src/gedcom/ops/subtree.js';
import { syncDocuments } from '../../../src/gedcom/ops/sync.js';
import { writeOutputBytes } from '../../../src/gedcom/ops/output.js';
import { corpusRoot } from '../../support/corpus.js';

const file = (rel: string): Buffer => readFileSync(join(corpusRoot(), 'gedcom', rel));

describe('outputs of UTF-16 files', () => {
  it.each([
    ['cacack-gedcom-go/encoding/utf16le.ged', 'utf16le'],
    ['cacack-gedcom-go/encoding/utf16be.ged', 'utf16be'],
  ] as const)('%s: sync with itself is byte-identical; subtree and merge add no blank line', (rel, encoding) => {
    const bytes = file(rel);
    const doc = parseGedcomBytes(bytes);
    expect(doc.encoding.used).toBe(encoding === 'utf16le' ? 'UTF-16LE' : 'UTF-16BE');
    const text = (b: Buffer): string => (encoding === 'utf16le' ? b : Buffer.from(b).swap16()).toString('utf16le');
    const synced = syncDocuments(doc, doc, doc);
    expect(writeOutputBytes(synced.document!).equals(bytes)).toBe(true);

    const subtree = extractSubtree(doc, { root: '@I1@', direction: 'descendants', generations: 1, outputVersion: '5.5.1' });
    expect(subtree.counts.prunedPointers).toBeGreaterThan(0);
    const sub = text(writeOutputBytes(subtree.document));
    expect(sub).not.toMatch(/\r\n\r\n|\n\n/);
    expect(parseGedcomBytes(writeOutputBytes(subtree.document)).diagnostics.filter((d) => d.code === 'LINE_BLANK')).toEqual([]);

    const merged = text(writeOutputBytes(mergeDocuments(doc, doc).document!));
    expect(merged).not.toMatch(/\r\n\r\n|\n\n/);
  });
});
