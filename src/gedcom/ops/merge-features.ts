import { EV_APPROXIMATE, EV_DATED, TAG_BAPM, TAG_BIRT, TAG_BURI, TAG_CHR, TAG_CREM, TAG_DEAT } from './event-table.js';
import { SEX_F, SEX_M } from './index-builder.js';
import { compatibleGiven, fatherNameOf, foldSurname, givenTokens, patronymicRoot, placeholderName, regnalNumber, tokenAgreement } from './merge-names.js';
import type { GivenToken } from './merge-names.js';
import { foldAscii, soundex } from './soundex.js';
import type { TreeIndex } from './tree-index.js';

/**
 * What merge compares of a person (Gramps' Find Duplicates, see merge.ts): name, date and place
 * features read from the compact index, the score of a pair, and the evidence rules for an
 * automatic merge. Sex and date vetoes of a candidate pair are checked first on the typed
 * arrays of {@link SideFeatures} ({@link vetoedByDates}), so the millions of pairs a block yields
 * that differ in birth or death date never touch a name or a place.
 */

const APPROXIMATE_SLACK_YEARS = 5;
const YEAR = 365.25;
const SLACK_DAYS = APPROXIMATE_SLACK_YEARS * YEAR;
const CHRISTENING_YEARS = 2;
/** The same day stated on both sides: with the same name alone it reaches the automatic threshold (the issue measured name + day + spouse at 3). */
const EXACT_DAY_SCORE = 2.75;
/** Added to a date stated alike on both sides (the same year, or the same approximate statement) whose event's place agrees in its locality: with the name and the place it reaches the automatic threshold, as an exact day does. */
const DATE_AND_PLACE_SCORE = 0.75;
/** Given names one of which is the other written more fully (a middle name dropped or reduced to its initial): less than the same names. */
const COMPATIBLE_GIVEN_SCORE = 0.75;
/** Exact dates this many days apart are a year written off by one (same day and month), not a conflict. */
const YEAR_OFF_DAYS: readonly number[] = [365, 366];

export interface NameFeature {
  /** Folded surname (merge-names.ts foldSurname); '' when absent. */
  readonly surname: string;
  readonly surnameCode: string;
  readonly suffix: string;
  readonly givenFull: string;
  /** The given-name string id in its side's index: names of one side with the same id have the same given names. */
  readonly given: number;
  readonly tokens: readonly GivenToken[];
  /** The father's given name a patronymic surname is made of ("Eriksson": Erik), as a token; null when the surname is none. */
  readonly patronymic: GivenToken | null;
  /** The father's name the surname plainly states, after a particle too ("ap Cadwgan": Cadwgan; merge-names.ts fatherNameOf), as a token; null when none. */
  readonly father: GivenToken | null;
}

/** A place as the scores compare it: folded tokens with their Soundex codes, and its locality. */
export interface PlaceFeature {
  readonly joined: string;
  /** Filled levels of the place ("Leeds, Yorkshire, England": 3). */
  readonly levels: number;
  readonly tokens: readonly string[];
  readonly codes: readonly string[];
  readonly locality: string;
}

/** A birth or death as the date score reads it: a row of the person event table, -1 when absent. */
type EventRow = number;

function placeTokens(place: string): string[] {
  return foldAscii(place)
    .toUpperCase()
    .split(/[\s,]+/)
    .filter((t) => t !== '');
}

/** The most specific level of a place ("Leeds" of "Leeds, Yorkshire, England"), folded; '' when absent. */
function locality(place: string): string {
  const first = place.split(',').find((part) => part.trim() !== '') ?? '';
  return foldAscii(first)
    .toUpperCase()
    .split(/\s+/)
    .filter((t) => t !== '')
    .join(' ');
}

const NO_NAMES: readonly NameFeature[] = [];
/** Pairs of given names (and of places) whose score one side keeps at most (then it starts over): bounds the memory on files of many distinct names. */
const PAIR_SCORES_KEPT = 1 << 20;

/**
 * Scores of pairs of this side's and another side's string ids (given names, places), kept for
 * one other side at a time and at most PAIR_SCORES_KEPT of them.
 */
class PairScores {
  private other: SideFeatures | null = null;
  private scores = new Map<number, number>();

  /** The table of scores against `other`, by `x * other's string count + y`. */
  against(other: SideFeatures): Map<number, number> {
    if (this.other !== other || this.scores.size >= PAIR_SCORES_KEPT) {
      this.other = other;
      this.scores = new Map();
    }
    return this.scores;
  }
}
/** A vital event: the offset of its range in {@link SideFeatures.bounds}, and its bit in `approximate`. */
const BIRTH = { at: 0, bit: 1 } as const;
const DEATH = { at: 2, bit: 2 } as const;
/** Bit of `approximate`: the birth range is the exact day of a christening (or baptism) widened back by CHRISTENING_YEARS. */
const CHRISTENING_DAY = 4;
type VitalEvent = typeof BIRTH | typeof DEATH;
const SEX_CODE_M = 1;
const SEX_CODE_F = 2;

/**
 * What merge compares of every person of one side, kept in columns next to the compact index
 * rather than as an object per person (about 650 bytes per person that way, measured on 200,000):
 * sex, the vital event rows and the birth decade in typed arrays; names and places as feature
 * objects shared by every person with the same name or place text (a person's names are also its
 * children's parent names and its spouses' spouse names); parents and spouses read from the index
 * when a pair is scored.
 */
