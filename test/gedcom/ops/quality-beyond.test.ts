import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { GEDCOM_OPERATION_TABLE } from '../../../src/contract/gedcom-operations.js';
import { SILENT_MONITOR } from '../../../src/gedcom/monitor.js';
import type { WorkerTask } from '../../../src/infra/gedcom/worker-protocol.js';
import { runTask } from '../../../src/infra/gedcom/worker/task-runner.js';
import { analyzeQuality, type QualityOptions } from '../../../src/gedcom/ops/quality.js';
import { julianDay } from '../../../src/gedcom/ops/living.js';
import { doc } from './fixtures.js';

// Issue 33 item 5: the rules beyond Gramps' Verify, and ABT / CAL / EST read as ranges. Each rule
// has its smallest file, a case where it fires and imprecise dates that do not prove it (silent).

/** The clock of these tests: 1 June 2025, never the machine's. */
const living = { today: julianDay(2025, 6, 1), thresholdYears: 110 };
const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';

/** A person: `@X@ SEX` and events as `TAG date` pairs, FAMS / FAMC links. */
function person(xref: string, sex: 'M' | 'F', events: Record<string, string>, links: string[] = [], name?: string): string {
  let s = `0 @${xref}@ INDI\n`;
  if (name !== undefined) s += `1 NAME ${name}\n`;
  s += `1 SEX ${sex}\n`;
  for (const [tag, date] of Object.entries(events)) s += `1 ${tag}\n2 DATE ${date}\n`;
  for (const l of links) s += `1 ${l}\n`;
  return s;
}

function family(xref: string, husband: string | null, wife: string | null, children: string[], events: Record<string, string> = {}): string {
  let s = `0 @${xref}@ FAM\n`;
  if (husband !== null) s += `1 HUSB @${husband}@\n`;
  if (wife !== null) s += `1 WIFE @${wife}@\n`;
  for (const c of children) s += `1 CHIL @${c}@\n`;
  for (const [tag, date] of Object.entries(events)) s += date === '' ? `1 ${tag} Y\n` : `1 ${tag}\n2 DATE ${date}\n`;
  return s;
}

function fired(text: string, rule: string, options: Partial<QualityOptions> = {}): readonly string[] | undefined {
  return analyzeQuality(doc(`${HEAD}${text}0 TRLR\n`), { living, ...options }).rules.find((r) => r.rule === rule)?.affected;
}

/** Mother M and father D of family F with children (`C1`, `C2`...) born on the given dates. */
function parentsAndChildren(motherDeath: string | null, fatherDeath: string | null, births: string[]): string {
  const kids = births.map((_, i) => `C${i + 1}`);
  return (
    person('D', 'M', fatherDeath === null ? {} : { DEAT: fatherDeath }, ['FAMS @F@']) +
    person('M', 'F', motherDeath === null ? {} : { DEAT: motherDeath }, ['FAMS @F@']) +
    births.map((b, i) => person(`C${i + 1}`, i % 2 === 0 ? 'M' : 'F', { BIRT: b }, ['FAMC @F@'])).join('') +
    family('F', 'D', 'M', kids)
  );
}

