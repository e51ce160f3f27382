import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeQuality } from '../../../src/gedcom/ops/quality.js';
import { julianDay, LivingEstimator } from '../../../src/gedcom/ops/living.js';
import { indexTree } from '../../../src/gedcom/ops/tree-index.js';
import { doc } from './fixtures.js';

// Issue 31: the ancestry walks and per-family rules made linear give what the direct definitions give.
const living = { today: julianDay(2025, 6, 1), thresholdYears: 110 };
const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';

interface Family {
  readonly husband: number | null;
  readonly wife: number | null;
  readonly children: readonly number[];
}

function gedcom(people: number, families: readonly Family[], birthYear: (p: number) => number | null): string {
  const lines = [HEAD.trimEnd()];
  for (let p = 0; p < people; p++) {
    lines.push(`0 @I${p}@ INDI`, `1 SEX ${p % 2 === 0 ? 'M' : 'F'}`);
    const year = birthYear(p);
    if (year !== null) lines.push('1 BIRT', `2 DATE ${year}`);
    families.forEach((f, k) => {
      if (f.children.includes(p)) lines.push(`1 FAMC @F${k}@`);
      if (f.husband === p || f.wife === p) lines.push(`1 FAMS @F${k}@`);
    });
  }
  families.forEach((f, k) => {
    lines.push(`0 @F${k}@ FAM`);
    if (f.husband !== null) lines.push(`1 HUSB @I${f.husband}@`);
    if (f.wife !== null) lines.push(`1 WIFE @I${f.wife}@`);
    for (const c of f.children) lines.push(`1 CHIL @I${c}@`);
  });
  lines.push('0 TRLR', '');
  return lines.join('\n');
}

/** The people on some parent cycle, by the definition: a person is its own ancestor. */
function onCycle(people: number, families: readonly Family[]): string[] {
  const parents = (p: number): number[] =>
    families.filter((f) => f.children.includes(p)).flatMap((f) => [f.husband, f.wife].filter((x): x is number => x !== null));
  const out: string[] = [];
  for (let p = 0; p < people; p++) {
    const seen = new Set<number>();
    const todo = parents(p);
    while (todo.length > 0) {
      const x = todo.pop() as number;
      if (seen.has(x)) continue;
      seen.add(x);
      todo.push(...parents(x));
    }
    if (seen.has(p)) out.push(`@I${p}@`);
  }
  return out.sort();
}

const familyArb = (people: number): fc.Arbitrary<Family> =>
  fc.record({
    husband: fc.option(fc.nat(people - 1), { nil: null }),
    wife: fc.option(fc.nat(people - 1), { nil: null }),
    children: fc.uniqueArray(fc.nat(people - 1), { maxLength: 6 }),
  });

describe('shape-linear ancestry walks and family rules (issue 31)', () => {
  it('circular ancestry names the people that are their own ancestors, on random tangled parentage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }).chain((people) => fc.tuple(fc.constant(people), fc.array(familyArb(people), { minLength: 1, maxLength: 10 }))),
        ([people, families]) => {
          const report = analyzeQuality(doc(gedcom(people, families, () => 1900)), { living, maxAffected: 100 });
          const expected = onCycle(people, families);
          const fired = report.rules.find((r) => r.rule === 'circular_ancestry');
          expect(fired?.affected ?? []).toEqual(expected);
          expect(fired?.count ?? 0).toBe(expected.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a chain of 30,000 generations closed into a loop: every person on it, without deep recursion', () => {
    const n = 30_000;
    const lines = [HEAD.trimEnd()];
    for (let p = 0; p < n; p++) lines.push(`0 @I${p}@ INDI`, `1 FAMC @F${p}@`, `1 FAMS @F${(p + 1) % n}@`);
    for (let f = 0; f < n; f++) lines.push(`0 @F${f}@ FAM`, `1 HUSB @I${(f + n - 1) % n}@`, `1 CHIL @I${f}@`);
    lines.push('0 TRLR', '');
    const report = analyzeQuality(doc(lines.join('\n')), { living });
    expect(report.rules.find((r) => r.rule === 'circular_ancestry')?.count).toBe(n);
  });

  it('an undated child takes its bounds from every dated sibling but itself, however wide the family', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 1700, max: 1990 }), { nil: null }), { minLength: 1, maxLength: 300 }), (years) => {
        // person 0 and 1 the parents (undated), 2.. the children
        const people = years.length + 2;
        const family: Family = { husband: 0, wife: 1, children: years.map((_, k) => k + 2) };
        const est = new LivingEstimator(indexTree(doc(gedcom(people, [family], (p) => (p < 2 ? null : (years[p - 2] ?? null))))), living);
        years.forEach((year, k) => {
          if (year !== null) return;
          const others = years.filter((y, j): y is number => j !== k && y !== null);
          const birth = est.estimateBirth(k + 2);
          const bounds = birth === undefined ? undefined : { earliest: birth.earliest, latest: birth.latest };
          if (others.length === 0) {
            expect(birth).toBeUndefined();
            return;
          }
          const span = 20 * 365.25;
          expect(bounds).toEqual({ earliest: julianDay(Math.max(...others), 1, 1) - span, latest: julianDay(Math.min(...others), 12, 31) + span });
        });
      }),
      { numRuns: 60 },
    );
  });
});