export class SideFeatures {
  readonly count: number;
  /** 1 male, 2 female, 0 unknown. */
  readonly sex: Uint8Array;
  /** Per person: birth low, birth high, death low, death high (slack applied; NaN when undated). */
  readonly bounds: Float64Array;
  /** Per person: 1 birth approximate, 2 death approximate, 4 the birth is the day of a christening standing for it. */
  readonly approximate: Uint8Array;
  private readonly birthRow: Int32Array;
  private readonly deathRow: Int32Array;
  /** Birth decade since the Julian day epoch of 1 CE; NaN when the birth is not dated to a finite range. */
  private readonly decade: Float64Array;
  private readonly names: (readonly NameFeature[])[];
  private readonly places = new Map<number, PlaceFeature>();
  /** givenScore of this side's given names against another side's (see givenScoreOf). */
  private readonly givenScores = new PairScores();
  /** placeScore of this side's places against another side's (see placeScoreOf). */
  private readonly placeScores = new PairScores();

  constructor(
    readonly index: TreeIndex,
    tick: (p: number) => void,
  ) {
    const n = index.personCount;
    this.count = n;
    this.sex = new Uint8Array(n);
    this.bounds = new Float64Array(4 * n);
    this.approximate = new Uint8Array(n);
    this.birthRow = new Int32Array(n);
    this.deathRow = new Int32Array(n);
    this.decade = new Float64Array(n);
    this.names = new Array<readonly NameFeature[]>(n);
    const names = new NameFeatures(index);
    const ev = index.personEvents;
    for (let p = 0; p < n; p++) {
      tick(p);
      const sex = index.sex[p];
      this.sex[p] = sex === SEX_M ? SEX_CODE_M : sex === SEX_F ? SEX_CODE_F : 0;
      this.names[p] = names.of(p);
      const birth = vitalEvent(index, p, TAG_BIRT, TAG_CHR, TAG_BAPM);
      const death = vitalEvent(index, p, TAG_DEAT, TAG_BURI, TAG_CREM);
      this.birthRow[p] = birth;
      this.deathRow[p] = death;
      this.putBounds(p, BIRTH, birth);
      this.putBounds(p, DEATH, death);
      // cast: birth >= 0 is a row of the person event table
      const dated = birth >= 0 && ((ev.flags[birth] as number) & EV_DATED) !== 0;
      // cast: dated implies birth is a row of the person event table
      const mid = dated ? ((ev.earliest[birth] as number) + (ev.latest[birth] as number)) / 2 : NaN;
      this.decade[p] = Number.isFinite(mid) ? Math.floor((mid - 1721426) / YEAR / 10) : NaN;
    }
  }

  private putBounds(p: number, event: VitalEvent, row: EventRow): void {
    const ev = this.index.personEvents;
    const at = 4 * p + event.at;
    // cast: row >= 0 is a row of the person event table
    const f = row < 0 ? 0 : (ev.flags[row] as number);
    if ((f & EV_DATED) === 0) {
      this.bounds[at] = NaN;
      this.bounds[at + 1] = NaN;
      return;
    }
    // a christening or baptism standing for the birth: the birth was up to CHRISTENING_YEARS before it
    const christening = event === BIRTH && (ev.tag[row] === TAG_CHR || ev.tag[row] === TAG_BAPM);
    const approximate = (f & EV_APPROXIMATE) !== 0 || christening;
    const slack = (f & EV_APPROXIMATE) !== 0 ? SLACK_DAYS : 0;
    // cast: p < count, and approximate has count entries
    if (approximate) this.approximate[p] = (this.approximate[p] as number) | event.bit;
    // cast: p < count, and approximate has count entries
    if (christening && slack === 0 && ev.earliest[row] === ev.latest[row]) this.approximate[p] = (this.approximate[p] as number) | CHRISTENING_DAY;
    // cast: row is a dated row of the person event table
    this.bounds[at] = (ev.earliest[row] as number) - slack - (christening ? CHRISTENING_YEARS * YEAR : 0);
    // cast: row is a dated row of the person event table
    this.bounds[at + 1] = (ev.latest[row] as number) + slack;
  }

  xref(p: number): string {
    // cast: callers pass a person number, and personXref has an entry per person
    return this.index.personXref[p] as string;
  }

  male(p: number): boolean {
    return this.sex[p] === SEX_CODE_M;
  }

  /** Name features of person p ([] for -1 and phantoms). */
  namesOf(p: number): readonly NameFeature[] {
    return this.index.isPerson(p) ? (this.names[p] ?? NO_NAMES) : NO_NAMES;
  }

  birth(p: number): EventRow {
    // cast: callers pass a person number, and birthRow has an entry per person
    return this.birthRow[p] as number;
  }

  death(p: number): EventRow {
    // cast: callers pass a person number, and deathRow has an entry per person
    return this.deathRow[p] as number;
  }

  birthDecade(p: number): number | null {
    // cast: callers pass a person number, and decade has an entry per person
    const d = this.decade[p] as number;
    return Number.isNaN(d) ? null : d;
  }

  /** The place of an event row; null when the event or its place is absent. */
  placeOf(row: EventRow): PlaceFeature | null {
    if (row < 0) return null;
    // cast: row >= 0 (returned above), a row of the person event table
    const id = this.index.personEvents.place[row] as number;
    if (id === 0) return null;
    let hit = this.places.get(id);
    if (hit === undefined) {
      // cast: place holds string ids, and strings has every id
      const place = this.index.strings[id] as string;
      const tokens = placeTokens(place);
      const levels = place.split(',').filter((part) => part.trim() !== '').length;
      this.places.set(id, (hit = { joined: tokens.join(' '), tokens, levels, codes: tokens.map(soundex), locality: locality(place) }));
    }
    return hit;
  }

  /**
   * givenScore of name `x` of this side and name `y` of side `other`, computed once per pair of
   * given names: a file of repeated names compares the same few thousand pairs millions of times.
   */
  givenScoreOf(x: NameFeature, other: SideFeatures, y: NameFeature): number {
    const scores = this.givenScores.against(other);
    const key = x.given * other.index.strings.length + y.given;
    let score = scores.get(key);
    if (score === undefined) scores.set(key, (score = givenScore(x, y)));
    return score;
  }

