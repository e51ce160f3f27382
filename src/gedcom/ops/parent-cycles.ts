import type { TreeIndex } from './tree-index.js';

/** Each node's parents in compressed rows: the parents of node x are `parents[start[x]..start[x + 1]]`. */
export interface ParentRows {
  readonly start: Int32Array;
  readonly parents: Int32Array;
}

/** The people of one index as nodes of a parent graph: person p is node `node(p)`. */
export interface ParentSource {
  readonly index: TreeIndex;
  readonly node: (p: number) => number;
}

/**
 * The child -> parents graph of one or more indexes over `nodes` nodes (a husband or wife of a
 * family a person is a child of is a parent). Two passes over the links: count, then fill.
 */
export function parentRows(nodes: number, sources: readonly ParentSource[]): ParentRows {
  const start = new Int32Array(nodes + 1);
  forEachParentLink(sources, (child) => {
    // cast: child < nodes, so child + 1 is an entry of start
    start[child + 1] = (start[child + 1] as number) + 1;
  });
  // cast: 0 <= x < nodes, entries of start
  for (let x = 0; x < nodes; x++) start[x + 1] = (start[x + 1] as number) + (start[x] as number);
  // cast: start has nodes + 1 entries
  const parents = new Int32Array(start[nodes] as number);
  const fill = start.slice(0, nodes);
  forEachParentLink(sources, (child, parent) => {
    // cast: child < nodes, an entry of fill
    const k = fill[child] as number;
    parents[k] = parent;
    fill[child] = k + 1;
  });
  return { start, parents };
}

function forEachParentLink(sources: readonly ParentSource[], visit: (child: number, parent: number) => void): void {
  for (const { index, node } of sources) {
    for (let p = 0; p < index.personCount; p++) {
      // cast: p < personCount, and famcStart has an entry per person plus one
      for (let l = index.famcStart[p] as number, end = index.famcStart[p + 1] as number; l < end; l++) {
        // cast: l < famcStart[p + 1] <= famcFamily.length
        const f = index.famcFamily[l] as number;
        if (!index.isFamily(f)) continue;
        // cast: f is a family (isFamily checked), and husband and wife have an entry per family
        const husband = index.husband[f] as number;
        // cast: as above
        const wife = index.wife[f] as number;
        if (index.isPerson(husband)) visit(node(p), node(husband));
        if (index.isPerson(wife)) visit(node(p), node(wife));
      }
    }
  }
}

/**
 * The nodes that are their own ancestors (1 in the result): the nodes of a strongly connected
 * component with more than one node, or a node that is its own parent (Tarjan's algorithm,
 * iterative over typed arrays). Each parent link is visited once, so the cost is
 * O(nodes + links) however deep or tangled the parentage. With `starts`, the walk starts only from
 * the nodes it marks (and follows their ancestry anywhere).
 */
export function nodesOnParentCycles(rows: ParentRows, starts: Uint8Array | null): Uint8Array {
  const { start: rowStart, parents } = rows;
  const nodes = rowStart.length - 1;
  /** Visit number of each node (0: not visited yet). */
  const order = new Int32Array(nodes);
  const low = new Int32Array(nodes);
  const onStack = new Uint8Array(nodes);
  const inCycle = new Uint8Array(nodes);
  const component = new Int32Array(nodes);
  const callNode = new Int32Array(nodes);
  /** The next parent link to follow of each call. */
  const callCursor = new Int32Array(nodes);
  let depth = -1;
  let size = 0;
  let visits = 0;
  const call = (x: number): void => {
    order[x] = ++visits;
    low[x] = visits;
    component[size++] = x;
    onStack[x] = 1;
    callNode[++depth] = x;
    // cast: x is a node, rowStart has an entry per node plus one
    callCursor[depth] = rowStart[x] as number;
  };
  for (let first = 0; first < nodes; first++) {
    if ((starts !== null && starts[first] === 0) || order[first] !== 0) continue;
    call(first);
    while (depth >= 0) {
      // cast: depth is a call of the walk (0 <= depth < nodes)
      const x = callNode[depth] as number;
      // cast: as above
      const k = callCursor[depth] as number;
      // cast: x is a node, rowStart has an entry per node plus one
      if (k < (rowStart[x + 1] as number)) {
        callCursor[depth] = k + 1;
        // cast: k < rowStart[x + 1] <= parents.length
        const n = parents[k] as number;
        if (n === x) inCycle[x] = 1;
        if (order[n] === 0) call(n);
        // cast: n and x are nodes
        else if (onStack[n] === 1 && (order[n] as number) < (low[x] as number)) low[x] = order[n] as number;
        continue;
      }
      depth--;
      // cast: x is a node
      const lx = low[x] as number;
      if (depth >= 0) {
        // cast: depth >= 0 checked, a call of the walk
        const caller = callNode[depth] as number;
        // cast: caller is a node
        if (lx < (low[caller] as number)) low[caller] = lx;
      }
      if (lx !== order[x]) continue;
      // x roots a component: the nodes above it on the stack
      let bottom = size - 1;
      while (component[bottom] !== x) bottom--;
      const cyclic = size - bottom > 1;
      for (let i = bottom; i < size; i++) {
        // cast: bottom <= i < size, entries of the component stack
        const m = component[i] as number;
        onStack[m] = 0;
        if (cyclic) inCycle[m] = 1;
      }
      size = bottom;
    }
  }
  return inCycle;
}
