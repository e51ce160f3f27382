import type { GedcomDocumentLike } from '../model.js';
import { recordKey } from './merge-record-key.js';
import type { TreeIndex } from './tree-index.js';
import { transientTree } from './tree-index.js';

/**
 * Right families whose couple was merged onto a left family's couple (right xref -> left xref);
 * a single-parent family is unified only when it shares a merged child. `mapped[j]` is the left
 * person right person j merged into, or -1.
 */
export function unifiedFamilies(li: TreeIndex, ri: TreeIndex, mapped: Int32Array, identical: ReadonlyMap<string, string>): Map<string, string> {
  const familyMap = new Map<string, string>(identical);
  const used = new Set<number>();
  // cast: f < familyCount, and familyXref lists the families first
  for (let f = 0; f < li.familyCount; f++) if (identical.has(li.familyXref[f] as string)) used.add(f);
  const coupleKey = (h: number, w: number): string => `${h}|${w}`;
  const leftCouples = new Map<string, number>();
  for (let f = 0; f < li.familyCount; f++) {
    // cast: f < familyCount, and husband and wife have an entry per family
    const k = coupleKey(li.husband[f] as number, li.wife[f] as number);
    if (!leftCouples.has(k)) leftCouples.set(k, f);
  }
  // cast: p is a right person (isPerson checked), and mapped has an entry per right person
  const onto = (p: number): number => (ri.isPerson(p) ? (mapped[p] as number) : -1);
  for (let f = 0; f < ri.familyCount; f++) {
    // cast: f < familyCount, and familyXref lists the families first
    if (identical.has(ri.familyXref[f] as string)) continue;
    // cast: f < familyCount, and husband has an entry per family
    const rh = ri.husband[f] as number;
    // cast: f < familyCount, and wife has an entry per family
    const rw = ri.wife[f] as number;
    const h = rh < 0 ? -1 : onto(rh);
    const w = rw < 0 ? -1 : onto(rw);
    if ((rh >= 0 && h < 0) || (rw >= 0 && w < 0) || (h < 0 && w < 0)) continue;
    const candidate = leftCouples.get(coupleKey(h, w));
    if (candidate === undefined) continue;
    if ((h < 0 || w < 0) && !sharesMergedChild(li, candidate, ri, f, onto)) continue;
    if (used.has(candidate)) continue;
    used.add(candidate);
    // cast: f and candidate are family numbers of ri and li (candidate from leftCouples, filled with f < familyCount)
    familyMap.set(ri.familyXref[f] as string, li.familyXref[candidate] as string);
  }
  return familyMap;
}

/** Whether a child of right family `rf` merged (through `onto`) into a child of left family `lf`. */
function sharesMergedChild(li: TreeIndex, lf: number, ri: TreeIndex, rf: number, onto: (p: number) => number): boolean {
  // cast: callers pass a right family number, and childStart has familyCount + 1 entries
  for (let c = ri.childStart[rf] as number, end = ri.childStart[rf + 1] as number; c < end; c++) {
    // cast: c < childStart[rf + 1] <= child.length
    const m = onto(ri.child[c] as number);
    if (m < 0) continue;
    // cast: callers pass a left family number, and childStart has familyCount + 1 entries
    for (let k = li.childStart[lf] as number, ke = li.childStart[lf + 1] as number; k < ke; k++) {
      if (li.child[k] === m) return true;
    }
  }
  return false;
}

/**
 * Right families identical to the left family of the same xref (same lines and links) whose every
 * member is the identical left person: one family read twice (merge of a file with itself), kept
 * once whatever its couple (no parent, one parent, several families of one couple).
 */
export function identicalFamilies(
  left: GedcomDocumentLike,
  right: GedcomDocumentLike,
  ri: TreeIndex,
  personMap: ReadonlyMap<string, string>,
): Map<string, string> {
  const out = new Map<string, string>();
  for (let f = 0; f < ri.familyCount; f++) {
    // cast: f < familyCount, and familyXref lists the families first
    const x = ri.familyXref[f] as string;
    const l = left.byXref(x);
    const r = right.byXref(x);
    if (l === undefined || r === undefined || l.tag !== 'FAM' || r.tag !== 'FAM') continue;
    const tree = transientTree(r);
    let members = true;
    for (const c of tree.children) {
      if (c.tag !== 'HUSB' && c.tag !== 'WIFE' && c.tag !== 'CHIL') continue;
      if (c.pointer === null || c.pointer === '@VOID@') continue;
      // a member must be the identical left person; a pointer to no person is the same dangling line on both sides
      if (right.byXref(c.pointer)?.tag === 'INDI' && personMap.get(c.pointer) !== c.pointer) members = false;
    }
    if (members && recordKey(transientTree(l), true) === recordKey(tree, true)) out.set(x, x);
  }
  return out;
}