  /**
   * placeScore of the place of event row `row` of this side and of row `otherRow` of side `other`,
   * computed once per pair of place texts: a file of few places compares the same pairs millions of times.
   */
  placeScoreOf(row: EventRow, other: SideFeatures, otherRow: EventRow): number {
    // cast: row >= 0 is a row of the person event table
    const x = row < 0 ? 0 : (this.index.personEvents.place[row] as number);
    // cast: otherRow >= 0 is a row of the other side's person event table
    const y = otherRow < 0 ? 0 : (other.index.personEvents.place[otherRow] as number);
    if (x === 0 || y === 0) return 0;
    const scores = this.placeScores.against(other);
    const key = x * other.index.strings.length + y;
    let score = scores.get(key);
    if (score === undefined) scores.set(key, (score = placeScore(this.placeOf(row), other.placeOf(otherRow))));
    return score;
  }

  /** Whether a spouse of person p bears surname `x` or `y` (folded, not empty) in a name. */
  spouseSurnamed(p: number, x: string, y: string): boolean {
    const index = this.index;
    // cast: famsStart has an entry per person plus one, and p is a person number
    for (let l = index.famsStart[p] as number, end = index.famsStart[p + 1] as number; l < end; l++) {
      // cast: l < famsStart[p + 1] <= famsFamily.length
      const f = index.famsFamily[l] as number;
      if (!index.isFamily(f)) continue;
      const s = index.spouseIn(f, p);
      if (s < 0) continue;
      for (const n of this.namesOf(s)) if (n.surname !== '' && (n.surname === x || n.surname === y)) return true;
    }
    return false;
  }

  hasParents(p: number): boolean {
    return this.index.parentFamily(p) >= 0;
  }

  /** The father (or mother) of person p in its parent family, a person number; -1 when none. */
  parent(p: number, father: boolean): number {
    const pf = this.index.parentFamily(p);
    if (pf < 0) return -1;
    // cast: pf is a family number (>= 0 checked), and husband and wife have an entry per family
    const parent = (father ? this.index.husband[pf] : this.index.wife[pf]) as number;
    return this.index.isPerson(parent) ? parent : -1;
  }

  /** Calls `visit` with each spouse (`children` false) or each child (`children` true) of person p, person numbers. */
  forEachRelative(p: number, children: boolean, visit: (q: number) => void): void {
    const index = this.index;
    // cast: famsStart has an entry per person plus one, and p is a person number
    for (let l = index.famsStart[p] as number, end = index.famsStart[p + 1] as number; l < end; l++) {
      // cast: l < famsStart[p + 1] <= famsFamily.length
      const f = index.famsFamily[l] as number;
      if (!index.isFamily(f)) continue;
      if (!children) {
        const s = index.spouseIn(f, p);
        if (index.isPerson(s)) visit(s);
        continue;
      }
      // cast: childStart has an entry per family plus one, and f is a family number
      for (let c = index.childStart[f] as number, e = index.childStart[f + 1] as number; c < e; c++) {
        // cast: c < childStart[f + 1] <= child.length
        const q = index.child[c] as number;
        if (index.isPerson(q)) visit(q);
      }
    }
  }

  /** Whether a sibling of person p (another child of its parent family) bears p's first given name. */
  namesakeSibling(p: number): boolean {
    const pf = this.index.parentFamily(p);
    const own = this.namesOf(p)[0]?.givenFull ?? '';
    if (pf < 0 || own === '') return false;
    const index = this.index;
    // cast: childStart has an entry per family plus one, and pf is a family number
    for (let c = index.childStart[pf] as number, e = index.childStart[pf + 1] as number; c < e; c++) {
      // cast: c < childStart[pf + 1] <= child.length
      const q = index.child[c] as number;
      if (q !== p && index.isPerson(q) && this.namesOf(q).some((n) => n.givenFull === own)) return true;
    }
    return false;
  }

  /** Whether the first name of p is the same given names as a name of q, or one of them written more fully (merge-names.ts compatibleGiven). */
  compatibleGiven(p: number, other: SideFeatures, q: number): boolean {
    const x = this.namesOf(p)[0];
    if (x === undefined || x.givenFull === '') return false;
    return this.sameGiven(p, other, q) || other.namesOf(q).some((n) => compatibleGiven(x.tokens, n.tokens));
  }

  /** Whether the first names of p and q are the same given names: written alike, or token by token forms of one name (William Henry / Bill Henry). */
  sameGiven(p: number, other: SideFeatures, q: number): boolean {
    const x = this.namesOf(p)[0];
    if (x === undefined || x.givenFull === '') return false;
    return other.namesOf(q).some((n) => n.givenFull === x.givenFull || equivalentGiven(x.tokens, n.tokens));
  }

  /** Names of the father (or mother) of the parent family; null when there is no such person. */
  parentNames(p: number, father: boolean): readonly NameFeature[] | null {
    const pf = this.index.parentFamily(p);
    if (pf < 0) return null;
    // cast: pf is a family number (>= 0 checked), and husband and wife have an entry per family
    const parent = (father ? this.index.husband[pf] : this.index.wife[pf]) as number;
    return this.index.isPerson(parent) ? this.namesOf(parent) : null;
  }

  /** The families person p is a spouse or parent in (FAMS links to families of the file). */
  marriages(p: number): number {
    const index = this.index;
    let n = 0;
    // cast: famsStart has an entry per person plus one, and p is a person number
    for (let l = index.famsStart[p] as number, end = index.famsStart[p + 1] as number; l < end; l++) if (index.isFamily(index.famsFamily[l] as number)) n++;
    return n;
  }

