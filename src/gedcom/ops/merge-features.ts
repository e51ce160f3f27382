import { EV_APPROXIMATE, EV_DATED, TAG_BAPM, TAG_BIRT, TAG_BURI, TAG_CHR, TAG_CREM, TAG_DEAT } from './event-table.js';
import { SEX_F, SEX_M } from './index-builder.js';
import { foldAscii, soundex } from './soundex.js';
import type { TreeIndex } from './tree-index.js';

/**
 * What merge compares of a person (Gramps' Find Duplicates, see merge.ts): name, date and place
 * features read from the compact index, the score of a pair, and the evidence rules for an
 * automatic merge. Date vetoes of a candidate pair are checked first on typed arrays
 * ({@link DateVetoes}), so the millions of pairs a block yields that differ in birth or death
 * date never touch a feature object.
 */

const APPROXIMATE_SLACK_YEARS = 5;
const YEAR = 365.25;
const SLACK_DAYS = APPROXIMATE_SLACK_YEARS * YEAR;

export interface NameFeature {
  readonly surnameCode: string;
  readonly suffix: string;
  readonly givenFull: string;
  readonly tokens: readonly { readonly text: string; readonly code: string }[];
}

/** A place as the scores compare it: folded tokens with their Soundex codes, and its locality. */
export interface PlaceFeature {
  readonly joined: string;
  readonly tokens: readonly string[];
  readonly codes: readonly string[];
  readonly locality: string;
}

/** A birth or death as the date score reads it. */
export interface DateFact {
  readonly dated: boolean;
  readonly earliest: number;
  readonly latest: number;
  readonly approximate: boolean;
}

export interface PersonFeature {
  readonly xref: string;
  readonly male: boolean;
  readonly sex: 'M' | 'F' | 'U';
  readonly names: readonly NameFeature[];
  readonly birth: DateFact | undefined;
  readonly death: DateFact | undefined;
  /** Places of `birth` and `death`; null when the event or its place is absent. */
  readonly birthPlace: PlaceFeature | null;
  readonly deathPlace: PlaceFeature | null;
  readonly father: readonly NameFeature[] | null;
  readonly mother: readonly NameFeature[] | null;
  readonly hasParents: boolean;
  readonly spouses: readonly (readonly NameFeature[])[];
  readonly birthDecade: number | null;
}

function placeTokens(place: string): string[] {
  return foldAscii(place).toUpperCase().split(/[\s,]+/).filter((t) => t !== '');
}

/** The most specific level of a place ("Leeds" of "Leeds, Yorkshire, England"), folded; '' when absent. */
function locality(place: string): string {
  const first = place.split(',')[0] ?? '';
  return foldAscii(first).toUpperCase().split(/\s+/).filter((t) => t !== '').join(' ');
}

const NO_NAMES: readonly NameFeature[] = [];

/**
 * Features of the people of one index, each computed once: name parts once per distinct string
 * (a person's names are also its children's parent names and its spouses' spouse names), places
 * once per distinct place text.
 */
export class FeatureReader {
  private readonly given = new Map<number, { full: string; tokens: NameFeature['tokens'] }>();
  private readonly surname = new Map<number, string>();
  private readonly suffix = new Map<number, string>();
  private readonly places = new Map<number, PlaceFeature>();
  private readonly names: (readonly NameFeature[] | undefined)[];

  constructor(private readonly index: TreeIndex) {
    this.names = new Array<readonly NameFeature[] | undefined>(index.personCount);
  }

  private nameFeature(n: number): NameFeature {
    const index = this.index;
    const s = index.strings;
    // cast: callers pass a name row, and nameGiven has an entry per name row
    const g = index.nameGiven[n] as number;
    let given = this.given.get(g);
    if (given === undefined) {
      // cast: nameGiven holds string ids, and strings has every id
      const folded = foldAscii(s[g] as string).toUpperCase().trim();
      const tokens = folded.split(/\s+/).filter((t) => t !== '').map((text) => ({ text, code: soundex(text) }));
      this.given.set(g, (given = { full: tokens.map((t) => t.text).join(' '), tokens }));
    }
    // cast: callers pass a name row, and nameSurname has an entry per name row
    const sn = index.nameSurname[n] as number;
    let surnameCode = this.surname.get(sn);
    // cast: nameSurname holds string ids, and strings has every id
    if (surnameCode === undefined) this.surname.set(sn, (surnameCode = soundex(s[sn] as string)));
    // cast: callers pass a name row, and nameSuffix has an entry per name row
    const sx = index.nameSuffix[n] as number;
    let suffix = this.suffix.get(sx);
    // cast: nameSuffix holds string ids, and strings has every id
    if (suffix === undefined) this.suffix.set(sx, (suffix = foldAscii(s[sx] as string).toUpperCase().trim()));
    return { surnameCode, suffix, givenFull: given.full, tokens: given.tokens };
  }

