import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidatePairs } from '../../../src/gedcom/ops/merge-candidates.js';
import { vetoedByDates } from '../../../src/gedcom/ops/merge-features.js';
import { mergeDocuments } from '../../../src/gedcom/ops/merge.js';
import { mergeSides } from '../../../src/gedcom/ops/merge-sides.js';
import { SILENT_MONITOR } from '../../../src/gedcom/monitor.js';
import { doc } from './fixtures.js';

const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';

interface Person {
  readonly given: string;
  readonly surname: string;
  readonly sex: 'M' | 'F';
  readonly birth: string | null;
  readonly death: string | null;
  readonly place?: string | null;
}

function file(prefix: string, people: readonly Person[]): string {
  const lines = people.map((p, k) => {
    const place = p.place === undefined || p.place === null ? '' : `2 PLAC ${p.place}\n`;
    const birth = p.birth === null && place === '' ? '' : `1 BIRT\n${p.birth === null ? '' : `2 DATE ${p.birth}\n`}${place}`;
    const death = p.death === null ? '' : `1 DEAT\n2 DATE ${p.death}\n`;
    return `0 @${prefix}${k}@ INDI\n1 NAME ${p.given} /${p.surname}/\n1 SEX ${p.sex}\n${birth}${death}`;
  });
  return `${HEAD}${lines.join('')}0 TRLR\n`;
}

/** Every pair the blocking meets, as "i j". */
function met(left: string, right: string): Set<string> {
  const { left: l, right: r } = mergeSides(doc(left), doc(right), '5.5.1', SILENT_MONITOR, undefined);
  const out = new Set<string>();
  candidatePairs(l.people, r.people, { full: false, exact: null, vetoed: 0 }, (i, j) => out.add(`${i} ${j}`), SILENT_MONITOR);
  return out;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const date = fc.oneof(
  fc.constant(null),
  fc.tuple(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1800, max: 1815 })).map(([d, m, y]) => `${d} ${MONTHS[m]} ${y}`),
  fc.integer({ min: 1800, max: 1815 }).map(String),
  fc.tuple(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1800, max: 1815 })).map(([m, y]) => `${MONTHS[m]} ${y}`),
  fc.integer({ min: 1790, max: 1825 }).map((y) => `ABT ${y}`),
  fc.integer({ min: 1800, max: 1815 }).map((y) => `BEF ${y}`),
  fc.tuple(fc.integer({ min: 1795, max: 1810 }), fc.integer({ min: 1, max: 8 })).map(([y, n]) => `BET ${y} AND ${y + n}`),
);
// places of one level (no veto), of several levels sharing a token or a spelling, and of none
const place = fc.constantFrom(
  null,
  'Leeds',
  'England',
  'Leeds, Yorkshire, England',
  'York, Yorkshire, England',
  'Leeds, Yorkshire',
  'Boston, Suffolk, Massachusetts, USA',
  'Boston, Lincolnshire, England',
  'Cork, County Cork, Ireland',
  'Quebec City, Quebec, Canada',
  'Hamburg, Hamburg, Germany',
  'Göteborg, Västra Götaland, Sweden',
  'Goteborg, Sweden',
);
const person = fc.record({
  given: fc.constantFrom('John', 'Mary'),
  surname: fc.constant('Smith'),
  sex: fc.constantFrom('M' as const, 'F' as const),
  birth: date,
  death: date,
  place,
});
// one given name and sex (a surname block of over 64 right people is split by given-name initial too) and few places of two
// levels or more (a block of many is not split by place; a meeting of one place stays under the cap)
const john = fc
  .tuple(person, fc.constantFrom('Leeds, Yorkshire, England', 'Hamburg, Hamburg, Germany', 'Paris, Île-de-France, France', 'Napoli, Campania, Italy'))
  .map(([p, place]) => ({ ...p, given: 'John', sex: 'M' as const, place }));

function everyPairMet(a: readonly Person[], b: readonly Person[]): void {
  const left = file('I', a);
  const right = file('X', b);
  const pairs = met(left, right);
  const { left: l, right: r } = mergeSides(doc(left), doc(right), '5.5.1', SILENT_MONITOR, undefined);
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      // cast: i < a.length, j < b.length
      const same = (a[i] as Person).sex === (b[j] as Person).sex;
      const placesMeet = l.people.placeScoreOf(l.people.birth(i), r.people, r.people.birth(j)) !== -1;
      if (same && placesMeet && !vetoedByDates(l.people, i, r.people, j)) expect(pairs.has(`${i} ${j}`), `${i} ${j}`).toBe(true);
    }
  }
}