  /** Names of each spouse of person p, in the order of its FAMS links. */
  spouses(p: number): (readonly NameFeature[])[] {
    const index = this.index;
    const out: (readonly NameFeature[])[] = [];
    // cast: famsStart has an entry per person plus one, and p is a person number
    for (let l = index.famsStart[p] as number, end = index.famsStart[p + 1] as number; l < end; l++) {
      // cast: l < famsStart[p + 1] <= famsFamily.length
      const f = index.famsFamily[l] as number;
      if (!index.isFamily(f)) continue;
      const s = index.spouseIn(f, p);
      if (s >= 0) out.push(this.namesOf(s));
    }
    return out;
  }
}

/**
 * Name features of the people of one index: one feature per distinct (given, surname, suffix),
 * its parts computed once per distinct string, and one shared list for everyone with the same
 * single name. Alias and placeholder names (merge-names.ts placeholderName) have no feature: they
 * are never evidence.
 */
class NameFeatures {
  private readonly given = new Map<number, { full: string; tokens: readonly GivenToken[] }>();
  private readonly surname = new Map<number, { folded: string; code: string; patronymic: GivenToken | null; father: GivenToken | null }>();
  private readonly suffix = new Map<number, string>();
  private readonly byParts = new Map<string, readonly NameFeature[]>();

  constructor(private readonly index: TreeIndex) {}

  /** The names of person p that are not placeholders, in the order of its NAME lines. */
  of(p: number): readonly NameFeature[] {
    // cast: nameStart has an entry per person plus one, and p is a person number
    const start = this.index.nameStart[p] as number;
    // cast: nameStart has an entry per person plus one, and p is a person number
    const end = this.index.nameStart[p + 1] as number;
    if (start === end) return NO_NAMES;
    if (end - start === 1) return this.single(start);
    const out: NameFeature[] = [];
    for (let n = start; n < end; n++) out.push(...this.single(n));
    return out.length === 0 ? NO_NAMES : out;
  }

  /** The one-name list of name row n (empty for a placeholder), shared by every row of the same parts. */
  private single(n: number): readonly NameFeature[] {
    const index = this.index;
    // cast: n is a name row, and nameGiven, nameSurname and nameSuffix have an entry per name row
    const g = index.nameGiven[n] as number;
    // cast: see above
    const sn = index.nameSurname[n] as number;
    // cast: see above
    const sx = index.nameSuffix[n] as number;
    const key = `${g} ${sn} ${sx}`;
    let hit = this.byParts.get(key);
    if (hit === undefined) {
      const s = index.strings;
      // cast: nameGiven and nameSurname hold string ids, and strings has every id
      const placeholder = placeholderName(s[g] as string, s[sn] as string);
      this.byParts.set(key, (hit = placeholder ? NO_NAMES : [this.feature(g, sn, sx)]));
    }
    return hit;
  }

  private feature(g: number, sn: number, sx: number): NameFeature {
    const s = this.index.strings;
    let given = this.given.get(g);
    if (given === undefined) {
      // cast: nameGiven holds string ids, and strings has every id
      const tokens = givenTokens(s[g] as string);
      this.given.set(g, (given = { full: tokens.map((t) => t.text).join(' '), tokens }));
    }
    let surname = this.surname.get(sn);
    if (surname === undefined) {
      // cast: nameSurname holds string ids, and strings has every id
      const folded = foldSurname(s[sn] as string);
      const root = patronymicRoot(folded);
      const father = fatherNameOf(folded);
      surname = {
        folded,
        code: soundex(folded),
        patronymic: root === null ? null : (givenTokens(root)[0] ?? null),
        father: father === null ? null : (givenTokens(father)[0] ?? null),
      };
      this.surname.set(sn, surname);
    }
    let suffix = this.suffix.get(sx);
    if (suffix === undefined) {
      // cast: nameSuffix holds string ids, and strings has every id
      const text = s[sx] as string;
      this.suffix.set(sx, (suffix = foldAscii(text).toUpperCase().trim()));
    }
    return {
      surname: surname.folded,
      surnameCode: surname.code,
      suffix,
      givenFull: given.full,
      given: g,
      tokens: given.tokens,
      patronymic: surname.patronymic,
      father: surname.father,
    };
  }
}

/** The first dated event of the tags in order, else the first event of the tags in order; -1 when none. */
function vitalEvent(index: TreeIndex, p: number, a: number, b: number, c: number): number {
  const t = index.personEvents.tag;
  const f = index.personEvents.flags;
  // cast: personEventStart has an entry per person plus one, and p is a person number
  const start = index.personEventStart[p] as number;
  // cast: personEventStart has an entry per person plus one, and p is a person number
  const end = index.personEventStart[p + 1] as number;
  // cast: start <= e < end = personEventStart[p + 1] <= the flags' length
  for (const tag of [a, b, c]) for (let e = start; e < end; e++) if (t[e] === tag && ((f[e] as number) & EV_DATED) !== 0) return e;
  for (const tag of [a, b, c]) for (let e = start; e < end; e++) if (t[e] === tag) return e;
  return -1;
}

/**
 * Whether left person i and right person j may be identical records: what the features read of a
 * record alone (sex, the vital dates, the names) is equal. Identical records always are, so the
 * text of two records is compared only when this holds.
 */
export function mayBeIdentical(l: SideFeatures, i: number, r: SideFeatures, j: number): boolean {
  if (l.sex[i] !== r.sex[j] || l.approximate[i] !== r.approximate[j]) return false;
  // NaN (undated) equals NaN here
  for (let k = 0; k < 4; k++) if (!Object.is(l.bounds[4 * i + k], r.bounds[4 * j + k])) return false;
  const x = l.namesOf(i);
  const y = r.namesOf(j);
  if (x.length !== y.length) return false;
  for (let k = 0; k < x.length; k++) {
    const a = x[k];
    const b = y[k];
    if (a?.givenFull !== b?.givenFull || a?.surname !== b?.surname || a?.suffix !== b?.suffix) return false;
  }
  return true;
}

/**
 * True when scorePair(left i, right j) is -1 because of sex or a birth or death date (the same
 * tests as dateScore's -1: disjoint widened ranges; NaN bounds never veto).
 */