describe('ABT / CAL / EST are ranges (the existing rules too)', () => {
  it('a mother who died about 1850 and a child born in March 1851: no dead_mother (it fired before)', () => {
    expect(fired(parentsAndChildren('ABT 1850', null, ['12 MAR 1851']), 'dead_mother')).toBeUndefined();
    expect(fired(parentsAndChildren('CAL 1850', null, ['12 MAR 1851']), 'dead_mother')).toBeUndefined();
    expect(fired(parentsAndChildren('EST 1850', null, ['12 MAR 1851']), 'dead_mother')).toBeUndefined();
  });

  it('a father who died about 1850 and a child born in 1852: no dead_father (it fired before)', () => {
    expect(fired(parentsAndChildren(null, 'ABT 1850', ['1852']), 'dead_father')).toBeUndefined();
  });

  it('fire when the contradiction holds over the whole range (ABT widened by approx_years = 2)', () => {
    expect(fired(parentsAndChildren('ABT 1850', null, ['1853']), 'dead_mother')).toEqual(['@F@']);
    expect(fired(parentsAndChildren('1850', null, ['12 MAR 1851']), 'dead_mother')).toEqual(['@F@']);
    expect(fired(parentsAndChildren(null, 'ABT 1850', ['1854']), 'dead_father')).toEqual(['@F@']);
    // a request may narrow the width: ABT read as the year itself fires as before
    expect(fired(parentsAndChildren('ABT 1850', null, ['12 MAR 1851']), 'dead_mother', { thresholds: { approx_years: 0 } })).toEqual(['@F@']);
  });

  it('BEF / AFT / BET..AND / FROM..TO / dual years / Julian dates fire only when every day proves it', () => {
    expect(fired(parentsAndChildren('BEF 1850', null, ['1851']), 'dead_mother')).toEqual(['@F@']);
    expect(fired(parentsAndChildren('AFT 1850', null, ['1851']), 'dead_mother')).toBeUndefined();
    expect(fired(parentsAndChildren('BET 1849 AND 1852', null, ['1851']), 'dead_mother')).toBeUndefined();
    expect(fired(parentsAndChildren('FROM 1849 TO 1850', null, ['1851']), 'dead_mother')).toEqual(['@F@']);
    // 1699/00: 1699 or 1700
    expect(fired(parentsAndChildren('10 FEB 1699/00', null, ['1 JAN 1700']), 'dead_mother')).toBeUndefined();
    // 10 days apart in the Julian calendar of 1700 (21 FEB Julian is 4 MAR Gregorian)
    expect(fired(parentsAndChildren('@#DJULIAN@ 21 FEB 1700', null, ['1 MAR 1700']), 'dead_mother')).toBeUndefined();
    expect(fired(parentsAndChildren('@#DJULIAN@ 21 FEB 1700', null, ['5 MAR 1700']), 'dead_mother')).toEqual(['@F@']);
  });

  it('dead_father more than posthumous_days after the death (304, 10 months, by default; a request may set it)', () => {
    expect(fired(parentsAndChildren(null, '1 JAN 1850', ['1 OCT 1850']), 'dead_father')).toBeUndefined();
    // 9.8 months: inside 10 months, though past Gramps' 294 days
    expect(fired(parentsAndChildren(null, '1 JAN 1850', ['26 OCT 1850']), 'dead_father')).toBeUndefined();
    expect(fired(parentsAndChildren(null, '1 JAN 1850', ['26 OCT 1850']), 'dead_father', { thresholds: { posthumous_days: 294 } })).toEqual(['@F@']);
    expect(fired(parentsAndChildren(null, '1 JAN 1850', ['5 NOV 1850']), 'dead_father')).toEqual(['@F@']);
    expect(fired(parentsAndChildren(null, '1 JAN 1850', ['1 DEC 1850']), 'dead_father')).toEqual(['@F@']);
    expect(fired(parentsAndChildren(null, '1 JAN 1850', ['1 DEC 1850']), 'dead_father', { thresholds: { posthumous_days: 340 } })).toBeUndefined();
  });
});

describe('siblings_too_close', () => {
  it('fires for siblings born less than 9 months apart', () => {
    expect(fired(parentsAndChildren(null, null, ['1 JAN 1850', '1 JUN 1850']), 'siblings_too_close')).toEqual(['@F@']);
  });
  it('is silent for twins (same day or within 2 days) and triplets', () => {
    expect(fired(parentsAndChildren(null, null, ['1 JAN 1850', '1 JAN 1850']), 'siblings_too_close')).toBeUndefined();
    expect(fired(parentsAndChildren(null, null, ['31 DEC 1849', '1 JAN 1850', '2 JAN 1850']), 'siblings_too_close')).toBeUndefined();
  });
  it('is silent when the dates do not prove it', () => {
    expect(fired(parentsAndChildren(null, null, ['1850', '1 JUN 1850']), 'siblings_too_close')).toBeUndefined();
    expect(fired(parentsAndChildren(null, null, ['ABT 1850', 'ABT 1850']), 'siblings_too_close')).toBeUndefined();
    // January and February: possibly 31 JAN and 1 FEB, twins
    expect(fired(parentsAndChildren(null, null, ['JAN 1850', 'FEB 1850']), 'siblings_too_close')).toBeUndefined();
    expect(fired(parentsAndChildren(null, null, ['JAN 1850', 'MAR 1850']), 'siblings_too_close')).toEqual(['@F@']);
    expect(fired(parentsAndChildren(null, null, ['1 JAN 1850', '1 DEC 1850']), 'siblings_too_close')).toBeUndefined();
  });
  it('fires among many children after one sort, whatever their order in the file', () => {
    const births = Array.from({ length: 40 }, (_, i) => `1 JAN ${1900 + 2 * (39 - i)}`);
    expect(fired(parentsAndChildren(null, null, births), 'siblings_too_close')).toBeUndefined();
    expect(fired(parentsAndChildren(null, null, [...births, '1 APR 1930']), 'siblings_too_close')).toEqual(['@F@']);
  });
  it('does not count an adopted child', () => {
    const text = parentsAndChildren(null, null, ['1 JAN 1850', '1 JUN 1850']).replace(
      '0 @C2@ INDI\n1 SEX F\n1 BIRT\n2 DATE 1 JUN 1850\n1 FAMC @F@\n',
      '0 @C2@ INDI\n1 SEX F\n1 BIRT\n2 DATE 1 JUN 1850\n1 FAMC @F@\n2 PEDI adopted\n',
    );
    expect(fired(text, 'siblings_too_close')).toBeUndefined();
  });
});

