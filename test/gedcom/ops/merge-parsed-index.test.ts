import { beforeAll, describe, expect, it } from 'vitest';
import { generateGedcomBytes } from '../../../src/gedcom/generate.js';
import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';
import { mergeDocuments } from '../../../src/gedcom/ops/merge.js';
import type { MergeOptions, MergeResult } from '../../../src/gedcom/ops/merge.js';
import { MERGE_INDEX_OPTIONS } from '../../../src/gedcom/ops/merge-sides.js';
import { IndexFold } from '../../../src/gedcom/ops/tree-index.js';
import { writeOutputBytes, writeOutputChunks } from '../../../src/gedcom/ops/output.js';

let left: Buffer;
let other: Buffer;

beforeAll(async () => {
  left = await generateGedcomBytes({ individuals: 4_000, seed: 5 });
  // another family tree: every record appended, its xrefs remapped
  other = await generateGedcomBytes({ individuals: 2_000, seed: 6 });
});

/** What a merge answers and writes, comparable with toEqual. */
function outcome(r: MergeResult): unknown {
  return {
    merged: r.merged,
    review: r.review,
    counts: r.counts,
    blocking: r.blocking,
    output: r.document === null ? null : writeOutputBytes(r.document).toString('latin1'),
  };
}

/** Both files parsed with an IndexFold each, merged with the indexes their parses built. */
function mergedWithFolds(right: Buffer, options: MergeOptions): { result: MergeResult; folded: boolean[] } {
  const folds = [new IndexFold(MERGE_INDEX_OPTIONS), new IndexFold(MERGE_INDEX_OPTIONS)] as const;
  const l = parseGedcomBytes(left, { lines: folds[0] });
  const r = parseGedcomBytes(right, { lines: folds[1] });
  const result = mergeDocuments(l, r, { ...options, parsedIndexes: { left: folds[0], right: folds[1] } });
  return { result, folded: folds.map((f) => f.folded) };
}

describe('merge with the indexes built in the parse', () => {
  it.each([
    ['another file', (): Buffer => other],
    ['the file itself', (): Buffer => left],
  ])('takes each side from its parse and decides and writes as with indexes built after it (%s)', (_, right) => {
    const { result, folded } = mergedWithFolds(right(), {});
    expect(folded).toEqual([true, true]);
    expect(result.counts.automaticPairs + result.counts.remappedXrefs).toBeGreaterThan(1_000);
    expect(outcome(result)).toEqual(outcome(mergeDocuments(parseGedcomBytes(left), parseGedcomBytes(right()))));
  });

  it('indexes a side converted to the output version after the conversion, not from its parse', () => {
    const { result, folded } = mergedWithFolds(other, { outputVersion: '7.0' });
    expect(folded).toEqual([false, false]);
    expect(outcome(result)).toEqual(outcome(mergeDocuments(parseGedcomBytes(left), parseGedcomBytes(other), { outputVersion: '7.0' })));
  });
});

describe('output chunks', () => {
  it('are gathered into a few large ones, bytes unchanged', () => {
    const { result } = mergedWithFolds(other, {});
    const doc = result.document;
    if (doc === null) throw new Error('a merge that writes has a document');
    const chunks = [...writeOutputChunks(doc)];
    const bytes = Buffer.concat(chunks);
    // one chunk per 64 KiB gathered, give or take the last one
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(bytes.length / 65_536) + 1);
    expect(doc.records.length).toBeGreaterThan(10 * chunks.length);
    // an untouched document is its source bytes, in as few chunks
    const source = [...writeOutputChunks(parseGedcomBytes(left))];
    expect(Buffer.concat(source).equals(left)).toBe(true);
    expect(source.length).toBeLessThanOrEqual(Math.ceil(left.length / 65_536) + 1);
  });
});
