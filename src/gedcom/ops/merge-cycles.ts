import { nodesOnParentCycles, parentRows } from './parent-cycles.js';
import type { TreeIndex } from './tree-index.js';

/** An accepted merge of left person i and right person j. */
export interface AcceptedPair {
  readonly i: number;
  readonly j: number;
  readonly score: number;
}

/**
 * Drop accepted merges (latest first) whose left person would sit on a parent cycle of the merged
 * tree, until none does (at most 8 rounds); a merge of identical records (`exactScore`) is never
 * dropped. Nodes: left people 0..L-1, unmerged right people L+j. `mapped[j]` (the left person
 * right person j merges into, or -1) is updated with `accepted`.
 */
export function dropAncestryCycles(li: TreeIndex, ri: TreeIndex, mapped: Int32Array, accepted: AcceptedPair[], exactScore: number): void {
  const leftCount = li.personCount;
  // cast: node is called with person numbers of ri only, and mapped has an entry per right person
  const rightNode = (p: number): number => ((mapped[p] as number) >= 0 ? (mapped[p] as number) : leftCount + p);
  for (let round = 0; round < 8; round++) {
    const rows = parentRows(leftCount + ri.personCount, [
      { index: li, node: (p) => p },
      { index: ri, node: rightNode },
    ]);
    const cyclic = nodesOnParentCycles(rows, null);
    if (!cyclic.includes(1)) return;
    let removed = false;
    for (let k = accepted.length - 1; k >= 0; k--) {
      // cast: 0 <= k < accepted.length
      const p = accepted[k] as AcceptedPair;
      // an identical record read twice adds no parent link the left file lacks: never the cause
      if (cyclic[p.i] === 1 && p.score !== exactScore) {
        mapped[p.j] = -1;
        accepted.splice(k, 1);
        removed = true;
      }
    }
    if (!removed) return;
  }
}
