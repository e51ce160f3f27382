import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeQuality } from '../../../src/gedcom/ops/quality.js';
import { julianDay, LivingEstimator } from '../../../src/gedcom/ops/living.js';
import { dropAncestryCycles, type AcceptedPair } from '../../../src/gedcom/ops/merge-cycles.js';
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

describe('merge drops the merges that close a parent cycle (issue 31: each parent link once)', () => {
  /** The nodes on a cycle of a child -> parents map, by the definition: a node is its own ancestor. */
  function ownAncestors(parentsOf: ReadonlyMap<number, readonly number[]>): Set<number> {
    const out = new Set<number>();
    for (const start of parentsOf.keys()) {
      const seen = new Set<number>();
      const todo = [...(parentsOf.get(start) ?? [])];
      while (todo.length > 0) {
        const x = todo.pop() as number;
        if (seen.has(x)) continue;
        seen.add(x);
        todo.push(...(parentsOf.get(x) ?? []));
      }
      if (seen.has(start)) out.add(start);
    }
    return out;
  }

  /** The merged tree's parent map, from the families: left people 0..L-1, unmerged right people L + j. */
  function mergedParents(people: number, left: readonly Family[], right: readonly Family[], mapped: Int32Array): Map<number, number[]> {
    const map = new Map<number, number[]>();
    const add = (families: readonly Family[], node: (p: number) => number): void => {
      for (const f of families) {
        for (const child of f.children) {
          for (const parent of [f.husband, f.wife]) {
            if (parent === null) continue;
            const list = map.get(node(child)) ?? [];
            list.push(node(parent));
            map.set(node(child), list);
          }
        }
      }
    };
    add(left, (p) => p);
    add(right, (p) => ((mapped[p] as number) >= 0 ? (mapped[p] as number) : people + p));
    return map;
  }

  const acyclicFamilies = (people: number): fc.Arbitrary<Family[]> =>
    // a parent's number is above its child's: each file alone has no cycle
    fc.array(
      fc.record({ parent: fc.nat(people - 1), child: fc.nat(people - 1) }).map(({ parent, child }) => ({
        husband: Math.max(parent, child) === Math.min(parent, child) ? null : Math.max(parent, child),
        wife: null,
        children: [Math.min(parent, child)],
      })),
      { minLength: 1, maxLength: 12 },
    );

  it('after the drop no cycle is left, and only merges whose left person was on a cycle were dropped', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 10 })
          .chain((people) =>
            fc.tuple(
              fc.constant(people),
              acyclicFamilies(people),
              acyclicFamilies(people),
              fc.array(fc.nat(people - 1), { minLength: people, maxLength: people }),
            ),
          ),
        ([people, leftFamilies, rightFamilies, target]) => {
          const left = indexTree(doc(gedcom(people, leftFamilies, () => 1900)));
          const right = indexTree(doc(gedcom(people, rightFamilies, () => 1900)));
          // person numbers are the file's order: @I<p>@ is person p on both sides
          for (let p = 0; p < people; p++) expect([left.personXref[p], right.personXref[p]]).toEqual([`@I${p}@`, `@I${p}@`]);
          const mapped = new Int32Array(people).fill(-1);
          const accepted: AcceptedPair[] = [];
          const used = new Set<number>();
          for (let j = 0; j < people; j++) {
            const i = target[j] as number;
            if (used.has(i) || j % 3 === 2) continue;
            used.add(i);
            mapped[j] = i;
            accepted.push({ i, j, score: 4 });
          }
          const before = ownAncestors(mergedParents(people, leftFamilies, rightFamilies, mapped));
          const kept = new Set(accepted.map((p) => p.j));
          dropAncestryCycles(left, right, mapped, accepted, 99);
          expect(ownAncestors(mergedParents(people, leftFamilies, rightFamilies, mapped)).size).toBe(0);
          for (const j of kept) if (!accepted.some((p) => p.j === j)) expect(before.has(target[j] as number)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