/** P (male) married to W1 (family F1, from m1) and W2 (F2, from m2); `more` adds lines. */
function twoMarriages(f1: Record<string, string>, f2: Record<string, string>, w1: Record<string, string> = {}): string {
  return (
    person('P', 'M', {}, ['FAMS @F1@', 'FAMS @F2@']) +
    person('W1', 'F', w1, ['FAMS @F1@']) +
    person('W2', 'F', {}, ['FAMS @F2@']) +
    family('F1', 'P', 'W1', [], f1) +
    family('F2', 'P', 'W2', [], f2)
  );
}

describe('overlapping_marriages', () => {
  it('fires when a marriage begins while an earlier one certainly still holds', () => {
    expect(fired(twoMarriages({ MARR: '1850' }, { MARR: '1860' }, { DEAT: '1870' }), 'overlapping_marriages')).toEqual(['@P@']);
  });
  it('a child of the first marriage born after the second began proves the first wife alive', () => {
    const text = twoMarriages({ MARR: '1850' }, { MARR: '1860' }).replace(
      '0 @F1@ FAM\n',
      '0 @K@ INDI\n1 BIRT\n2 DATE 1865\n1 FAMC @F1@\n0 @F1@ FAM\n1 CHIL @K@\n',
    );
    expect(fired(text, 'overlapping_marriages')).toEqual(['@P@']);
  });
  it('is silent after a divorce, an annulment or the spouse death, and when the dates do not prove it', () => {
    expect(fired(twoMarriages({ MARR: '1850', DIV: '1855' }, { MARR: '1860' }, { DEAT: '1870' }), 'overlapping_marriages')).toBeUndefined();
    expect(fired(twoMarriages({ MARR: '1850', ANUL: '' }, { MARR: '1860' }, { DEAT: '1870' }), 'overlapping_marriages')).toBeUndefined();
    expect(fired(twoMarriages({ MARR: '1850' }, { MARR: '1860' }, { DEAT: '1858' }), 'overlapping_marriages')).toBeUndefined();
    expect(fired(twoMarriages({ MARR: '1850' }, { MARR: '1860' }, { DEAT: 'ABT 1860' }), 'overlapping_marriages')).toBeUndefined();
    expect(fired(twoMarriages({ MARR: '1850' }, { MARR: '1860' }), 'overlapping_marriages')).toBeUndefined();
    expect(fired(twoMarriages({ MARR: 'BET 1850 AND 1865' }, { MARR: '1860' }, { DEAT: '1870' }), 'overlapping_marriages')).toBeUndefined();
    expect(fired(twoMarriages({ MARR: '1850', DIV: 'ABT 1860' }, { MARR: '1860' }, { DEAT: '1870' }), 'overlapping_marriages')).toBeUndefined();
  });
});

describe('remarriage_soon_after_death (info)', () => {
  it('fires for a marriage within a year of the spouse death', () => {
    expect(fired(twoMarriages({ MARR: '1850' }, { MARR: 'MAR 1860' }, { DEAT: 'JAN 1860' }), 'remarriage_soon_after_death')).toEqual(['@P@']);
  });
  it('is silent later than that, or when the dates allow it', () => {
    expect(fired(twoMarriages({ MARR: '1850' }, { MARR: '1862' }, { DEAT: '1860' }), 'remarriage_soon_after_death')).toBeUndefined();
    expect(fired(twoMarriages({ MARR: '1850' }, { MARR: '1860' }, { DEAT: '1859' }), 'remarriage_soon_after_death')).toBeUndefined();
    expect(fired(twoMarriages({ MARR: '1850' }, { MARR: 'MAR 1860' }, { DEAT: 'ABT JAN 1860' }), 'remarriage_soon_after_death')).toBeUndefined();
  });
  it('the window is remarriage_days', () => {
    expect(
      fired(twoMarriages({ MARR: '1850' }, { MARR: '1861' }, { DEAT: '1860' }), 'remarriage_soon_after_death', { thresholds: { remarriage_days: 800 } }),
    ).toEqual(['@P@']);
  });
});