  /** Name features of person p ([] for -1 and phantoms). */
  namesOf(p: number): readonly NameFeature[] {
    if (!this.index.isPerson(p)) return NO_NAMES;
    let hit = this.names[p];
    if (hit === undefined) {
      const out: NameFeature[] = [];
      // cast: nameStart has an entry per person plus one, and p is a person number
      for (let n = this.index.nameStart[p] as number, end = this.index.nameStart[p + 1] as number; n < end; n++) out.push(this.nameFeature(n));
      this.names[p] = hit = out;
    }
    return hit;
  }

  private placeOf(row: number): PlaceFeature | null {
    if (row < 0) return null;
    // cast: row >= 0 (returned above), a row of the person event table
    const id = this.index.personEvents.place[row] as number;
    if (id === 0) return null;
    let hit = this.places.get(id);
    if (hit === undefined) {
      // cast: place holds string ids, and strings has every id
      const place = this.index.strings[id] as string;
      const tokens = placeTokens(place);
      this.places.set(id, (hit = { joined: tokens.join(' '), tokens, codes: tokens.map(soundex), locality: locality(place) }));
    }
    return hit;
  }

  private dateOf(row: number): DateFact | undefined {
    if (row < 0) return undefined;
    const ev = this.index.personEvents;
    // cast: row >= 0 (returned above), a row of the person event table
    const f = ev.flags[row] as number;
    // cast: row is a row of the person event table (see above)
    return { dated: (f & EV_DATED) !== 0, earliest: ev.earliest[row] as number, latest: ev.latest[row] as number, approximate: (f & EV_APPROXIMATE) !== 0 };
  }

