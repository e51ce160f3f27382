import { aDateAgreesPrecisely, birthsAgreePrecisely } from './merge-features.js';
import type { AcceptedPair } from './merge-cycles.js';
import { compatibleGiven, tokenAgreement } from './merge-names.js';
import type { SideFeatures } from './merge-features.js';

/**
 * Family context as evidence (merge-decide.ts): once people are merged, a pair whose parents,
 * spouses or children were merged with each other gains weight, and a pair whose relatives were
 * merged with someone else is vetoed (different parents), as is a pair a generation apart (the
 * right person's parent merged into the left person itself: father and son of one name).
 */

/**
 * Weights of the family context (multiples of 0.25, like every score component). `parentOfChild` is added to a merged child when the
 * pair is that child's father (or mother) on both sides: a child has one, so the pair is one person whatever its names say, unless
 * they veto (the name and the child reach the automatic threshold even as a surname alone or with a patronymic's 0.25 off).
 */
export const CONTEXT_WEIGHTS = { parent: 2.75, spouse: 2.75, child: 2.75, parentOfChild: 1 } as const;

export interface PairContext {
  /** Added to the pair's score; -1 when the context vetoes the pair. */
  readonly score: number;
  /** The context singles the person out: a spouse or a child merged, or a parent merged with the same given names and no namesake sibling. */
  readonly identifies: boolean;
  /**
   * A spouse and a child merged while a side names the person not at all (no given name): the other
   * parent of merged children with a merged partner, identified by the family alone.
   */
  readonly unnamedParent: boolean;
  readonly parents: number;
  readonly spouses: number;
  readonly children: number;
  /** The pair is the father (or the mother) of a merged child on both sides. */
  readonly parentOfChild: boolean;
}

const VETO: PairContext = { score: -1, identifies: false, unnamedParent: false, parents: 0, spouses: 0, children: 0, parentOfChild: false };

/** The context of left person i and right person j given `mapped` (right person -> left person or -1). */
export function pairContext(l: SideFeatures, i: number, r: SideFeatures, j: number, mapped: Int32Array): PairContext {
  let parents = 0;
  // the parent families may be two marriages of a merged parent with several (half-siblings of one name): the other parent is
  // stated on both sides and not merged, or stated on one side while the other file holds that person elsewhere (merged with
  // someone else, or a spouse of the merged parent's copy), or a sibling is put in another family by the other file. A parent
  // stated on one side only, the other file knowing nothing of that person, is an omission, not another marriage.
  let unmatchedParent = false;
  let remarried = false;
  let leftOnly = -1;
  let mergedRight = -1;
  for (const father of [true, false]) {
    const pj = r.parent(j, father);
    const pi = l.parent(i, father);
    // cast: pj is a right person number, and mapped has an entry per right person
    const to = pj < 0 ? -1 : (mapped[pj] as number);
    if (to === i) return VETO;
    if (to < 0 || pi < 0) {
      if ((pi >= 0 && pj >= 0) || to >= 0) unmatchedParent = true;
      else if (pi >= 0) leftOnly = pi;
      continue;
    }
    if (to !== pi) return VETO;
    parents++;
    mergedRight = pj;
    if (marriages(l, pi) > 1 || marriages(r, pj) > 1) remarried = true;
  }
  unmatchedParent &&= remarried;
  // the evidence of another marriage is looked for only where it can matter: a remarried merged parent
  if (remarried && !unmatchedParent && leftOnly >= 0) {
    r.forEachRelative(mergedRight, false, (q) => {
      // cast: q is a right person number, and mapped has an entry per right person
      if ((mapped[q] as number) === leftOnly) unmatchedParent = true;
    });
  }
  if (remarried && !unmatchedParent && siblingElsewhere(l, i, r, j, mergedRight, mapped)) unmatchedParent = true;
  let spouses = 0;
  let children = 0;
  // a merged spouse with several marriages: a wife of unknown or other given names may be another wife
  let remarriedSpouse = false;
  // the father (or the mother) of one merged child on both sides: a child has one
  let parentOfChild = false;
  for (const kind of [false, true]) {
    const mine = new Set<number>();
    l.forEachRelative(i, kind, (q) => mine.add(q));
    r.forEachRelative(j, kind, (q) => {
      // cast: q is a right person number, and mapped has an entry per right person
      const to = mapped[q] as number;
      if (to === i) children = -Infinity;
      else if (to >= 0 && mine.has(to)) {
        if (kind) {
          children++;
          for (const father of [true, false]) if (l.parent(to, father) === i && r.parent(q, father) === j) parentOfChild = true;
        } else {
          spouses++;
          if (marriages(l, to) > 1 || marriages(r, q) > 1) remarriedSpouse = true;
        }
      }
    });
  }
  if (children < 0) return VETO;
  // given names that differ may be a step-parent in one file and the parent in the other
  parentOfChild &&= unnamed(l, i) || unnamed(r, j) || givenAgrees(l, i, r, j);
  const namesake =
    parents > 0 &&
    ((unmatchedParent && !aDateAgreesPrecisely(l, i, r, j)) ||
      !(l.sameGiven(i, r, j) || firstNamesCompatible(l, i, r, j)) ||
      !birthsAgreePrecisely(l, i, r, j) ||
      l.namesakeSibling(i) ||
      r.namesakeSibling(j) ||
      siblingMayBe(l, i, r, j) ||
      siblingMayBe(r, j, l, i));
  return {
    score: contextScore(parents, spouses, children) + (parentOfChild ? CONTEXT_WEIGHTS.parentOfChild : 0),
    identifies:
      (spouses > 0 && (l.sameGiven(i, r, j) || (!remarriedSpouse && (givenAgrees(l, i, r, j) || sameSurnameAlone(l, i, r, j))))) ||
      (children > 0 && (givenAgrees(l, i, r, j) || parentOfChild)) ||
      (parents > 0 && !namesake),
    unnamedParent: spouses > 0 && children > 0 && (unnamed(l, i) || unnamed(r, j)),
    parents,
    spouses,
    children,
    parentOfChild,
  };
}