describe('marriages of relatives', () => {
  const parents = person('A', 'M', {}, ['FAMS @P@']) + person('B', 'F', {}, ['FAMS @P@']);
  it('sibling_marriage: a couple of one parent family', () => {
    const text =
      parents +
      person('S', 'M', {}, ['FAMC @P@', 'FAMS @F@']) +
      person('T', 'F', {}, ['FAMC @P@', 'FAMS @F@']) +
      family('P', 'A', 'B', ['S', 'T']) +
      family('F', 'S', 'T', []);
    expect(fired(text, 'sibling_marriage')).toEqual(['@F@']);
  });
  it('sibling_marriage: half-siblings (one parent in common, two families)', () => {
    const text =
      parents +
      person('C', 'F', {}, ['FAMS @Q@']) +
      person('S', 'M', {}, ['FAMC @P@', 'FAMS @F@']) +
      person('T', 'F', {}, ['FAMC @Q@', 'FAMS @F@']) +
      family('P', 'A', 'B', ['S']) +
      family('Q', 'A', 'C', ['T']) +
      family('F', 'S', 'T', []);
    expect(fired(text, 'sibling_marriage')).toEqual(['@F@']);
  });
  it('parent_child_marriage: a parent married to a child', () => {
    const text = parents + person('T', 'F', {}, ['FAMC @P@', 'FAMS @F@']) + family('P', 'A', 'B', ['T']) + family('F', 'A', 'T', []);
    expect(fired(text, 'parent_child_marriage')).toEqual(['@F@']);
    expect(fired(text, 'sibling_marriage')).toBeUndefined();
  });
  it('silent for cousins and for unrelated spouses', () => {
    const text =
      parents +
      person('S', 'M', {}, ['FAMC @P@', 'FAMS @G1@']) +
      person('T', 'F', {}, ['FAMC @P@', 'FAMS @G2@']) +
      person('X', 'M', {}, ['FAMC @G1@', 'FAMS @F@']) +
      person('Y', 'F', {}, ['FAMC @G2@', 'FAMS @F@']) +
      family('P', 'A', 'B', ['S', 'T']) +
      family('G1', 'S', null, ['X']) +
      family('G2', null, 'T', ['Y']) +
      family('F', 'X', 'Y', []);
    expect(fired(text, 'sibling_marriage')).toBeUndefined();
    expect(fired(text, 'parent_child_marriage')).toBeUndefined();
  });
});

describe('duplicate_family', () => {
  it('fires once per family after the first of a couple, listing both', () => {
    const text =
      person('H', 'M', {}, ['FAMS @F1@', 'FAMS @F2@']) +
      person('W', 'F', {}, ['FAMS @F1@', 'FAMS @F2@']) +
      family('F1', 'H', 'W', []) +
      family('F2', 'H', 'W', []);
    const report = analyzeQuality(doc(`${HEAD}${text}0 TRLR\n`), { living });
    expect(report.rules.find((r) => r.rule === 'duplicate_family')).toMatchObject({ count: 1, affected: ['@F1@', '@F2@'] });
    // the same couple twice is not two overlapping marriages
    expect(
      fired(
        text.replace('0 @F2@ FAM\n', '0 @F2@ FAM\n1 MARR\n2 DATE 1860\n').replace('0 @F1@ FAM\n', '0 @F1@ FAM\n1 MARR\n2 DATE 1850\n'),
        'overlapping_marriages',
      ),
    ).toBeUndefined();
  });
  it('silent for one spouse in two families with different partners', () => {
    expect(fired(twoMarriages({}, {}), 'duplicate_family')).toBeUndefined();
  });
  // a husband of a few families and one of many: each couple's first family is found
  it.each([3, 30])('finds the first family of a couple among a husband of %i families', (wives) => {
    const families = Array.from({ length: wives }, (_, k) => family(`F${k}`, 'H', `W${k}`, []));
    const text =
      person('H', 'M', {}) +
      Array.from({ length: wives }, (_, k) => person(`W${k}`, 'F', {})).join('') +
      families.join('') +
      family('D1', 'H', 'W1', []) +
      family('D2', 'H', 'W1', []) +
      family('D3', 'H', 'W2', []);
    const report = analyzeQuality(doc(`${HEAD}${text}0 TRLR\n`), { living });
    expect(report.rules.find((r) => r.rule === 'duplicate_family')).toMatchObject({ count: 3, affected: ['@F1@', '@D1@', '@D2@', '@F2@', '@D3@'] });
  });
});

