import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import type { SideFeatures } from './merge-features.js';
import { transientTree } from './tree-index.js';

/**
 * What merge reads of a person's record beyond the index, for the pairs already scored (never for
 * every pair of a block): its Ancestral File Number, its user reference numbers, and its content as
 * one key. Read once per person and kept.
 *
 * - An AFN numbers a person of the Ancestral File: the same AFN on both sides is the same person,
 *   two different ones are two records of it (possibly duplicates, never merged without review).
 * - A REFN is the number a researcher's own system gives the record: the same REFN on both sides,
 *   borne by one person in each file, is that record copied from one researcher's file into the
 *   other's. Two different ones are two systems' numbers, no conflict. A REFN of figures only (and
 *   punctuation) is a sequence or Ahnentafel number, which every researcher's system hands out
 *   from 1: "4" is one researcher's grandfather and another's; it identifies no one.
 * - The content key holds what a researcher stated of the person (names, sex, every event and
 *   attribute with its date and place, in any order) and leaves out what a program or a renumbering
 *   changes (xrefs and links, sources, notes, objects, change dates, custom `_` tags, the name
 *   pieces GIVN/SURN derived from NAME). Two records of the same key that state an event dated by
 *   a closed date agree on everything they hold; when every structure of one is a structure of the
 *   other, one holds events the other does not state (absence, not conflict: a death left out, an
 *   occupation added) and they agree on everything both hold.
 */
export class RecordFacts {
  private readonly afns = new Map<number, string>();
  private readonly refnLists = new Map<number, readonly string[]>();
  private readonly keys = new Map<number, string>();
  /** How many people of the file carry each AFN (`A` + AFN) and each REFN (`R` + REFN). */
  private readonly idCount = new Map<string, number>();
  private idsCounted = false;

  constructor(
    private readonly doc: GedcomDocumentLike,
    readonly people: SideFeatures,
  ) {}

  /** The AFN of person p when the file gives it to that person alone; '' otherwise. */
  afn(p: number): string {
    const own = this.facts(p).afn;
    if (own === '') return '';
    this.countIds();
    return this.idCount.get(`A${own}`) === 1 ? own : '';
  }

  /** The user reference numbers of person p that the file gives to that person alone. */
  refns(p: number): readonly string[] {
    const own = this.facts(p).refns;
    if (own.length === 0) return own;
    this.countIds();
    return own.filter((x) => this.idCount.get(`R${x}`) === 1);
  }

  /** The content key of person p; '' when the record states no dated or placed event (a name alone identifies no one). */
  contentKey(p: number): string {
    return this.facts(p).key;
  }

  private facts(p: number): { afn: string; refns: readonly string[]; key: string } {
    const key = this.keys.get(p);
    if (key !== undefined) return { afn: this.afns.get(p) ?? '', refns: this.refnLists.get(p) ?? NO_REFNS, key };
    const rec = this.doc.byXref(this.people.xref(p));
    const root = rec === undefined ? null : transientTree(rec);
    const afn = root === null ? '' : afnOf(root);
    const refns = root === null ? NO_REFNS : refnsOf(root);
    const content = root === null ? '' : contentKey(root);
    this.afns.set(p, afn);
    this.refnLists.set(p, refns);
    this.keys.set(p, content);
    return { afn, refns, key: content };
  }

  /** How many people of the file carry each AFN and each REFN (once, the first time one is asked for). */
  private countIds(): void {
    if (this.idsCounted) return;
    this.idsCounted = true;
    const people = this.people;
    const count = (id: string): void => {
      this.idCount.set(id, (this.idCount.get(id) ?? 0) + 1);
    };
    for (let p = 0; p < people.count; p++) {
      const rec = this.doc.byXref(people.xref(p));
      if (rec === undefined) continue;
      const root = transientTree(rec);
      const afn = afnOf(root);
      if (afn !== '') count(`A${afn}`);
      for (const refn of refnsOf(root)) count(`R${refn}`);
    }
  }
}

const NO_REFNS: readonly string[] = [];

function afnOf(root: GedcomNode): string {
  for (const c of root.children) if (c.tag === 'AFN' && c.value.trim() !== '') return c.value.trim().toUpperCase();
  return '';
}

/** A REFN without a letter: a number any system hands out (1, 2, ...; 4.12; 0017). */
const SEQUENCE_NUMBER = /^[^\p{L}]*$/u;

/** The distinct REFN values of a record that can tell a person (not sequence numbers), folded to upper case. */
function refnsOf(root: GedcomNode): readonly string[] {
  let out: string[] | null = null;
  for (const c of root.children) {
    const v = c.tag === 'REFN' ? c.value.trim().toUpperCase() : '';
    if (v !== '' && !SEQUENCE_NUMBER.test(v) && !(out ?? NO_REFNS).includes(v)) (out ??= []).push(v);
  }
  return out ?? NO_REFNS;
}

