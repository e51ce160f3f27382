/**
 * A deterministic generator of realistic family trees for GEDCOM operation tests and benchmarks,
 * and of labelled overlapping exports for merge quality (known true pairs).
 */

export interface TruthPerson {
  readonly id: number;
  given: string;
  readonly surname: string;
  readonly sex: 'M' | 'F';
  readonly birth: { y: number; m: number; d: number; place: string };
  readonly death: { y: number; m: number; d: number; place: string } | null;
  famc: number | null;
  readonly fams: number[];
}

export interface TruthFamily {
  readonly id: number;
  readonly husband: number;
  readonly wife: number;
  readonly children: number[];
  readonly marriage: { y: number; m: number; d: number; place: string };
}

export interface TruthTree {
  readonly people: TruthPerson[];
  readonly families: TruthFamily[];
}

/** mulberry32 */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'an',
  'ber',
  'cal',
  'dor',
  'el',
  'fen',
  'gar',
  'hal',
  'is',
  'jor',
  'kel',
  'lin',
  'mar',
  'nor',
  'ol',
  'per',
  'quin',
  'ros',
  'sel',
  'tor',
  'ul',
  'ven',
  'wil',
  'yor',
  'zan',
];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function word(r: () => number, parts: number): string {
  let w = '';
  for (let i = 0; i < parts; i++) w += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function pool(r: () => number, n: number, parts: number): string[] {
  const out = new Set<string>();
  while (out.size < n) out.add(word(r, parts + (r() < 0.4 ? 1 : 0)));
  return [...out];
}

/** Generate a tree of about `size` people in generations from founder couples. */
export function generateTruth(size: number, seed = 1): TruthTree {
  const r = rng(seed);
  const male = pool(r, 150, 2);
  const female = pool(r, 150, 2).map((n) => n + 'a');
  const surnames = pool(r, Math.max(50, Math.min(5000, Math.floor(size / 20))), 2);
  const places = pool(r, 300, 2).map((t, i) => `${t}, ${['Northshire', 'Southshire', 'Eastmark', 'Westmark'][i % 4]}, Land`);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const zipf = (xs: readonly string[]): string => xs[Math.floor(xs.length * Math.pow(r(), 2))] as string;
  const people: TruthPerson[] = [];
  const families: TruthFamily[] = [];
  const date = (y: number) => ({ y, m: 1 + Math.floor(r() * 12), d: 1 + Math.floor(r() * 28), place: pick(places) });
  const person = (sex: 'M' | 'F', surname: string, y: number, famc: number | null): TruthPerson => {
    const birth = date(y);
    const age = 20 + Math.floor(r() * 70);
    const death = y + age < 2000 ? date(y + age) : null;
    const p: TruthPerson = { id: people.length, given: sex === 'M' ? pick(male) : pick(female), surname, sex, birth, death, famc, fams: [] };
    people.push(p);
    return p;
  };
  let generation: TruthPerson[] = [];
  const founders = Math.max(2, Math.floor(size / 60));
  for (let i = 0; i < founders && people.length < size; i++) {
    generation.push(person(i % 2 === 0 ? 'M' : 'F', zipf(surnames), 1700 + Math.floor(r() * 40), null));
  }
  while (people.length < size) {
    const next: TruthPerson[] = [];
    const men = generation.filter((p) => p.sex === 'M');
    for (const husband of men) {
      if (people.length >= size) break;
      const wife = person('F', zipf(surnames), husband.birth.y - 5 + Math.floor(r() * 10), null);
      const fam: TruthFamily = {
        id: families.length,
        husband: husband.id,
        wife: wife.id,
        children: [],
        marriage: date(husband.birth.y + 20 + Math.floor(r() * 8)),
      };
      families.push(fam);
      husband.fams.push(fam.id);
      wife.fams.push(fam.id);
      const kids = 1 + Math.floor(r() * 5);
      for (let k = 0; k < kids && people.length < size; k++) {
        const child = person(r() < 0.5 ? 'M' : 'F', husband.surname, fam.marriage.y + 1 + k * 2 + Math.floor(r() * 2), fam.id);
        fam.children.push(child.id);
        next.push(child);
      }
    }
    if (next.length === 0) {
      // keep growing with new founders when a generation dies out
      for (let i = 0; i < 4 && people.length < size; i++) next.push(person(i % 2 === 0 ? 'M' : 'F', zipf(surnames), 1750 + Math.floor(r() * 100), null));
    }
    generation = next;
  }
  return { people, families };
}

export interface ExportOptions {
  readonly version?: '5.5.1' | '7.0';
  readonly include?: (p: TruthPerson) => boolean;
  readonly personXref?: (id: number) => string;
  readonly familyXref?: (id: number) => string;
  /** Rewrites a person's given name (typos) and dates (precision) for this export. */
  readonly given?: (p: TruthPerson) => string;
  readonly dateText?: (p: TruthPerson, kind: 'birth' | 'death', d: { y: number; m: number; d: number }) => string;
  /** Order of INDI records (indices into the included people). */
  readonly shuffle?: number | null;
  readonly sources?: boolean;
}

const exactDate = (d: { y: number; m: number; d: number }): string => `${d.d} ${MONTHS[d.m - 1]} ${d.y}`;

/** GEDCOM text of (part of) a truth tree. */
export function exportTree(tree: TruthTree, options: ExportOptions = {}): string {
  const version = options.version ?? '5.5.1';
  const px = options.personXref ?? ((id: number) => `@I${id + 1}@`);
  const fx = options.familyXref ?? ((id: number) => `@F${id + 1}@`);
  const include = options.include ?? (() => true);
  const given = options.given ?? ((p: TruthPerson) => p.given);
  const dateText = options.dateText ?? ((_p: TruthPerson, _k: 'birth' | 'death', d: { y: number; m: number; d: number }) => exactDate(d));
  const lines: string[] = ['0 HEAD', '1 GEDC', `2 VERS ${version}`];
  if (version === '5.5.1') lines.push('2 FORM LINEAGE-LINKED', '1 CHAR UTF-8');
  lines.push('1 SOUR GENERATOR', '1 SUBM @U1@', '0 @U1@ SUBM', '1 NAME Generator');
  if (options.sources !== false)
    lines.push(
      '0 @R1@ REPO',
      '1 NAME Archive',
      '0 @S1@ SOUR',
      '1 TITL Parish register',
      '1 REPO @R1@',
      '0 @N1@ ' + (version === '7.0' ? 'SNOTE' : 'NOTE') + ' Shared note',
    );
  const included = tree.people.filter(include);
  const inSet = new Set(included.map((p) => p.id));
  let order = included;
  if (options.shuffle !== undefined && options.shuffle !== null) {
    const r = rng(options.shuffle);
    order = [...included];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [order[i], order[j]] = [order[j] as TruthPerson, order[i] as TruthPerson];
    }
  }
  const famIncluded = (f: TruthFamily): boolean =>
    [f.husband, f.wife, ...f.children].filter((x) => inSet.has(x)).length >= 2 && (inSet.has(f.husband) || inSet.has(f.wife));
  for (const p of order) {
    lines.push(
      `0 ${px(p.id)} INDI`,
      `1 NAME ${given(p)} /${p.surname}/`,
      `1 SEX ${p.sex}`,
      '1 BIRT',
      `2 DATE ${dateText(p, 'birth', p.birth)}`,
      `2 PLAC ${p.birth.place}`,
    );
    if (options.sources !== false && p.id % 3 === 0) lines.push('2 SOUR @S1@', '3 PAGE entry ' + p.id);
    if (p.death !== null) lines.push('1 DEAT', `2 DATE ${dateText(p, 'death', p.death)}`, `2 PLAC ${p.death.place}`);
    if (p.famc !== null && famIncluded(tree.families[p.famc] as TruthFamily)) lines.push(`1 FAMC ${fx(p.famc)}`);
    for (const f of p.fams) if (famIncluded(tree.families[f] as TruthFamily)) lines.push(`1 FAMS ${fx(f)}`);
    if (options.sources !== false && p.id % 17 === 0) lines.push(`1 ${version === '7.0' ? 'SNOTE' : 'NOTE'} @N1@`, '1 _CUSTOM kept extension');
  }
  for (const f of tree.families) {
    if (!famIncluded(f)) continue;
    lines.push(`0 ${fx(f.id)} FAM`);
    if (inSet.has(f.husband)) lines.push(`1 HUSB ${px(f.husband)}`);
    if (inSet.has(f.wife)) lines.push(`1 WIFE ${px(f.wife)}`);
    for (const c of f.children) if (inSet.has(c)) lines.push(`1 CHIL ${px(c)}`);
    lines.push('1 MARR', `2 DATE ${exactDate(f.marriage)}`, `2 PLAC ${f.marriage.place}`);
  }
  lines.push('0 TRLR', '');
  return lines.join('\n');
}

