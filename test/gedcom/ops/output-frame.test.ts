import { describe, expect, it } from 'vitest';
import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';
import { mergeDocuments } from '../../../src/gedcom/ops/merge.js';
import { extractSubtree } from '../../../src/gedcom/ops/subtree.js';
import { syncDocuments } from '../../../src/gedcom/ops/sync.js';
import { writeOutputBytes } from '../../../src/gedcom/ops/output.js';
import type { GedcomDocumentLike } from '../../../src/gedcom/model.js';

// A file without HEAD and TRLR (an old or hand-made export), read with an assumed version.
const HEADLESS =
  '0 @I1@ INDI\n1 NAME John /Doe/\n1 BIRT\n2 DATE 1 JAN 1900\n1 FAMC @F1@\n0 @I2@ INDI\n1 NAME Jim /Doe/\n1 FAMS @F1@\n0 @F1@ FAM\n1 HUSB @I2@\n1 CHIL @I1@\n';
const read = (text: string, assumeVersion: '5.5.1' | '7.0'): ReturnType<typeof parseGedcomBytes> => parseGedcomBytes(Buffer.from(text), { assumeVersion });

function framing(out: GedcomDocumentLike): { text: string; codes: string[] } {
  const bytes = writeOutputBytes(out);
  return {
    text: bytes.toString('utf8'),
    codes: parseGedcomBytes(bytes)
      .diagnosticSummary()
      .map((d) => d.code),
  };
}

describe('an output is framed as a GEDCOM file even when its origin is not', () => {
  it.each([
    ['subtree', () => extractSubtree(read(HEADLESS, '5.5.1'), { root: '@I1@', direction: 'ancestors' }).document],
    ['merge', () => mergeDocuments(read(HEADLESS, '5.5.1'), read(HEADLESS, '5.5.1')).document!],
    ['sync', () => syncDocuments(read(HEADLESS, '5.5.1'), read(HEADLESS, '5.5.1'), read(HEADLESS, '5.5.1')).document!],
  ])('%s of a 5.5.1 file without HEAD and TRLR: a HEAD with its version and character set first, one TRLR last', (_, run) => {
    const { text, codes } = framing(run());
    expect(text.startsWith('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n')).toBe(true);
    expect(text.endsWith('0 TRLR\n')).toBe(true);
    expect(text.match(/^0 TRLR$/gm)).toHaveLength(1);
    for (const code of ['HEAD_MISSING', 'GEDCOM_VERSION_MISSING', 'ENCODING_CHAR_MISSING', 'TRLR_MISSING']) expect(codes).not.toContain(code);
  });

  it('a 7.0 origin without HEAD gets a 7.0 HEAD', () => {
    const { text } = framing(extractSubtree(read(HEADLESS, '7.0'), { root: '@I1@', direction: 'ancestors' }).document);
    expect(text.replace(/^\ufeff/, '').startsWith('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 ')).toBe(true);
  });
});
