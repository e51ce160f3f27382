import { describe, expect, it } from 'vitest';
import { ByteMemo } from '../../../src/gedcom/ops/string-table.js';
import { XrefTable } from '../../../src/gedcom/ops/xref-table.js';

// The byte-keyed open-addressing tables (src/gedcom/ops/byte-slots.ts) through their growth: every
// key stays found, by its text and by its bytes, after the slots have doubled several times.

describe('the xref table past its first slots', () => {
  it('gives every xref of the hashed forms one id, by its text and by its bytes, across growth', () => {
    const table = new XrefTable();
    // a leading zero, a lower-case letter, a long name, non-ASCII: none is of the dense numbered form
    const xrefs = Array.from({ length: 12_000 }, (_, k) => [`@I0${k}@`, `@p${k}@`, `@SOURCE_${k}_X@`, `@É${k}@`][k % 4] as string);
    const ids = xrefs.map((x) => table.id(x));
    expect(new Set(ids).size).toBe(xrefs.length);
    xrefs.forEach((x, k) => {
      expect(table.id(x)).toBe(ids[k]);
      const bytes = Buffer.from(` ${x} `, 'utf8');
      expect(table.idOfBytes(bytes, 1, bytes.length - 1, { pointer: () => x })).toBe(ids[k]);
    });
  });
});

describe('the byte memo past its first slots', () => {
  it('keeps every value by its bytes across growth, and misses bytes never set', () => {
    const memo = new ByteMemo<number>(1 << 20);
    const keys = Array.from({ length: 20_000 }, (_, k) => Buffer.from(`ABT ${k} BC`, 'latin1'));
    keys.forEach((b, k) => {
      expect(memo.get(b, 0, b.length)).toBeUndefined();
      memo.set(b, 0, b.length, k);
    });
    keys.forEach((b, k) => expect(memo.get(b, 0, b.length)).toBe(k));
    const other = Buffer.from('xABT 20000 BCx', 'latin1');
    expect(memo.get(other, 1, other.length - 1)).toBeUndefined();
    // the same bytes at another offset of another buffer
    expect(memo.get(Buffer.from('..ABT 7 BC', 'latin1'), 2, 10)).toBe(7);
  });
});