export function vetoedByDates(l: SideFeatures, i: number, r: SideFeatures, j: number): boolean {
  // cast: callers pass i < the left side's count, and sex has an entry per person
  const a = l.sex[i] as number;
  // cast: callers pass j < the right side's count, and sex has an entry per person
  const b = r.sex[j] as number;
  if (a !== 0 && b !== 0 && a !== b) return true;
  // cast: callers pass i < the left side's count, and approximate has an entry per person
  const la = l.approximate[i] as number;
  // cast: callers pass j < the right side's count, and approximate has an entry per person
  const ra = r.approximate[j] as number;
  // written out, not looped: this runs for every candidate pair of a block (millions)
  return (
    disjoint(l.bounds, 4 * i + BIRTH.at, (la & BIRTH.bit) !== 0, r.bounds, 4 * j + BIRTH.at, (ra & BIRTH.bit) !== 0) ||
    disjoint(l.bounds, 4 * i + DEATH.at, (la & DEATH.bit) !== 0, r.bounds, 4 * j + DEATH.at, (ra & DEATH.bit) !== 0)
  );
}

/** dateScore === -1 for the ranges at lb[x..x+1] and rb[y..y+1] (equal exact ranges score 1 first). */
function disjoint(lb: Float64Array, x: number, la: boolean, rb: Float64Array, y: number, ra: boolean): boolean {
  // cast: x = 4 * i (+ 2) for a person i, and bounds has 4 entries per person
  const xlo = lb[x] as number;
  // cast: x + 1 is within the 4 entries of person i (see above)
  const xhi = lb[x + 1] as number;
  // cast: y = 4 * j (+ 2) for a person j, and bounds has 4 entries per person
  const ylo = rb[y] as number;
  // cast: y + 1 is within the 4 entries of person j (see above)
  const yhi = rb[y + 1] as number;
  if (!(xhi < ylo || yhi < xlo)) return false;
  if (!la && !ra && yearOffByOne(xlo, xhi, ylo, yhi)) return false;
  return la || ra || xlo !== ylo || xhi !== yhi;
}

/**
 * Two exact dates that differ only by a year written one off: the same day and month a year
 * apart, the same month a year apart ("AUG 1520" / "AUG 1521"), or two adjacent year-only (or
 * month-only) statements. Never vetoes, never identifies.
 */
function yearOffByOne(xlo: number, xhi: number, ylo: number, yhi: number): boolean {
  if (xlo === xhi && ylo === yhi) return YEAR_OFF_DAYS.includes(Math.abs(xlo - ylo));
  const span = Math.max(xhi - xlo, yhi - ylo);
  if (span >= 27 && span <= 30 && Math.min(xhi - xlo, yhi - ylo) >= 27 && YEAR_OFF_DAYS.includes(Math.abs(xlo - ylo))) return true;
  return span >= 27 && (ylo - xhi === 1 || xlo - yhi === 1) && Math.abs(xhi - xlo - (yhi - ylo)) <= 3;
}

/** The same number of given-name tokens, each equal to or a form of its counterpart (tokenAgreement 0.5). */
function equivalentGiven(x: readonly GivenToken[], y: readonly GivenToken[]): boolean {
  if (x.length !== y.length || x.length === 0) return false;
  // cast: k < x.length === y.length
  for (let k = 0; k < x.length; k++) if (tokenAgreement(x[k] as GivenToken, y[k] as GivenToken) !== 0.5) return false;
  return true;
}

/** Given names: 1 when equal, else the agreement of their tokens (merge-names.ts) up to 1; -1 when both are given and none agree. */
function givenScore(a: NameFeature, b: NameFeature): number {
  if (a.givenFull === b.givenFull) return a.givenFull === '' ? 0 : 1;
  if (a.tokens.length === 0 || b.tokens.length === 0) return 0;
  if (equivalentGiven(a.tokens, b.tokens)) return 1;
  // "Louis XIII" and "Louis XIV" are father and son
  const x = regnalNumber(a.tokens);
  const y = regnalNumber(b.tokens);
  if (x !== '' && y !== '' && x !== y) return -1;
  let score = 0;
  for (const x of a.tokens) for (const y of b.tokens) score += tokenAgreement(x, y);
  score = Math.min(score, 1);
  // a middle name dropped or written as its initial ("Caroline Lee" / "Caroline" / "Caroline L.")
  if (compatibleGiven(a.tokens, b.tokens)) score = Math.max(score, COMPATIBLE_GIVEN_SCORE);
  return score === 0 ? -1 : score;
}

/** Surnames equal after folding, of the same Soundex, or one absent (`absent`). */
function surnameAgreement(a: NameFeature, b: NameFeature): 'same' | 'absent' | 'differ' {
  if (a.surname === '' || b.surname === '') return a.surname === b.surname ? 'same' : 'absent';
  return a.surname === b.surname || a.surnameCode === b.surnameCode ? 'same' : 'differ';
}

/**
 * Gramps name_match for name `x` of left person i (side a) and name `y` of right person j (side
 * b), with name equivalence: a surname that differs vetoes unless surnameExplained accounts for it
 * (a married name: nothing off; a patronymic: 0.25 off), or for names of relatives (`i` = RELATIVE:
 * 0.25 off); an absent surname takes 0.25 off the given-name score.
 */
function nameScore(a: SideFeatures, i: number, x: NameFeature, b: SideFeatures, j: number, y: NameFeature): number {
  if (x.suffix !== '' && y.suffix !== '' && x.suffix !== y.suffix) return -1;
  const given = a.givenScoreOf(x, b, y);
  if (given === -1) return -1;
  const surname = surnameAgreement(x, y);
  if (surname === 'same') return given;
  if (surname === 'absent') return Math.max(given - 0.25, 0.25);
  const cost = i === RELATIVE ? 0.25 : surnameExplained(a, i, b, j, x, y);
  return cost === -1 ? -1 : Math.max(given - cost, 0.25);
}

