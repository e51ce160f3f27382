import { describe, expect, it } from 'vitest';
import { createNode } from '../../../src/gedcom/model.js';
import { OutputDocument } from '../../../src/gedcom/ops/output-document.js';
import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';

const TEXT = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME A /B/\n0 @I2@ INDI\n1 NAME C /D/\n0 @N1@ NOTE n\n0 TRLR\n';

describe('an output document tells the records of its origin', () => {
  it.each([
    ['in file order', false],
    ['with a record created in it (no span)', true],
  ])('%s: every origin record, never a record of another file at the same place', (_, created) => {
    const origin = parseGedcomBytes(Buffer.from(TEXT));
    if (created) origin.addRecord(createNode('NOTE', 'x', { xref: '@N2@' }));
    const other = parseGedcomBytes(Buffer.from(TEXT));
    const out = new OutputDocument(origin.version, origin.encoding, origin.terminator, [...origin.records, ...other.records], origin);
    expect(origin.records.every((r) => out.fromOrigin(r))).toBe(true);
    expect(origin.records.length).toBe(created ? 6 : 5);
    expect(other.records.some((r) => out.fromOrigin(r))).toBe(false);
  });
});