  features(p: number): PersonFeature {
    const index = this.index;
    const pf = index.parentFamily(p);
    const spouses: (readonly NameFeature[])[] = [];
    // cast: famsStart has an entry per person plus one, and p is a person number
    for (let l = index.famsStart[p] as number, end = index.famsStart[p + 1] as number; l < end; l++) {
      // cast: l < famsStart[p + 1] <= famsFamily.length
      const f = index.famsFamily[l] as number;
      if (!index.isFamily(f)) continue;
      const s = index.spouseIn(f, p);
      if (s >= 0) spouses.push(this.namesOf(s));
    }
    const birthRow = vitalEvent(index, p, TAG_BIRT, TAG_CHR, TAG_BAPM);
    const deathRow = vitalEvent(index, p, TAG_DEAT, TAG_BURI, TAG_CREM);
    const birth = this.dateOf(birthRow);
    const mid = birth !== undefined && birth.dated && Number.isFinite(birth.earliest) && Number.isFinite(birth.latest) ? (birth.earliest + birth.latest) / 2 : null;
    // cast: pf is a family number (>= 0 checked), and husband has an entry per family
    const father = pf < 0 ? -1 : (index.husband[pf] as number);
    // cast: pf is a family number (>= 0 checked), and wife has an entry per family
    const mother = pf < 0 ? -1 : (index.wife[pf] as number);
    const sex = index.sex[p];
    return {
      // cast: p is a person number, and personXref has an entry per person
      xref: index.personXref[p] as string,
      male: sex === SEX_M,
      sex: sex === SEX_M ? 'M' : sex === SEX_F ? 'F' : 'U',
      names: this.namesOf(p),
      birth,
      death: this.dateOf(deathRow),
      birthPlace: this.placeOf(birthRow),
      deathPlace: this.placeOf(deathRow),
      father: index.isPerson(father) ? this.namesOf(father) : null,
      mother: index.isPerson(mother) ? this.namesOf(mother) : null,
      hasParents: pf >= 0,
      spouses,
      birthDecade: mid === null ? null : Math.floor((mid - 1721426) / YEAR / 10),
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
 * Sex and the widened birth and death ranges of every person of one side, as typed arrays: the
 * vetoes of {@link scorePair} that end most candidate pairs, without touching a feature.
 */
export class DateVetoes {
  /** 1 male, 2 female, 0 unknown. */
  readonly sex: Uint8Array;
  /** Per person: birth low, birth high, death low, death high (slack applied; NaN when undated). */
  readonly bounds: Float64Array;
  /** Per person: 1 birth approximate, 2 death approximate. */
  readonly approximate: Uint8Array;

  constructor(features: readonly PersonFeature[]) {
    const n = features.length;
    this.sex = new Uint8Array(n);
    this.bounds = new Float64Array(4 * n);
    this.approximate = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      // cast: i < n = features.length
      const f = features[i] as PersonFeature;
      this.sex[i] = f.sex === 'M' ? 1 : f.sex === 'F' ? 2 : 0;
      this.put(i, 0, f.birth, 1);
      this.put(i, 2, f.death, 2);
    }
  }

  private put(i: number, at: number, d: DateFact | undefined, bit: number): void {
    if (d === undefined || !d.dated) {
      this.bounds[4 * i + at] = NaN;
      this.bounds[4 * i + at + 1] = NaN;
      return;
    }
    const slack = d.approximate ? SLACK_DAYS : 0;
    // cast: i < n, and approximate has n entries (see the constructor)
    if (d.approximate) this.approximate[i] = (this.approximate[i] as number) | bit;
    this.bounds[4 * i + at] = d.earliest - slack;
    this.bounds[4 * i + at + 1] = d.latest + slack;
  }
}

/**
 * True when scorePair(left i, right j) is -1 because of sex or a birth or death date (the same
 * tests as dateScore's -1: disjoint widened ranges; NaN bounds never veto).
 */
export function vetoedByDates(l: DateVetoes, i: number, r: DateVetoes, j: number): boolean {
  // cast: callers pass i < the left side's count, and sex has an entry per feature
  const a = l.sex[i] as number;
  // cast: callers pass j < the right side's count, and sex has an entry per feature
  const b = r.sex[j] as number;
  if (a !== 0 && b !== 0 && a !== b) return true;
  // cast: callers pass i < the left side's count, and approximate has an entry per feature
  const la = l.approximate[i] as number;
  // cast: callers pass j < the right side's count, and approximate has an entry per feature
  const ra = r.approximate[j] as number;
  return disjoint(l.bounds, 4 * i, (la & 1) !== 0, r.bounds, 4 * j, (ra & 1) !== 0) || disjoint(l.bounds, 4 * i + 2, (la & 2) !== 0, r.bounds, 4 * j + 2, (ra & 2) !== 0);
}

/** dateScore === -1 for the ranges at lb[x..x+1] and rb[y..y+1] (equal exact ranges score 1 first). */
function disjoint(lb: Float64Array, x: number, la: boolean, rb: Float64Array, y: number, ra: boolean): boolean {
  // cast: x = 4 * i (+ 2) for a feature i, and bounds has 4 entries per feature
  const xlo = lb[x] as number;
  // cast: x + 1 is within the 4 entries of feature i (see above)
  const xhi = lb[x + 1] as number;
  // cast: y = 4 * j (+ 2) for a feature j, and bounds has 4 entries per feature
  const ylo = rb[y] as number;
  // cast: y + 1 is within the 4 entries of feature j (see above)
  const yhi = rb[y + 1] as number;
  if (!(xhi < ylo || yhi < xlo)) return false;
  return la || ra || xlo !== ylo || xhi !== yhi;
}

/** Gramps name_match for one pair of names. */
function nameScore(a: NameFeature, b: NameFeature): number {
  if (a.surnameCode !== b.surnameCode) return -1;
  if (a.suffix !== '' && b.suffix !== '' && a.suffix !== b.suffix) return -1;
  if (a.givenFull === b.givenFull) return 1;
  let score = 0;
  for (const x of a.tokens) {
    for (const y of b.tokens) {
      if (x.text.length === 1 || y.text.length === 1) {
        if (x.text[0] === y.text[0]) score += 0.25;
      } else if (x.text === y.text) score += 0.5;
      else if (x.text[0] === y.text[0] && x.code === y.code) score += 0.25;
    }
  }
  score = Math.min(score, 1);
  return score === 0 ? -1 : score;
}

/** Best score over every pair of names; -1 when every pair vetoes (0 when a side has no name). */
function namesScore(a: readonly NameFeature[], b: readonly NameFeature[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let best = -1;
  for (const x of a) for (const y of b) best = Math.max(best, nameScore(x, y));
  return best;
}

/** Gramps date_match over day ranges (approximate dates widened by the slack); allocation free. */
function dateScore(a: DateFact | undefined, b: DateFact | undefined): number {
  if (a === undefined || b === undefined || !a.dated || !b.dated) return 0;
  if (a.earliest === b.earliest && a.latest === b.latest && !a.approximate && !b.approximate) return 1;
  const sa = a.approximate ? SLACK_DAYS : 0;
  const sb = b.approximate ? SLACK_DAYS : 0;
  const xlo = a.earliest - sa;
  const xhi = a.latest + sa;
  const ylo = b.earliest - sb;
  const yhi = b.latest + sb;
  if (xhi < ylo || yhi < xlo) return -1;
  if (a.approximate || b.approximate) return 0.5;
  // one date is a more precise statement within the other (year vs. full date, within a year)
  const xInner = xhi - xlo <= yhi - ylo;
  const ilo = xInner ? xlo : ylo;
  const ihi = xInner ? xhi : yhi;
  const olo = xInner ? ylo : xlo;
  const ohi = xInner ? yhi : xhi;
  return ilo >= olo && ihi <= ohi && ohi - olo <= 366 ? 0.75 : 0.5;
}

/** Gramps place_match. */
function placeScore(x: PlaceFeature | null, y: PlaceFeature | null): number {
  if (x === null || y === null) return 0;
  if (x.joined === y.joined) return 1;
  let score = 0;
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
  return score === 0 ? -1 : score;
}

/**
 * Gramps compare_people: the sum of the components, or -1 when any component vetoes. Every
 * component is a multiple of 0.25, so the sum is exact in any order: the cheap date vetoes run
 * first (most candidate pairs of a block end there).
 */
export function scorePair(a: PersonFeature, b: PersonFeature): number {
  if ((a.sex === 'M' && b.sex === 'F') || (a.sex === 'F' && b.sex === 'M')) return -1;
  const birth = dateScore(a.birth, b.birth);
  if (birth === -1) return -1;
  const death = dateScore(a.death, b.death);
  if (death === -1) return -1;
  const names = namesScore(a.names, b.names);
  if (names === -1) return -1;
  const birthPlace = placeScore(a.birthPlace, b.birthPlace);
  if (birthPlace === -1) return -1;
  const deathPlace = placeScore(a.deathPlace, b.deathPlace);
  if (deathPlace === -1) return -1;
  let total = names + birth + death + birthPlace + deathPlace;
  if (a.hasParents && b.hasParents) {
    if (a.father !== null && b.father !== null) {
      const father = namesScore(a.father, b.father);
      if (father === -1) return -1;
      total += father;
    }
    if (a.mother !== null && b.mother !== null) {
      const mother = namesScore(a.mother, b.mother);
      if (mother === -1) return -1;
      total += mother;
    }
  }
  for (const s of a.spouses) {
    for (const t of b.spouses) {
      const m = namesScore(s, t);
      if (m > 0) total += m;
    }
  }
  return total;
}

/**
 * Evidence that singles the person out rather than a relative or a namesake: a birth or death
 * date that agrees precisely (same day, or a day within the other's stated year; an overlap
 * through the slack of an approximate date is not enough), a birth or death place that agrees in
 * its locality (not merely its county or country), or a spouse of the same name. Parents' names
 * are no such evidence: siblings share them.
 */
function identifyingEvidence(a: PersonFeature, b: PersonFeature): boolean {
  if (dateScore(a.birth, b.birth) >= 0.75 || dateScore(a.death, b.death) >= 0.75) return true;
  for (const [x, y] of [[a.birthPlace, b.birthPlace], [a.deathPlace, b.deathPlace]] as const) {
    const l = x?.locality ?? '';
    if (l !== '' && l === (y?.locality ?? '')) return true;
  }
  for (const s of a.spouses) for (const t of b.spouses) if (namesScore(s, t) > 0) return true;
  return false;
}

/** Both sides name spouses and no spouse of one matches a spouse of the other by name. */
function conflictingSpouses(a: PersonFeature, b: PersonFeature): boolean {
  const named = (xs: readonly (readonly NameFeature[])[]): (readonly NameFeature[])[] => xs.filter((x) => x.length > 0);
  const x = named(a.spouses);
  const y = named(b.spouses);
  if (x.length === 0 || y.length === 0) return false;
  for (const s of x) for (const t of y) if (namesScore(s, t) > 0) return false;
  return true;
}

/** Whether a pair scoring at or above the automatic threshold may merge without review. */
export function automaticAllowed(a: PersonFeature, b: PersonFeature): boolean {
  return identifyingEvidence(a, b) && !conflictingSpouses(a, b);
}
