import { describe, expect, it } from 'vitest';
import { OutputXrefs } from '../../../src/gedcom/ops/merge-xrefs.js';
import { doc } from './fixtures.js';

const LEFT = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME A /B/\n0 @I2@ INDI\n1 NAME C /D/\n0 TRLR\n';

describe('output xrefs of a merge', () => {
  it('give a right xref that collides a fresh one, and after sealing refuse an xref not settled instead of risking a collision', () => {
    const xrefs = new OutputXrefs(doc(LEFT));
    xrefs.place('@I1@');
    xrefs.place('@I7@');
    expect(xrefs.settled('@I1@')).toBe('@I3@');
    expect(xrefs.settled('@I7@')).toBe('@I7@');
    // a dangling pointer: fresh when it would land on a left record
    expect(xrefs.remap('@I2@')).toBe('@I4@');
    expect(xrefs.remapped).toBe(2);
    xrefs.seal();
    expect(xrefs.settled('@I1@')).toBe('@I3@');
    expect(() => xrefs.settled('@I9@')).toThrow(/settled/);
  });
});