/** A small generated GEDCOM file. */
export function generatedGedcom(size: number, seed = 1, version: '5.5.1' | '7.0' = '5.5.1'): string {
  return exportTree(generateTruth(size, seed), { version });
}

export interface LabelledPair {
  readonly left: string;
  readonly right: string;
  /** The true pairs (left xref, right xref) of people present in both exports. */
  readonly truth: ReadonlyMap<string, string>;
}

/**
 * Two overlapping exports of one tree: each holds about `share` of the people (the overlap is
 * about 2·share−1), the right one renumbered (`@P…@`, `@G…@`), its records shuffled, about
 * `typoRate` of its given names with a one-letter typo and about `precisionRate` of its dates
 * reduced to the year or written ABT.
 */
export function labelledExports(size: number, seed = 7, options: { share?: number; typoRate?: number; precisionRate?: number } = {}): LabelledPair {
  const tree = generateTruth(size, seed);
  const share = options.share ?? 0.7;
  const r = rng(seed + 1);
  const inLeft = new Set<number>();
  const inRight = new Set<number>();
  for (const p of tree.people) {
    const u = r();
    if (u < share) inLeft.add(p.id);
    if (u > 1 - share) inRight.add(p.id);
  }
  const typo = options.typoRate ?? 0.1;
  const precision = options.precisionRate ?? 0.15;
  const typos = new Map<number, string>();
  const vowels = 'aeiou';
  for (const p of tree.people) {
    if (r() >= typo) continue;
    const g = p.given;
    const at = 1 + Math.floor(r() * (g.length - 1));
    const ch = g[at] as string;
    const replacement = vowels.includes(ch) ? vowels[(vowels.indexOf(ch) + 1) % 5] : ch + ch;
    typos.set(p.id, g.slice(0, at) + replacement + g.slice(at + 1));
  }
  const fuzzy = new Set<number>();
  for (const p of tree.people) if (r() < precision) fuzzy.add(p.id);
  const left = exportTree(tree, { include: (p) => inLeft.has(p.id) });
  const right = exportTree(tree, {
    include: (p) => inRight.has(p.id),
    personXref: (id) => `@P${id + 1}@`,
    familyXref: (id) => `@G${id + 1}@`,
    given: (p) => typos.get(p.id) ?? p.given,
    dateText: (p, _kind, d) => (fuzzy.has(p.id) ? (p.id % 2 === 0 ? String(d.y) : `ABT ${d.y}`) : `${d.d} ${MONTHS[d.m - 1]} ${d.y}`),
    shuffle: seed + 2,
  });
  const truth = new Map<string, string>();
  for (const id of inLeft) if (inRight.has(id)) truth.set(`@I${id + 1}@`, `@P${id + 1}@`);
  return { left, right, truth };
}