describe('living_siblings_same_given_name (info)', () => {
  const kids = (a: Record<string, string>, b: Record<string, string>, names = ['John /Doe/', 'john /Doe/']): string =>
    person('C1', 'M', a, ['FAMC @F@'], names[0]) + person('C2', 'M', b, ['FAMC @F@'], names[1]) + family('F', null, null, ['C1', 'C2']);
  it('fires when both were certainly alive at once', () => {
    expect(fired(kids({ BIRT: '1850', DEAT: '1900' }, { BIRT: '1855' }), 'living_siblings_same_given_name')).toEqual(['@F@']);
    expect(fired(kids({ BIRT: '1990' }, { BIRT: '1995' }), 'living_siblings_same_given_name')).toEqual(['@F@']);
  });
  it('is silent for a child named after a sibling who died, or when the dates do not prove it', () => {
    expect(fired(kids({ BIRT: '1850', DEAT: '1851' }, { BIRT: '1855' }), 'living_siblings_same_given_name')).toBeUndefined();
    expect(fired(kids({ BIRT: '1850', DEAT: 'ABT 1855' }, { BIRT: '1855' }), 'living_siblings_same_given_name')).toBeUndefined();
    expect(fired(kids({ BIRT: '1850' }, { BIRT: '1855' }), 'living_siblings_same_given_name')).toBeUndefined();
    expect(fired(kids({}, {}), 'living_siblings_same_given_name')).toBeUndefined();
    expect(fired(kids({ BIRT: '1990' }, { BIRT: '1995' }, ['John /Doe/', 'James /Doe/']), 'living_siblings_same_given_name')).toBeUndefined();
  });
  // a few children are scanned back, many are kept in a map (quality-siblings.ts): both must find the nearest elder of the name
  it.each([0, 20])('compares each child with the nearest elder of its name, past other names (%i more children)', (more) => {
    const others = Array.from({ length: more }, (_, k) => person(`K${k}`, 'F', { BIRT: `${1860 + k}` }, ['FAMC @F@'], `Other${k} /Doe/`));
    const children = (elderDeath: string, middleDeath: string): string =>
      person('C1', 'M', { BIRT: '1850', DEAT: elderDeath }, ['FAMC @F@'], 'John /Doe/') +
      person('C2', 'M', { BIRT: '1852', DEAT: middleDeath }, ['FAMC @F@'], 'James /Doe/') +
      person('C3', 'M', { BIRT: '1855', DEAT: middleDeath }, ['FAMC @F@'], 'John /Doe/') +
      others.join('') +
      family('F', null, null, ['C1', 'C2', 'C3', ...others.map((_, k) => `K${k}`)]);
    // the elder John lived past the younger John's birth, James between them
    expect(fired(children('1900', '1853'), 'living_siblings_same_given_name')).toEqual(['@F@']);
    // the elder John died before it
    expect(fired(children('1851', '1900'), 'living_siblings_same_given_name')).toBeUndefined();
  });
});

describe('impossible_date', () => {
  const dated = (date: string): string => person('I', 'M', { BIRT: date });
  it.each(['31 APR 1850', '30 FEB 1850', '29 FEB 1900', '29 FEB 1850', '@#DJULIAN@ 30 FEB 1700', '@#DJULIAN@ 29 FEB 1701', '0 JAN 1850'])(
    'fires for %s',
    (date) => {
      expect(fired(dated(date), 'impossible_date')).toEqual(['@I@']);
      expect(fired(dated(date), 'invalid_date')).toEqual(['@I@']);
    },
  );
  it.each(['29 FEB 2000', '29 FEB 1904', '@#DJULIAN@ 29 FEB 1700', '@#DJULIAN@ 29 FEB 1900', '30 APR 1850', 'ABT 31 MAR 1850'])('silent for %s', (date) => {
    expect(fired(dated(date), 'impossible_date')).toBeUndefined();
    expect(fired(dated(date), 'invalid_date')).toBeUndefined();
  });
  it('an unreadable date is invalid, not impossible', () => {
    expect(fired(dated('32 FOO 1900'), 'impossible_date')).toBeUndefined();
    expect(fired(dated('32 FOO 1900'), 'invalid_date')).toEqual(['@I@']);
  });
});

