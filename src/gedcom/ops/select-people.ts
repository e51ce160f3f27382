import type { TreeIndex } from './tree-index.js';

export type SubtreeDirection = 'ancestors' | 'descendants' | 'both';

export interface PeopleSelection {
  /** 1 for every person number selected. */
  readonly mask: Uint8Array;
  readonly count: number;
  /** Generations actually walked from the root. */
  readonly reached: number;
}

/**
 * The people of a rooted selection (used by subtree and rooted quality): the root, then its
 * ancestors (parents of the FAMC families) and/or descendants (children of the FAMS families)
 * generation by generation up to `generations`. Pure; a person is selected once.
 */
export function selectPeople(index: TreeIndex, root: number, direction: SubtreeDirection, generations: number): PeopleSelection {
  const mask = new Uint8Array(index.personCount);
  mask[root] = 1;
  let count = 1;
  let reached = 0;
  const add = (m: number, next: number[]): void => {
    if (!index.isPerson(m) || mask[m] === 1) return;
    mask[m] = 1;
    count++;
    next.push(m);
  };
  const walk = (up: boolean): void => {
    let frontier = [root];
    for (let g = 1; g <= generations && frontier.length > 0; g++) {
      const next: number[] = [];
      for (const x of frontier) {
        const links = up ? index.famcStart : index.famsStart;
        const families = up ? index.famcFamily : index.famsFamily;
        // cast: the frontier holds person numbers (root and what add admitted), and both link offset arrays have an entry per person plus one; l < links[x + 1] <= families.length
        for (let l = links[x] as number, end = links[x + 1] as number; l < end; l++) {
          // cast: l < links[x + 1] <= families.length (see above)
          const f = families[l] as number;
          if (!index.isFamily(f)) continue;
          if (up) {
            // cast: f is a family (isFamily checked), and husband has an entry per family
            add(index.husband[f] as number, next);
            // cast: f is a family (isFamily checked), and wife has an entry per family
            add(index.wife[f] as number, next);
          } else {
            // cast: f is a family (isFamily checked), childStart has familyCount + 1 entries, and c < childStart[f + 1] <= child.length
            for (let c = index.childStart[f] as number, ce = index.childStart[f + 1] as number; c < ce; c++) add(index.child[c] as number, next);
          }
        }
      }
      if (next.length > 0) reached = Math.max(reached, g);
      frontier = next;
    }
  };
  if (direction !== 'descendants') walk(true);
  if (direction !== 'ancestors') walk(false);
  return { mask, count, reached };
}
