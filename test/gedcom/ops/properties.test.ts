import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';
import { writeGedcomBytes } from '../../../src/gedcom/write/writer.js';
import type { GedcomDocumentLike } from '../../../src/gedcom/model.js';
import { nodesEqual } from '../../../src/gedcom/model.js';
import { danglingPointers, mergeDocuments } from '../../../src/gedcom/ops/merge.js';
import { extractSubtree } from '../../../src/gedcom/ops/subtree.js';
import { syncDocuments } from '../../../src/gedcom/ops/sync.js';
import { analyzeQuality } from '../../../src/gedcom/ops/quality.js';
import { julianDay } from '../../../src/gedcom/ops/living.js';
import { writeOutputBytes } from '../../../src/gedcom/ops/output.js';
import { exportTree, generateTruth, labelledExports } from '../../support/gedcom-tree.js';
import { EMPTY_551, reparse, xrefsOf } from './fixtures.js';

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const living = { today: julianDay(2025, 1, 1), thresholdYears: 110 };

interface Input {
  readonly bytes: Buffer;
  readonly hash: string;
}
function input(text: string): Input {
  const bytes = Buffer.from(text, 'utf8');
  return { bytes, hash: sha(bytes) };
}
/** Parse, and after the operation check the bytes and the document are untouched. */
function untouched(i: Input, run: (d: GedcomDocumentLike) => void): void {
  const d = parseGedcomBytes(i.bytes);
  run(d);
  expect(sha(i.bytes)).toBe(i.hash);
  expect(sha(writeGedcomBytes(d))).toBe(i.hash);
  expect(d.records.every((r) => !r.edited)).toBe(true);
}

function recordsWithout(d: GedcomDocumentLike, tags: readonly string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of d.records)
    if (!tags.includes(r.tag)) m.set(r.xref ?? `${r.tag}#${m.size}`, JSON.stringify(r.root, ['tag', 'xref', 'pointer', 'value', 'children']));
  return m;
}

const tree = fc.record({ size: fc.integer({ min: 5, max: 120 }), seed: fc.integer({ min: 1, max: 1_000_000 }), v7: fc.boolean() });
const RUNS = { numRuns: 25 };

describe('GEDCOM operation invariants on generated trees', () => {
  it("merge(A, empty) has A's people; merge(A, A) adds no person; inputs unchanged", () => {
    fc.assert(
      fc.property(tree, ({ size, seed, v7 }) => {
        const a = input(exportTree(generateTruth(size, seed), { version: v7 ? '7.0' : '5.5.1' }));
        const empty = input(EMPTY_551.replace('5.5.1', v7 ? '7.0' : '5.5.1').replace(v7 ? '1 CHAR UTF-8\n' : '\0', ''));
        untouched(a, (da) =>
          untouched(empty, (de) => {
            const r = reparse(mergeDocuments(da, de).document!);
            expect(xrefsOf(r, 'INDI')).toEqual(xrefsOf(da, 'INDI'));
            expect(danglingPointers(r)).toBe(0);
          }),
        );
        untouched(a, (d1) =>
          untouched(a, (d2) => {
            const m = mergeDocuments(d1, d2);
            const r = reparse(m.document!);
            expect(xrefsOf(r, 'INDI').length).toBe(xrefsOf(d1, 'INDI').length);
            expect(xrefsOf(r, 'FAM').length).toBe(xrefsOf(d1, 'FAM').length);
            expect(danglingPointers(r)).toBe(0);
          }),
        );
      }),
      RUNS,
    );
  });

  it('subtree output is a subset of the source with no dangling pointer', () => {
    fc.assert(
      fc.property(
        tree,
        fc.nat(),
        fc.constantFrom('ancestors', 'descendants', 'both') as fc.Arbitrary<'ancestors' | 'descendants' | 'both'>,
        fc.option(fc.nat({ max: 6 })),
        fc.boolean(),
        ({ size, seed, v7 }, pick, direction, generations, spouses) => {
          const a = input(exportTree(generateTruth(size, seed), { version: v7 ? '7.0' : '5.5.1' }));
          untouched(a, (d) => {
            const people = xrefsOf(d, 'INDI');
            const root = people[pick % people.length] as string;
            const out = reparse(extractSubtree(d, { root, direction, generations: generations ?? undefined, includeSpouses: spouses }).document);
            expect(danglingPointers(out)).toBe(0);
            const source = new Set(d.records.map((r) => r.xref));
            for (const r of out.records) if (r.xref !== null) expect(source.has(r.xref)).toBe(true);
            expect(xrefsOf(out, 'INDI')).toContain(root);
            // every output line exists in the source record (lines are only removed)
            for (const r of out.records) {
              if (r.xref === null) continue;
              const src = d.byXref(r.xref)!.root;
              expect(r.root.children.every((c) => src.children.some((s) => nodesEqual(s, c)))).toBe(true);
            }
          });
        },
      ),
      RUNS,
    );
  });

  it('sync(base, base, T) = T and sync(base, S, base) = S up to the header', () => {
    fc.assert(
      fc.property(tree, fc.integer({ min: 1, max: 1_000_000 }), ({ size, seed }, seed2) => {
        const truth = generateTruth(size, seed);
        const base = input(exportTree(truth));
        const t = input(exportTree(truth, { include: (p) => p.id % 3 !== 1 }));
        const s = input(exportTree(truth, { include: (p) => p.id % 4 !== 2, given: (p) => (p.id % 5 === 0 ? p.given + 'x' : p.given), shuffle: seed2 }));
        untouched(base, (db) =>
          untouched(t, (dt) => {
            const r = syncDocuments(db, db, dt);
            expect(r.counts.changes).toBe(0);
            expect(sha(writeOutputBytes(r.document!))).toBe(t.hash);
          }),
        );
        untouched(base, (db) =>
          untouched(s, (ds) => {
            const r = syncDocuments(db, ds, db);
            expect(r.counts.conflicts).toBe(0);
            const out = reparse(r.document!);
            expect(recordsWithout(out, ['HEAD'])).toEqual(recordsWithout(ds, ['HEAD']));
          }),
        );
      }),
      RUNS,
    );
  });

  it('quality never throws and leaves inputs unchanged', () => {
    fc.assert(
      fc.property(tree, ({ size, seed, v7 }) => {
        const a = input(exportTree(generateTruth(size, seed), { version: v7 ? '7.0' : '5.5.1' }));
        untouched(a, (d) => {
          const r = analyzeQuality(d, { living });
          expect(r.scope.individuals).toBe(xrefsOf(d, 'INDI').length);
          for (const rule of r.rules) expect(rule.affected.length).toBeLessThanOrEqual(100);
        });
      }),
      RUNS,
    );
  });
});

describe('merge quality on a labelled set', () => {
  it('precision 1.0 for automatic merges and recall at least 0.9', () => {
    const set = labelledExports(3000, 11);
    const r = mergeDocuments(parseGedcomBytes(Buffer.from(set.left)), parseGedcomBytes(Buffer.from(set.right)), { dryRun: true });
    const truePositives = r.merged.filter((p) => set.truth.get(p.left) === p.right).length;
    expect(truePositives / r.merged.length).toBe(1);
    expect(truePositives / set.truth.size).toBeGreaterThanOrEqual(0.9);
  });
});