describe('future_date (the clock is the caller’s: 1 June 2025 here)', () => {
  it('fires for a person or family event after today', () => {
    expect(fired(person('I', 'M', { BIRT: '2030' }), 'future_date')).toEqual(['@I@']);
    expect(fired(person('I', 'M', { DEAT: '2 JUN 2025' }), 'future_date')).toEqual(['@I@']);
    expect(fired(twoMarriages({ MARR: 'AFT 2025' }, {}), 'future_date')).toEqual(['@F1@']);
  });
  it('is silent when some day of the range is not in the future', () => {
    expect(fired(person('I', 'M', { BIRT: '2025' }), 'future_date')).toBeUndefined();
    expect(fired(person('I', 'M', { BIRT: 'ABT 2026' }), 'future_date')).toBeUndefined();
    expect(fired(person('I', 'M', { BIRT: 'BET 2020 AND 2030' }), 'future_date')).toBeUndefined();
    expect(fired(person('I', 'M', { BIRT: '1 JUN 2025' }), 'future_date')).toBeUndefined();
  });
  it('follows the injected clock', () => {
    const later = { today: julianDay(2031, 1, 1), thresholdYears: 110 };
    expect(fired(person('I', 'M', { BIRT: '2030' }), 'future_date', { living: later })).toBeUndefined();
  });
});

describe('circular_ancestry (kept)', () => {
  it('a person who is their own ancestor', () => {
    const text =
      person('A', 'M', {}, ['FAMC @F1@', 'FAMS @F2@']) +
      person('B', 'M', {}, ['FAMC @F2@', 'FAMS @F1@']) +
      family('F1', 'B', null, ['A']) +
      family('F2', 'A', null, ['B']);
    expect(fired(text, 'circular_ancestry')).toEqual(['@A@', '@B@']);
  });
});

describe('thresholds through the quality request', () => {
  const grant = `agr_${'0'.repeat(32)}`;
  const base = { source: grant, execution: { mode: 'offline' } } as const;
  it('the request schema takes any subset of the thresholds, each in its range, and nothing else', () => {
    const schema = GEDCOM_OPERATION_TABLE.quality.request;
    expect(Value.Check(schema, { ...base, thresholds: { approx_years: 0, oldage: 100, remarriage_days: 90 } })).toBe(true);
    expect(Value.Check(schema, { ...base, thresholds: {} })).toBe(true);
    expect(Value.Check(schema, { ...base, thresholds: { oldage: 0 } })).toBe(false);
    expect(Value.Check(schema, { ...base, thresholds: { approx_years: 1.5 } })).toBe(false);
    expect(Value.Check(schema, { ...base, thresholds: { unknown: 1 } })).toBe(false);
  });

  it('the runner hands them to the rules', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quality-thresholds-'));
    try {
      const path = join(dir, 'abt.ged');
      writeFileSync(path, `${HEAD}${parentsAndChildren('ABT 1850', null, ['12 MAR 1851'])}0 TRLR\n`);
      const bytes = readFileSync(path);
      const run = async (thresholds: Record<string, number> | undefined): Promise<string[]> => {
        const task = {
          operation: 'quality',
          request: { ...base, ...(thresholds === undefined ? {} : { thresholds }) },
          inputs: [{ path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }],
          outputPath: null,
          exportVersion: '5.5.1',
          nowMs: Date.UTC(2025, 5, 1),
          livingThresholdYears: 110,
          advisoryItems: 0,
          checkpoint: null,
        } satisfies WorkerTask;
        const outcome = await runTask('quality', task, SILENT_MONITOR);
        return (outcome.section as { rules: { rule: string }[] }).rules.map((r) => r.rule);
      };
      expect(await run(undefined)).not.toContain('dead_mother');
      expect(await run({ approx_years: 0 })).toContain('dead_mother');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
