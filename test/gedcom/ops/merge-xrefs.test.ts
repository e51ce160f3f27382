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

  it('number fresh xrefs from the first free number of their prefix, past every xref in use, claimed after the first fresh one too', () => {
    const left = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n0 @I2@ INDI\n0 @I4@ INDI\n0 @I01@ INDI\n0 @F1@ FAM\n0 @X1@ NOTE n\n0 TRLR\n';
    const xrefs = new OutputXrefs(doc(left));
    xrefs.place('@I1@');
    expect(xrefs.settled('@I1@')).toBe('@I3@');
    // kept: claimed after the numbers of I were read
    xrefs.place('@I5@');
    xrefs.place('@I2@');
    expect(xrefs.settled('@I2@')).toBe('@I6@');
    // @I01@ is not @I1@'s number written otherwise, and a prefix of no letters is X
    xrefs.place('@I01@');
    expect(xrefs.settled('@I01@')).toBe('@I7@');
    xrefs.place('@F1@');
    xrefs.place('@12@');
    xrefs.place('@X1@');
    expect([xrefs.settled('@F1@'), xrefs.settled('@12@'), xrefs.settled('@X1@')]).toEqual(['@F2@', '@12@', '@X2@']);
    expect(xrefs.remap('@i_a@')).toBe('@i_a@');
    expect(xrefs.remapped).toBe(5);
  });
});