/** Best nameScore over every pair of names of `xs` (side a) and `ys` (side b); -1 when every pair vetoes (0 when a side has no name). */
function namesScore(a: SideFeatures, i: number, xs: readonly NameFeature[], b: SideFeatures, j: number, ys: readonly NameFeature[]): number {
  if (xs.length === 0 || ys.length === 0) return 0;
  let best = -1;
  for (const x of xs) for (const y of ys) best = Math.max(best, nameScore(a, i, x, b, j, y));
  return best;
}

/** The person number nameScore is given for a relative's names (parents, spouses): a surname that differs is allowed (patronymics, married names, spelling), the given names must agree. */
const RELATIVE = -1;

/**
 * Gramps date_match over day ranges (approximate dates widened by the slack) of left person i and
 * right person j, read from the widened bounds the vetoes use; allocation free.
 */
function dateScore(x: SideFeatures, i: number, y: SideFeatures, j: number, event: VitalEvent): number {
  // cast: callers pass person numbers, and bounds has 4 entries per person
  const xlo = x.bounds[4 * i + event.at] as number;
  // cast: see above
  const xhi = x.bounds[4 * i + event.at + 1] as number;
  // cast: see above
  const ylo = y.bounds[4 * j + event.at] as number;
  // cast: see above
  const yhi = y.bounds[4 * j + event.at + 1] as number;
  // NaN: the event is absent or undated
  if (Number.isNaN(xlo) || Number.isNaN(ylo)) return 0;
  // cast: callers pass person numbers, and approximate has an entry per person
  const xa = ((x.approximate[i] as number) & event.bit) !== 0;
  // cast: see above
  const ya = ((y.approximate[j] as number) & event.bit) !== 0;
  // exact ranges are not widened: equal bounds are equal dates; equal approximate ranges are the same statement ("ABT 1050" on both sides)
  if (xlo === ylo && xhi === yhi) return (xhi === xlo && !xa && !ya) || sameChristeningDay(x, i, y, j, event) ? EXACT_DAY_SCORE : 1;
  if (xhi < ylo || yhi < xlo) return !xa && !ya && yearOffByOne(xlo, xhi, ylo, yhi) ? 0 : -1;
  if (xa !== ya && statedWithin(xa ? y : x, xa ? j : i, xa ? x : y, xa ? i : j, event)) return 1;
  if (xa || ya) return 0.5;
  // one date is a more precise statement within the other (year vs. full date, within a year)
  const xInner = xhi - xlo <= yhi - ylo;
  const ilo = xInner ? xlo : ylo;
  const ihi = xInner ? xhi : yhi;
  const olo = xInner ? ylo : xlo;
  const ohi = xInner ? yhi : xhi;
  return ilo >= olo && ihi <= ohi && ohi - olo <= 366 ? 0.75 : 0.5;
}

/**
 * Gramps place_match by hierarchy: equal places 1; equal localities ("Leeds" of "Leeds, Yorkshire"
 * and of "Leeds") 0.75 at least; otherwise shared or phonetic tokens. Places with no token in
 * common veto only when both state at least two levels (a town alone, or a country alone, is not a
 * conflict with a fuller place).
 */
function placeScore(x: PlaceFeature | null, y: PlaceFeature | null): number {
  if (x === null || y === null) return 0;
  if (x.joined === y.joined) return 1;
  let score = x.locality !== '' && x.locality === y.locality ? 0.5 : 0;
  for (let i = 0; i < x.tokens.length; i++) {
    // cast: i < x.tokens.length
    const s = x.tokens[i] as string;
    for (let k = 0; k < y.tokens.length; k++) {
      // cast: k < y.tokens.length
      const t = y.tokens[k] as string;
      if (s === t) score += 0.5;
      else if (s[0] === t[0] && x.codes[i] === y.codes[k]) score += 0.25;
    }
  }
  score = Math.min(score, 1);
  if (score > 0) return score;
  return x.levels >= 2 && y.levels >= 2 ? -1 : 0;
}

/**
 * Gramps compare_people of left person i and right person j: the sum of the components, or -1
 * when any component vetoes. Every component is a multiple of 0.25, so the sum is exact in any
 * order, and any veto ends the pair whichever is found first: the cheap vetoes run first, the
 * dates (most candidate pairs of a block end there), then the places (scored once per pair of
 * place texts), before the names and relatives.
 */
export function scorePair(a: SideFeatures, i: number, b: SideFeatures, j: number, note?: EvidenceNote): number {
  const as = a.sex[i];
  const bs = b.sex[j];
  if ((as === SEX_CODE_M && bs === SEX_CODE_F) || (as === SEX_CODE_F && bs === SEX_CODE_M)) return -1;
  const birth = dateScore(a, i, b, j, BIRTH);
  if (birth === -1) return -1;
  const death = dateScore(a, i, b, j, DEATH);
  if (death === -1) return -1;
  const birthPlace = a.placeScoreOf(a.birth(i), b, b.birth(j));
  if (birthPlace === -1) return -1;
  const deathPlace = a.placeScoreOf(a.death(i), b, b.death(j));
  if (deathPlace === -1) return -1;
  const names = namesScore(a, i, a.namesOf(i), b, j, b.namesOf(j));
  if (names === -1) return -1;
  // a date and a place of one event stated alike on both sides (the year and the town) single the person out like an exact day
  const birthBoth = birth === 1 && localityAgrees(a.placeOf(a.birth(i)), b.placeOf(b.birth(j))) && a.compatibleGiven(i, b, j) ? DATE_AND_PLACE_SCORE : 0;
  const deathBoth = death === 1 && localityAgrees(a.placeOf(a.death(i)), b.placeOf(b.death(j))) && a.compatibleGiven(i, b, j) ? DATE_AND_PLACE_SCORE : 0;
  let total = names + birth + birthBoth + death + deathBoth + birthPlace + deathPlace;
  let fatherName = 0;
  let motherName = 0;
  if (a.hasParents(i) && b.hasParents(j)) {
    for (const father of [true, false]) {
      const x = a.parentNames(i, father);
      const y = b.parentNames(j, father);
      if (x === null || y === null) continue;
      const parent = namesScore(a, RELATIVE, x, b, RELATIVE, y);
      if (parent === -1) return -1;
      if (father) fatherName = parent;
      else motherName = parent;
      total += parent;
    }
  }
  let spouses = 0;
  const bSpouses = b.spouses(j);
  for (const s of a.spouses(i)) {
    for (const t of bSpouses) {
      const m = namesScore(a, RELATIVE, s, b, RELATIVE, t);
      if (m > 0) spouses += m;
    }
  }
  total += spouses;
  if (note !== undefined) {
    const parts: readonly (readonly [EvidenceCode, number])[] = [
      ['name', names],
      ['birth_date', birth + birthBoth],
      ['death_date', death + deathBoth],
      ['birth_place', birthPlace],
      ['death_place', deathPlace],
      ['father_name', fatherName],
      ['mother_name', motherName],
      ['spouse_name', spouses],
    ];
    for (const [code, weight] of parts) if (weight !== 0) note(code, weight);
  }
  return total;
}