describe('merge blocking', () => {
  it('the joins on the birth range and the birth place meet every pair of a block that no date or birth place veto ends (small blocks: no cap)', () => {
    fc.assert(fc.property(fc.array(person, { minLength: 1, maxLength: 20 }), fc.array(person, { minLength: 1, maxLength: 20 }), everyPairMet), {
      numRuns: 150,
      seed: 31,
    });
  });

  it('the same in blocks split by birth place (over 256 right people of few places)', () => {
    fc.assert(fc.property(fc.array(john, { minLength: 1, maxLength: 8 }), fc.array(john, { minLength: 280, maxLength: 320 }), everyPairMet), {
      numRuns: 20,
      seed: 31,
    });
  });

  it('a split block meets the parts of the places that meet the left one, and its people of no place', () => {
    const at = (place: string | null, birth: string | null = '3 MAR 1850'): Person => ({
      given: 'John',
      surname: 'Smith',
      sex: 'M',
      birth,
      death: null,
      place,
    });
    const b = [
      ...Array.from({ length: 260 }, () => at('Hamburg, Hamburg, Germany')),
      ...Array.from({ length: 10 }, () => at('Leeds, Yorkshire, England')),
      at(null),
      at(null),
    ];
    const pairs = (a: Person): string[] => [...met(file('I', [a]), file('X', b))].map((p) => p.split(' ')[1] as string).sort((x, y) => Number(x) - Number(y)); // cast: "i j"
    const leeds = Array.from({ length: 12 }, (_, k) => String(260 + k));
    expect(pairs(at('Leeds, Yorkshire, England'))).toEqual(leeds);
    expect(pairs(at('Leeds, Yorkshire, England', null))).toEqual(leeds);
    // a place of one level, or none, meets every part: the cap of the block (the nearest 256 births) binds
    expect(pairs(at('Germany'))).toHaveLength(256);
    expect(pairs(at(null))).toHaveLength(256);
  });

  it('exact days a year apart and adjacent years are met; days two years apart are not', () => {
    const a: Person[] = [
      { given: 'John', surname: 'Smith', sex: 'M', birth: '3 MAR 1850', death: null },
      { given: 'Mary', surname: 'Smith', sex: 'F', birth: '1850', death: null },
    ];
    const b: Person[] = [
      { given: 'John', surname: 'Smith', sex: 'M', birth: '3 MAR 1851', death: null },
      { given: 'John', surname: 'Smith', sex: 'M', birth: '3 MAR 1852', death: null },
      { given: 'Mary', surname: 'Smith', sex: 'F', birth: '1851', death: null },
    ];
    expect([...met(file('I', a), file('X', b))].sort()).toEqual(['0 0', '1 2']);
  });

  it('a month a year before is met where a run of ranges reaches back over it (a leap year beside it)', () => {
    const at = (birth: string): Person => ({ given: 'John', surname: 'Smith', sex: 'M', birth, death: null });
    expect([...met(file('I', [at('NOV 1812')]), file('X', [at('NOV 1811'), at('1792')]))]).toEqual(['0 0']);
  });

  it('a woman under her married name meets her maiden-name record without a spouse on either side (given name and birth)', () => {
    const a: Person[] = [{ given: 'Rose', surname: 'Fitzgerald', sex: 'F', birth: '22 JUL 1890', death: null }];
    const b: Person[] = [{ given: 'Rose', surname: 'Kennedy', sex: 'F', birth: '22 JUL 1890', death: null }];
    expect([...met(file('I', a), file('X', b))]).toEqual(['0 0']);
  });

  it('a patronymic surname meets the record that names the father', () => {
    const left = `${HEAD}0 @I1@ INDI\n1 NAME Anna /Eriksdotter/\n1 SEX F\n1 BIRT\n2 DATE 1 MAY 1790\n0 TRLR\n`;
    const right = `${HEAD}0 @X1@ INDI\n1 NAME Anna /Berg/\n1 SEX F\n1 BIRT\n2 DATE 1 MAY 1790\n1 FAMC @F1@\n0 @X2@ INDI\n1 NAME Erik /Berg/\n1 SEX M\n1 FAMS @F1@\n0 @F1@ FAM\n1 HUSB @X2@\n1 CHIL @X1@\n0 TRLR\n`;
    expect(met(left, right).has('0 0')).toBe(true);
  });

  it('a birth place the place veto sets against the left one is not met; an absent or one-level place meets every place', () => {
    const at = (place: string | null): Person => ({ given: 'John', surname: 'Smith', sex: 'M', birth: '3 MAR 1850', death: null, place });
    const b = [at('Hamburg, Hamburg, Germany'), at('Leeds, Yorkshire, England'), at(null), at('Germany'), at('York, Yorkshire')];
    expect([...met(file('I', [at('Leeds, Yorkshire, England')]), file('X', b))].sort()).toEqual(['0 1', '0 2', '0 3', '0 4']);
    expect([...met(file('I', [at('Altona, Hamburg')]), file('X', b))].sort()).toEqual(['0 0', '0 2', '0 3']);
    expect([...met(file('I', [at(null), at('England')]), file('X', b))].sort()).toEqual(['0 0', '0 1', '0 2', '0 3', '0 4', '1 0', '1 1', '1 2', '1 3', '1 4']);
  });

  it('a capped block is reported by its sizes, and its person still meets the nearest birth', () => {
    const crowd = Array.from({ length: 300 }, (): Person => ({ given: 'John', surname: 'Smith', sex: 'M', birth: 'ABT 1850', death: null }));
    const b: Person[] = [...crowd, { given: 'John', surname: 'Smith', sex: 'M', birth: '3 MAR 1850', death: null }];
    const a: Person[] = [{ given: 'John', surname: 'Smith', sex: 'M', birth: '3 MAR 1850', death: null }];
    const r = mergeDocuments(doc(file('I', a)), doc(file('X', b)), { dryRun: true });
    expect(r.merged.map((p) => [p.left, p.right])).toEqual([['@I0@', '@X300@']]);
    expect(r.blocking.cappedBlocks).toBe(1);
    expect(r.blocking.pairsLeftOut).toBe(301 - 256);
    expect(r.blocking.largest).toEqual([{ left: 1, right: 301 }]);
  });

  it('nothing is capped when every block is small', () => {
    const a: Person[] = [{ given: 'John', surname: 'Smith', sex: 'M', birth: null, death: null }];
    const b = Array.from({ length: 50 }, (): Person => ({ given: 'John', surname: 'Smith', sex: 'M', birth: null, death: null }));
    const r = mergeDocuments(doc(file('I', a)), doc(file('X', b)), { dryRun: true });
    expect(r.blocking).toEqual({ cappedBlocks: 0, pairsLeftOut: 0, largest: [] });
    expect(r.counts.candidatePairs).toBe(50);
  });
});
