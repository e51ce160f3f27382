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
  for (let round = 0; round < 8; round++) {
    const parents = new Map<number, number[]>();
    addParentLinks(parents, li, (p) => p);
    // cast: addParentLinks passes only person numbers of ri, and mapped has an entry per right person
    addParentLinks(parents, ri, (p) => ((mapped[p] as number) >= 0 ? (mapped[p] as number) : leftCount + p));
    const cyclic = cycleMembers(parents, leftCount + ri.personCount);
    if (cyclic.size === 0) return;
    let removed = false;
    for (let k = accepted.length - 1; k >= 0; k--) {
      // cast: 0 <= k < accepted.length
      const p = accepted[k] as AcceptedPair;
      // an identical record read twice adds no parent link the left file lacks: never the cause
      if (cyclic.has(p.i) && p.score !== exactScore) {
        mapped[p.j] = -1;
        accepted.splice(k, 1);
        removed = true;
      }
    }
    if (!removed) return;
  }
}

/** Add each person's parents (as nodes of the merged tree, through `node`) to `parents`. */
function addParentLinks(parents: Map<number, number[]>, index: TreeIndex, node: (p: number) => number): void {
  for (let p = 0; p < index.personCount; p++) {
    // cast: p < personCount, and famcStart has an entry per person plus one
    for (let l = index.famcStart[p] as number, end = index.famcStart[p + 1] as number; l < end; l++) {
      // cast: l < famcStart[p + 1] <= famcFamily.length
      const f = index.famcFamily[l] as number;
      if (!index.isFamily(f)) continue;
      // cast: f is a family (isFamily checked), and husband and wife have an entry per family
      for (const parent of [index.husband[f] as number, index.wife[f] as number]) {
        if (!index.isPerson(parent)) continue;
        const k = node(p);
        let list = parents.get(k);
        if (list === undefined) parents.set(k, (list = []));
        list.push(node(parent));
      }
    }
  }
}

/** The nodes on some cycle of the parent graph (iterative depth-first search). */
function cycleMembers(parents: ReadonlyMap<number, readonly number[]>, nodes: number): Set<number> {
  const state = new Uint8Array(nodes);
  const members = new Set<number>();
  const none: readonly number[] = [];
  for (const start of parents.keys()) {
    if (state[start] !== 0) continue;
    const stack: { x: number; i: number }[] = [{ x: start, i: 0 }];
    const path = [start];
    state[start] = 1;
    while (stack.length > 0) {
      // cast: the loop runs while the stack is not empty
      const top = stack[stack.length - 1] as { x: number; i: number };
      const next = parents.get(top.x) ?? none;
      if (top.i >= next.length) {
        state[top.x] = 2;
        stack.pop();
        path.pop();
        continue;
      }
      // cast: top.i < next.length, checked above
      const n = next[top.i++] as number;
      const s = state[n];
      // cast: k < path.length
      if (s === 1) for (let k = Math.max(0, path.lastIndexOf(n)); k < path.length; k++) members.add(path[k] as number);
      else if (s === 0) {
        state[n] = 1;
        path.push(n);
        stack.push({ x: n, i: 0 });
      }
    }
  }
  return members;
}