/** Level-1 structures a producer or a renumbering changes (links, citations, notes, media, record ids, change dates), and the AFN, compared on its own. */
const NOT_CONTENT: ReadonlySet<string> = new Set([
  'FAMC',
  'FAMS',
  'SOUR',
  'NOTE',
  'OBJE',
  'CHAN',
  'CREA',
  'RIN',
  'REFN',
  'AFN',
  'UID',
  'EXID',
  'SUBM',
  'ANCI',
  'DESI',
  'ASSO',
  'ALIA',
]);
/** Substructures left out at any level: citations, notes, media and custom tags. */
const NOT_CONTENT_BELOW: ReadonlySet<string> = new Set(['SOUR', 'NOTE', 'OBJE', 'CHAN']);

/** A date closed at both ends: a day, a month, a year, ABT/EST/CAL, BET...AND, FROM...TO (not BEF, AFT, TO or FROM alone). */
function closedDate(value: string): boolean {
  const v = value.trim().toUpperCase();
  return v !== '' && /\d/.test(v) && !/^(BEF|AFT|TO)\b/.test(v) && !(/^FROM\b/.test(v) && !/\bTO\b/.test(v));
}

/** Between the blocks of a content key (one per level-1 structure; a block's lines are joined by newlines). */
const BLOCK = '\u0001';

/** Whether every block of one content key is a block of the other (events only one side states are absence, not conflict). */
function contentWithin(x: string, y: string): boolean {
  const [small, big] = x.length <= y.length ? [x, y] : [y, x];
  const blocks = new Set(big.split(BLOCK));
  return small.split(BLOCK).every((b) => blocks.has(b));
}

/** The content key of an INDI record ('' when it states no event dated by a closed date). */
function contentKey(root: GedcomNode): string {
  const blocks: string[] = [];
  let stated = false;
  for (const c of root.children) {
    if (NOT_CONTENT.has(c.tag) || c.tag === 'NAME' || c.tag.startsWith('_')) continue;
    const parts: string[] = [];
    const walk = (n: GedcomNode, depth: number): void => {
      if (n.tag === 'DATE') stated ||= closedDate(n.value);
      parts.push(`${depth} ${n.tag} ${(n.tag === 'DATE' ? n.value.toUpperCase() : n.value).replace(/\s+/g, ' ').trim()}`);
      for (const d of n.children) if (!NOT_CONTENT_BELOW.has(d.tag) && !d.tag.startsWith('_')) walk(d, depth + 1);
    };
    walk(c, 1);
    blocks.push(parts.join('\n'));
  }
  return stated ? blocks.sort().join(BLOCK) : '';
}

/** Weights of the record evidence (multiples of 0.25, like every score component): each identifies like an exact day. */
const RECORD_WEIGHTS = { identifier: 2.75, content: 2.75 } as const;

export interface RecordAgreement {
  /** Added to the pair's score. */
  readonly score: number;
  /** The same AFN or REFN, or the same content (or one's within the other's) stating an event of a closed date: identifying evidence. */
  readonly identifies: boolean;
  /** Two different AFNs: never merged without review. */
  readonly conflict: boolean;
}

const NONE: RecordAgreement = { score: 0, identifies: false, conflict: false };

/**
 * The first names of left person i and right person j: the same surname (folded) and the same given
 * names, or one written more fully (a middle name dropped or an initial: merge-names.ts compatibleGiven).
 */
function namesAlike(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  const x = a.namesOf(i)[0];
  const y = b.namesOf(j)[0];
  return x !== undefined && y !== undefined && x.surname === y.surname && (x.givenFull === y.givenFull || a.compatibleGiven(i, b, j));
}

/**
 * A REFN borne by left person i alone in its file and by right person j alone in its file, their
 * first given names alike (the same, or one written more fully: a number a researcher's system
 * reuses for another person is not this person).
 */
function sameReference(l: RecordFacts, i: number, r: RecordFacts, j: number): boolean {
  const a = l.people;
  const b = r.people;
  if (!(a.sameGiven(i, b, j) || a.compatibleGiven(i, b, j))) return false;
  const x = l.refns(i);
  if (x.length === 0) return false;
  return r.refns(j).some((y) => x.includes(y));
}

/**
 * How the records of left person i and right person j agree beyond the index (see RecordFacts);
 * `note` hears the components that add to the score (`same_identifier`, `same_content`).
 */
export function recordAgreement(
  l: RecordFacts,
  i: number,
  r: RecordFacts,
  j: number,
  note?: (code: 'same_identifier' | 'same_content', weight: number) => void,
): RecordAgreement {
  // placeholder and alias names have no name feature: a record of only such names is never evidence
  if (l.people.namesOf(i).length === 0 || r.people.namesOf(j).length === 0) return NONE;
  const la = l.afn(i);
  const ra = r.afn(j);
  if (la !== '' && ra !== '' && la !== ra) return { score: 0, identifies: false, conflict: true };
  let score = 0;
  if ((la !== '' && la === ra) || sameReference(l, i, r, j)) {
    score += RECORD_WEIGHTS.identifier;
    note?.('same_identifier', RECORD_WEIGHTS.identifier);
  }
  const lk = l.contentKey(i);
  const rk = r.contentKey(j);
  if (lk !== '' && rk !== '' && namesAlike(l.people, i, r.people, j) && (lk === rk || contentWithin(lk, rk))) {
    score += RECORD_WEIGHTS.content;
    note?.('same_content', RECORD_WEIGHTS.content);
  }
  return score === 0 ? NONE : { score, identifies: true, conflict: false };
}
