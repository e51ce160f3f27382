import { describe, expect, it } from 'vitest';
import { tagCode, tagCodeOfBytes } from '../../../src/gedcom/lines/tag-code.js';
import { TagInterner } from '../../../src/gedcom/lines/tag-interner.js';

// The index builder matches tags on their codes: a line's code from its bytes must be the code of the tag the
// parse's interner answers for the same bytes, or a lower-case file would index differently from its tree.
const TAGS = [
  'DATE',
  'date',
  'Date',
  'dAtE',
  'SEX',
  'sex',
  'CHR',
  'chr',
  'DIV',
  'NAME',
  'name',
  'FAMC',
  'famc',
  'FAMS',
  'HUSB',
  'hUsB',
  'WIFE',
  'CHIL',
  'GIVN',
  'SURN',
  'NSFX',
  'TYPE',
  'PLAC',
  'PEDI',
  'SOUR',
  'RESN',
  'BIRT',
  'birt',
  'b1rt',
  'B1RT',
  '_UID',
  '_uid',
  '_dat',
  'da#e',
  'DA#E',
  'd-te',
  'A',
  'a',
  'ab',
  'AB',
  '_X',
  'NOTE1',
  'longtag',
  'DATÉ',
  'daté',
  '1',
  'Z9z9',
];

describe('tag codes', () => {
  const interner = new TagInterner((b, s, e) => b.toString('utf8', s, e));
  const bytes = (tag: string): Buffer => Buffer.from(`x${tag}y`, 'utf8');

  it('gives the code of the tag the interner answers, for every spelling', () => {
    for (const tag of TAGS) {
      const b = bytes(tag);
      const end = b.length - 1;
      expect(tagCodeOfBytes(b, 1, end), tag).toBe(tagCode(interner.intern(b, 1, end)));
    }
  });

  it('folds the case of a standard tag only, and tells tags of different lengths apart', () => {
    const code = (tag: string): number => {
      const b = bytes(tag);
      return tagCodeOfBytes(b, 1, b.length - 1);
    };
    expect(code('date')).toBe(tagCode('DATE'));
    expect(code('_dat')).not.toBe(tagCode('_DAT'));
    expect(code('da#e')).not.toBe(tagCode('DA#E'));
    expect(code('longtag')).toBe(0);
    expect(code('daté')).toBe(0);
    const interned = new Map<number, string>();
    for (const tag of TAGS) {
      const b = bytes(tag);
      const c = code(tag);
      if (c === 0) continue;
      const answer = interner.intern(b, 1, b.length - 1);
      // one code per distinct tag answered
      expect(interned.get(c) ?? answer, tag).toBe(answer);
      interned.set(c, answer);
    }
    expect(new Set([tagCode('A'), tagCode('AB'), tagCode('CHR'), tagCode('BIRT'), tagCode('\x01AB'), tagCode('\x01\x01')]).size).toBe(6);
  });
});