/**
 * Left person i and right person j named by the same surname (its Soundex) and no given name on either side ("/Ragnfredsdotter/"): a
 * wife named so in both files, her husband's only marriage on each side, is that marriage's wife. Two unnamed wives ("N. N.", or no
 * name at all) of two marriages, one in each file, are not.
 */
export function sameSurnameAlone(l: SideFeatures, i: number, r: SideFeatures, j: number): boolean {
  const x = l.namesOf(i)[0];
  const y = r.namesOf(j)[0];
  return x !== undefined && y !== undefined && x.surname !== '' && x.surnameCode === y.surnameCode && unnamed(l, i) && unnamed(r, j);
}

/** Person p has no given name that is evidence (none, or a placeholder). */
function unnamed(side: SideFeatures, p: number): boolean {
  return side.namesOf(p).every((n) => n.tokens.length === 0);
}

/** The weight of merged relatives: each merged parent, one merged spouse, one merged child (more children add nothing). */
function contextScore(parents: number, spouses: number, children: number): number {
  return parents * CONTEXT_WEIGHTS.parent + Math.min(spouses, 1) * CONTEXT_WEIGHTS.spouse + Math.min(children, 1) * CONTEXT_WEIGHTS.child;
}

/**
 * The relatives of merged people as candidate pairs (a woman under her married name, a patronymic,
 * a person the surname blocks did not pair): for each merged pair, its fathers, its mothers, each
 * spouse with each spouse and each child with each child. Work in proportion to the families.
 */
export function relativePairs(l: SideFeatures, r: SideFeatures, merged: readonly AcceptedPair[], visit: (i: number, j: number) => void): void {
  const mine: number[] = [];
  for (const p of merged) {
    for (const father of [true, false]) {
      const pi = l.parent(p.i, father);
      const pj = r.parent(p.j, father);
      if (pi >= 0 && pj >= 0) visit(pi, pj);
    }
    for (const kind of [false, true]) {
      mine.length = 0;
      l.forEachRelative(p.i, kind, (q) => mine.push(q));
      if (mine.length === 0) continue;
      r.forEachRelative(p.j, kind, (q) => {
        for (const x of mine) visit(x, q);
      });
    }
  }
}

/** Some given-name token of the first name of left person i agrees with one of a name of right person j (both stated). */
function givenAgrees(l: SideFeatures, i: number, r: SideFeatures, j: number): boolean {
  const x = l.namesOf(i)[0];
  if (x === undefined) return false;
  return r.namesOf(j).some((n) => x.tokens.some((t) => n.tokens.some((u) => tokenAgreement(t, u) > 0)));
}

/** The first names of left person i and right person j may be one person's written more or less fully (merge-names.ts compatibleGiven). */
function firstNamesCompatible(l: SideFeatures, i: number, r: SideFeatures, j: number): boolean {
  const x = l.namesOf(i)[0];
  const y = r.namesOf(j)[0];
  return x !== undefined && y !== undefined && compatibleGiven(x.tokens, y.tokens);
}

/** A sibling of person p (another child of its parent family on side `a`) whose first name may be that of person q of side `b`. */
function siblingMayBe(a: SideFeatures, p: number, b: SideFeatures, q: number): boolean {
  const index = a.index;
  const pf = index.parentFamily(p);
  if (pf < 0) return false;
  // cast: childStart has an entry per family plus one, and pf is a family number
  for (let c = index.childStart[pf] as number, e = index.childStart[pf + 1] as number; c < e; c++) {
    // cast: c < childStart[pf + 1] <= child.length
    const s = index.child[c] as number;
    if (s !== p && index.isPerson(s) && (a.sameGiven(s, b, q) || firstNamesCompatible(a, s, b, q))) return true;
  }
  return false;
}

/**
 * A child of the merged parent (`parentR`, right side) merged while the two sides put it in other families: a sibling of j (same
 * parent family) merged with a left child of another family than i's, or a sibling of i merged with a right child of another family
 * than j's. The parent families of i and j are then two marriages of the parent.
 */
function siblingElsewhere(l: SideFeatures, i: number, r: SideFeatures, j: number, parentR: number, mapped: Int32Array): boolean {
  const lf = l.index.parentFamily(i);
  const rf = r.index.parentFamily(j);
  let elsewhere = false;
  r.forEachRelative(parentR, true, (q) => {
    // cast: q is a right person number, and mapped has an entry per right person
    const t = mapped[q] as number;
    if (q === j || t < 0 || t === i) return;
    if ((r.index.parentFamily(q) === rf) !== (l.index.parentFamily(t) === lf)) elsewhere = true;
  });
  return elsewhere;
}

/** The families person p is a spouse or parent in. */
function marriages(side: SideFeatures, p: number): number {
  // cast: famsStart has an entry per person plus one, and p is a person number
  return (side.index.famsStart[p + 1] as number) - (side.index.famsStart[p] as number);
}