/**
 * What decided a pair, as codes and weights (the components of its score): never a name, a date
 * or a place, so the list is path- and content-free.
 */
export type EvidenceCode =
  | 'identical_record'
  | 'name'
  | 'birth_date'
  | 'death_date'
  | 'birth_place'
  | 'death_place'
  | 'father_name'
  | 'mother_name'
  | 'spouse_name'
  | 'parents_merged'
  | 'spouse_merged'
  | 'children_merged'
  | 'same_identifier'
  | 'same_content'
  | 'rare_name';
export type EvidenceNote = (code: EvidenceCode, weight: number) => void;

/**
 * A surname of left person i (`x`) and of right person j (`y`) that differ but name one person,
 * as the points it takes off the given-name score: 0 for a woman under her husband's surname
 * (either name is the surname of a spouse on either side), 0.25 for a patronymic made of the given
 * name of the father on either side; -1 when nothing accounts for it.
 */
function surnameExplained(a: SideFeatures, i: number, b: SideFeatures, j: number, x: NameFeature, y: NameFeature): number {
  if (a.sex[i] !== SEX_CODE_M && b.sex[j] !== SEX_CODE_M && (a.spouseSurnamed(i, x.surname, y.surname) || b.spouseSurnamed(j, x.surname, y.surname))) return 0;
  if (x.patronymic === null && y.patronymic === null) return -1;
  if (sameFatherNamed(x, y)) return 0;
  const fathers = [a.parentNames(i, true), b.parentNames(j, true)];
  return fatherNamed(fathers, x.patronymic) || fatherNamed(fathers, y.patronymic) ? 0.25 : -1;
}

/** Both surnames are patronymics of one father's name (or its spelling), written in two forms ("ap Cadwgan" / "Cadwgonsson"): one surname, no penalty. */
function sameFatherNamed(x: NameFeature, y: NameFeature): boolean {
  return x.father !== null && y.father !== null && tokenAgreement(x.father, y.father) > 0;
}

/** Whether a given-name token of a father's names (either side's) is a form of the patronymic's `token`. */
function fatherNamed(fathers: readonly (readonly NameFeature[] | null)[], token: GivenToken | null): boolean {
  if (token === null) return false;
  for (const father of fathers) for (const n of father ?? NO_NAMES) for (const t of n.tokens) if (tokenAgreement(t, token) === 0.5) return true;
  return false;
}

/**
 * Evidence that singles the person out rather than a relative or a namesake: a birth or death
 * date that agrees precisely (same day, or a day within the other's stated year; an overlap
 * through the slack of an approximate date is not enough), a birth or death place that agrees in
 * its locality (not merely its county or country), or a spouse of the same name. Parents' names
 * are no such evidence: siblings share them.
 */
function identifyingEvidence(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  if (aDateAgreesPrecisely(a, i, b, j)) return true;
  // a place alone identifies only the same given names ("Elidir" and "Elidir Vaughan", brothers born
  // a year apart in one county, are reviewed)
  if (!a.sameGiven(i, b, j)) return spouseOfTheSameName(a, i, b, j);
  // two approximate births stated otherwise (ABT 1075 / ABT 1080): two namesakes of one place, such as two sons of one
  // couple a few years apart, fit them as well
  if (approximateBirthsDiffer(a, i, b, j)) return spouseOfTheSameName(a, i, b, j);
  for (const [x, y] of [
    [a.birth(i), b.birth(j)],
    [a.death(i), b.death(j)],
  ] as const) {
    if (localityAgrees(a.placeOf(x), b.placeOf(y))) return true;
  }
  return spouseOfTheSameName(a, i, b, j);
}

/** Both births approximate and stated otherwise (their ranges differ; they overlap only through the slack, or the caller would have vetoed). */
function approximateBirthsDiffer(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  // cast: callers pass person numbers, and approximate has an entry per person
  const both = ((a.approximate[i] as number) & (b.approximate[j] as number) & BIRTH.bit) !== 0;
  return both && dateScore(a, i, b, j, BIRTH) === 0.5;
}

/**
 * An exact date of person p (side a) within the range an approximate date of person q (side b)
 * states ("3 MAR 1850" within "ABT 1850"), the approximation's slack left out; not a christening
 * standing for a birth.
 */
function statedWithin(a: SideFeatures, p: number, b: SideFeatures, q: number, event: VitalEvent): boolean {
  const ev = b.index.personEvents;
  const row = event === BIRTH ? b.birth(q) : b.death(q);
  const exact = event === BIRTH ? a.birth(p) : a.death(p);
  // cast: rows >= 0 of the person event tables (both dated: the caller compared their bounds)
  if (row < 0 || exact < 0 || ((ev.flags[row] as number) & EV_APPROXIMATE) === 0) return false;
  if (event === BIRTH && (ev.tag[row] === TAG_CHR || ev.tag[row] === TAG_BAPM)) return false;
  const ae = a.index.personEvents;
  // cast: see above
  return (ae.earliest[exact] as number) >= (ev.earliest[row] as number) && (ae.latest[exact] as number) <= (ev.latest[row] as number);
}

/** Both births are the same christening day (equal ranges checked by the caller). */
function sameChristeningDay(x: SideFeatures, i: number, y: SideFeatures, j: number, event: VitalEvent): boolean {
  // cast: callers pass person numbers, and approximate has an entry per person
  return event === BIRTH && ((x.approximate[i] as number) & (y.approximate[j] as number) & CHRISTENING_DAY) !== 0;
}

/** A date of the event that agrees precisely: the same day, or a day within the other's stated year, neither approximate. */
function preciseDate(a: SideFeatures, i: number, b: SideFeatures, j: number, event: VitalEvent): boolean {
  // cast: callers pass person numbers, and approximate has an entry per person
  const approximate = (((a.approximate[i] as number) | (b.approximate[j] as number)) & event.bit) !== 0;
  const score = dateScore(a, i, b, j, event);
  if (score === EXACT_DAY_SCORE) return true;
  // a range open on one side ("AFT 1056") or wider than a year is no precise statement
  // cast: callers pass person numbers, and bounds has 4 entries per person
  const narrow = (side: SideFeatures, p: number): boolean => (side.bounds[4 * p + event.at + 1] as number) - (side.bounds[4 * p + event.at] as number) <= 366;
  return !approximate && score >= 0.75 && narrow(a, i) && narrow(b, j);
}

/**
 * Two places of the same locality. A place of one level ("VA", "Wales") is no locality, except as
 * the town of a place of three levels or more ("Leeds" of "Leeds, Yorkshire, England"; not "Wales"
 * of "Wales, United Kingdom").
 */
function localityAgrees(p: PlaceFeature | null, q: PlaceFeature | null): boolean {
  if (p === null || q === null || p.locality === '' || p.locality !== q.locality) return false;
  return Math.min(p.levels, q.levels) >= 2 || Math.max(p.levels, q.levels) >= 3;
}

function spouseOfTheSameName(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  const bSpouses = b.spouses(j);
  for (const s of a.spouses(i)) for (const t of bSpouses) if (namesScore(a, RELATIVE, s, b, RELATIVE, t) >= 0.75) return true;
  return false;
}

/**
 * Both sides name spouses and every spouse of one contradicts every spouse of the other by name
 * (given names that differ; spouses named by the same surname alone do not), while every
 * family of each side names its spouse (a family of an unnamed or absent partner may be the
 * other side's marriage: each file holding one of two marriages is no conflict).
 */
function conflictingSpouses(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  const x = a.spouses(i).filter((names) => names.length > 0);
  const y = b.spouses(j).filter((names) => names.length > 0);
  if (x.length === 0 || y.length === 0 || x.length < a.marriages(i) || y.length < b.marriages(j)) return false;
  for (const s of x) for (const t of y) if (namesScore(a, RELATIVE, s, b, RELATIVE, t) >= 0) return false;
  return true;
}

/** Whether family context may stand for identifying evidence of left person i and right person j: both named, spouses not conflicting. */
export function contextAllowed(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  return a.namesOf(i).length > 0 && b.namesOf(j).length > 0 && sameRegnalNumber(a, i, b, j) && !conflictingSpouses(a, i, b, j);
}

/** Births that do not tell two siblings apart: absent on a side, or agreeing precisely (not merely through the slack of approximate dates). */
export function birthsAgreePrecisely(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  // cast: callers pass person numbers, and approximate has an entry per person
  const xa = ((a.approximate[i] as number) & BIRTH.bit) !== 0;
  // cast: see above
  const ya = ((b.approximate[j] as number) & BIRTH.bit) !== 0;
  // an exact birth within an approximate one's year ("1035" and "ABT 1035") does not tell two siblings apart
  if (xa !== ya && statedWithin(xa ? b : a, xa ? j : i, xa ? a : b, xa ? i : j, BIRTH)) return false;
  return dateScore(a, i, b, j, BIRTH) !== 0.5;
}

/** A birth or death date that agrees precisely (the same day, or a day within the other's year; neither approximate). */
export function aDateAgreesPrecisely(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  return preciseDate(a, i, b, j, BIRTH) || preciseDate(a, i, b, j, DEATH);
}

/**
 * "Gwenllian" and "Gwenllian II" may be two sisters: a regnal number on one side only, or two different ones, is never merged without
 * review; a number on one side only is a name written more or less fully when a birth or death agrees to the day ("Philippe III" /
 * "Philippe", both born 30 APR 1245: a sister of the same name is not born or dead the same day).
 */
function sameRegnalNumber(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  const x = a.namesOf(i)[0];
  const y = b.namesOf(j)[0];
  if (x === undefined || y === undefined) return true;
  const [rx, ry] = [regnalNumber(x.tokens), regnalNumber(y.tokens)];
  if (rx === ry) return true;
  return (rx === '' || ry === '') && (dateScore(a, i, b, j, BIRTH) === EXACT_DAY_SCORE || dateScore(a, i, b, j, DEATH) === EXACT_DAY_SCORE);
}

/** Whether left person i and right person j, scoring at or above the automatic threshold, may merge without review. */
export function automaticAllowed(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  if (a.namesOf(i).length === 0 || b.namesOf(j).length === 0 || !sameRegnalNumber(a, i, b, j)) return false;
  return identifyingEvidence(a, i, b, j) && !conflictingSpouses(a, i, b, j);
}
