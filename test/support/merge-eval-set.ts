import { rng } from './gedcom-tree.js';

/**
 * The realistic merge evaluation set (issue 34): from one real export, a left and a right file
 * with a known truth. Each side keeps part of the people (partial overlap); the right side is
 * renumbered, reordered and written with another producer's habits (custom `_` tags dropped,
 * GIVN/SURN lines under NAME, upper-case months); the people both sides hold get one variation
 * kind each on the right side (known subsets); near-miss traps are added to the right side. The
 * truth (left xref -> right xref, the variation of each pair, the trap xrefs) is returned beside
 * the two files, never written into them: the right xrefs are drawn in shuffled order.
 */

export const VARIATION_KINDS = [
  'exact_copy',
  'nickname',
  'middle_name',
  'hyphenated_given',
  'surname_letter',
  'diacritics',
  'mc_mac',
  'married_name',
  'patronymic',
  'day_dropped',
  'approximate_date',
  'christening',
  'year_off_by_one',
  'place_town_only',
  'place_spelling',
  'events_changed',
] as const;
export type VariationKind = (typeof VARIATION_KINDS)[number];

export const TRAP_KINDS = ['father_son', 'cousin'] as const;
export type TrapKind = (typeof TRAP_KINDS)[number];

export interface EvalPair {
  readonly left: string;
  readonly right: string;
  /** left xref -> right xref of every person both sides hold. */
  readonly truth: ReadonlyMap<string, string>;
  /** left xref -> the variation its right copy carries. */
  readonly kind: ReadonlyMap<string, VariationKind>;
  /** right xref of each trap -> its kind. */
  readonly traps: ReadonlyMap<string, TrapKind>;
}

interface Line {
  level: number;
  xref: string | null;
  tag: string;
  value: string;
}

interface Rec {
  readonly xref: string | null;
  readonly tag: string;
  lines: Line[];
}

const LINE = /^\s*(\d+)\s+(?:(@[^@]+@)\s+)?(\S+)(?: (.*))?$/;

function parseRecords(text: string): Rec[] {
  const recs: Rec[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const m = LINE.exec(raw);
    if (m === null) continue;
    const line: Line = { level: Number(m[1]), xref: m[2] ?? null, tag: m[3] as string, value: m[4] ?? '' };
    if (line.level === 0) recs.push({ xref: line.xref, tag: line.tag, lines: [line] });
    else recs.at(-1)?.lines.push(line);
  }
  return recs;
}

function writeRecords(recs: readonly Rec[]): string {
  const out: string[] = [];
  for (const r of recs) for (const l of r.lines) out.push(`${l.level}${l.xref === null ? '' : ` ${l.xref}`} ${l.tag}${l.value === '' ? '' : ` ${l.value}`}`);
  return `${out.join('\n')}\n`;
}

/** Drops every line for which `drop` is true, with its subordinate lines. */
function dropLines(lines: Line[], drop: (l: Line) => boolean): Line[] {
  const out: Line[] = [];
  let skipBelow = -1;
  for (const l of lines) {
    if (skipBelow >= 0 && l.level > skipBelow) continue;
    skipBelow = -1;
    if (drop(l)) {
      skipBelow = l.level;
      continue;
    }
    out.push(l);
  }
  return out;
}

const clone = (r: Rec): Rec => ({ xref: r.xref, tag: r.tag, lines: r.lines.map((l) => ({ ...l })) });

/** Given names and their nicknames or abbreviations as a second researcher writes them (a list of our own, not the scorer's table). */
const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  william: ['Wm.', 'Bill', 'Will'],
  john: ['Jno.', 'Jack', 'Johann'],
  johann: ['John', 'Hans', 'Johannes'],
  johannes: ['Johann', 'John'],
  margaret: ['Peggy', 'Maggie', 'Margt.'],
  elizabeth: ['Eliza', 'Betsy', 'Bess', 'Eliz.'],
  elisabeth: ['Elise', 'Lisbeth'],
  robert: ['Robt.', 'Bob'],
  richard: ['Richd.', 'Dick'],
  thomas: ['Thos.', 'Tom'],
  james: ['Jas.', 'Jim'],
  charles: ['Chas.', 'Charlie'],
  george: ['Geo.'],
  joseph: ['Jos.', 'Joe'],
  edward: ['Edw.', 'Ned', 'Ted'],
  henry: ['Harry', 'Hy.'],
  catherine: ['Kate', 'Kitty'],
  katherine: ['Kate', 'Kitty'],
  mary: ['Polly', 'Molly', 'Mamie'],
  ann: ['Nancy', 'Annie'],
  anne: ['Nancy', 'Annie'],
  sarah: ['Sally'],
  frances: ['Fanny'],
  patrick: ['Pat'],
  alexander: ['Alex', 'Alexr.'],
  benjamin: ['Benj.', 'Ben'],
  samuel: ['Saml.', 'Sam'],
  louis: ['Ludwig', 'Lewis'],
  frederick: ['Fred', 'Fredk.'],
  eleanor: ['Nell', 'Ellen'],
  isabella: ['Isabel', 'Bella'],
  matilda: ['Maud', 'Tilly'],
  jane: ['Jenny', 'Jean'],
  daniel: ['Danl.', 'Dan'],
  david: ['Davy', 'Dafydd'],
  olaf: ['Olav', 'Oleif'],
  ivar: ['Ingvar', 'Ivarr'],
  harald: ['Harold'],
  sigurd: ['Sigurdr'],
};

const COUNTRY_SPELLINGS: Readonly<Record<string, string>> = {
  USA: 'United States',
  'United States': 'USA',
  England: 'Eng.',
  FRANCE: 'France',
  France: 'Frankreich',
  Ireland: 'Irl.',
  Scotland: 'Scot.',
  Denmark: 'Danmark',
  Norway: 'Norge',
  Virginia: 'VA',
  VA: 'Virginia',
  MA: 'Massachusetts',
  Massachusetts: 'MA',
  Wales: 'Cymru',
};

const ACCENTED: Readonly<Record<string, string>> = { e: 'é', a: 'à', o: 'ö', u: 'ü' };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const EXACT_DATE = /^(\d{1,2}) ([A-Za-z]{3}) (\d{3,4})$/;

interface Person {
  readonly rec: Rec;
  readonly xref: string;
  readonly given: string[];
  readonly surname: string;
  readonly female: boolean;
  readonly famc: string[];
  readonly fams: string[];
}

function personOf(rec: Rec): Person | null {
  if (rec.tag !== 'INDI' || rec.xref === null) return null;
  const name = rec.lines.find((l) => l.level === 1 && l.tag === 'NAME')?.value ?? '';
  const m = /^([^/]*)\/([^/]*)\/?(.*)$/.exec(name);
  const given = (m === null ? name : (m[1] as string)).trim().split(/\s+/).filter(Boolean);
  const surname = m === null ? '' : (m[2] as string).trim();
  const sex = rec.lines.find((l) => l.level === 1 && l.tag === 'SEX')?.value ?? '';
  const links = (tag: string): string[] => rec.lines.filter((l) => l.level === 1 && l.tag === tag).map((l) => l.value.trim());
  return { rec, xref: rec.xref, given, surname, female: sex.startsWith('F'), famc: links('FAMC'), fams: links('FAMS') };
}

/** The DATE line of the first level-1 event of `tags` (BIRT, CHR...) that has one. */
function eventDate(rec: Rec, tags: readonly string[]): Line | null {
  for (let k = 0; k < rec.lines.length; k++) {
    const l = rec.lines[k] as Line;
    if (l.level !== 1 || !tags.includes(l.tag)) continue;
    for (let s = k + 1; s < rec.lines.length && (rec.lines[s] as Line).level > 1; s++) if ((rec.lines[s] as Line).tag === 'DATE') return rec.lines[s] as Line;
  }
  return null;
}

function eventPlace(rec: Rec, tags: readonly string[]): Line | null {
  for (let k = 0; k < rec.lines.length; k++) {
    const l = rec.lines[k] as Line;
    if (l.level !== 1 || !tags.includes(l.tag)) continue;
    for (let s = k + 1; s < rec.lines.length && (rec.lines[s] as Line).level > 1; s++) if ((rec.lines[s] as Line).tag === 'PLAC') return rec.lines[s] as Line;
  }
  return null;
}

function setName(rec: Rec, given: string, surname: string): void {
  const name = rec.lines.find((l) => l.level === 1 && l.tag === 'NAME');
  if (name === undefined) return;
  const suffix = /\/[^/]*\/(.*)$/.exec(name.value)?.[1] ?? '';
  name.value = `${given} /${surname}/${suffix}`.trimEnd();
  // GIVN/SURN lines under the NAME are rewritten by the producer habits later
  rec.lines = dropLines(rec.lines, (l) => l.level === 2 && (l.tag === 'GIVN' || l.tag === 'SURN'));
}

type Variation = (p: Person, r: () => number, ctx: Context) => boolean;

interface Context {
  readonly people: ReadonlyMap<string, Person>;
  readonly families: ReadonlyMap<string, Rec>;
}

const pick = <T>(list: readonly T[], r: () => number): T => list[Math.floor(r() * list.length)] as T;

function familyMember(ctx: Context, fam: string, tag: 'HUSB' | 'WIFE'): Person | null {
  const f = ctx.families.get(fam);
  const x = f?.lines.find((l) => l.level === 1 && l.tag === tag)?.value.trim();
  return x === undefined ? null : (ctx.people.get(x) ?? null);
}

/** Applies a variation to the right copy of a person; false when the person gives it no hold (another kind is then drawn). */
const VARIATIONS: Readonly<Record<VariationKind, Variation>> = {
  exact_copy: () => true,
  nickname: (p, r) => {
    const first = p.given[0];
    const options = first === undefined ? undefined : NICKNAMES[first.toLowerCase()];
    if (options === undefined) return false;
    setName(p.rec, [pick(options, r), ...p.given.slice(1)].join(' '), p.surname);
    return true;
  },
  middle_name: (p, r) => {
    if (p.given.length < 2) return false;
    const rest = r() < 0.5 ? [] : p.given.slice(1).map((g) => `${g[0]}.`);
    setName(p.rec, [p.given[0] as string, ...rest].join(' '), p.surname);
    return true;
  },
  hyphenated_given: (p) => {
    if (p.given.length < 2) return false;
    setName(p.rec, `${p.given[0]}-${p.given.slice(1).join(' ')}`, p.surname);
    return true;
  },
  surname_letter: (p, r) => {
    const s = p.surname;
    if (s.length < 4) return false;
    const doubled = /([bcdfglmnprst])\1/i.exec(s);
    let out: string;
    if (doubled !== null && r() < 0.5) out = s.slice(0, doubled.index) + s.slice(doubled.index + 1);
    else {
      const at = 1 + Math.floor(r() * (s.length - 2));
      const ch = s[at] as string;
      const vowels = 'aeiou';
      out = vowels.includes(ch) ? s.slice(0, at) + (vowels[(vowels.indexOf(ch) + 1) % 5] as string) + s.slice(at + 1) : s.slice(0, at) + ch + s.slice(at);
    }
    setName(p.rec, p.given.join(' '), out);
    return true;
  },
  diacritics: (p) => {
    const full = `${p.given.join(' ')}/${p.surname}`;
    let out: string;
    if (/ß/.test(full)) out = full.replace(/ß/g, 'ss');
    else if (/[\u0080-\uffff]/.test(full)) out = full.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    else {
      const at = p.surname.search(/[eaou]/);
      if (at < 0) return false;
      out = `${p.given.join(' ')}/${p.surname.slice(0, at)}${ACCENTED[p.surname[at] as string] as string}${p.surname.slice(at + 1)}`;
    }
    const [given, surname] = out.split('/') as [string, string];
    setName(p.rec, given, surname);
    return true;
  },
  mc_mac: (p) => {
    const m = /^(Mac|Mc|MAC|MC)(.+)$/.exec(p.surname);
    if (m === null) return false;
    const prefix = m[1] as string;
    const swapped = prefix.toLowerCase() === 'mac' ? (prefix === 'MAC' ? 'MC' : 'Mc') : prefix === 'MC' ? 'MAC' : 'Mac';
    setName(p.rec, p.given.join(' '), swapped + (m[2] as string));
    return true;
  },
  married_name: (p, _r, ctx) => {
    if (!p.female) return false;
    for (const fam of p.fams) {
      const husband = familyMember(ctx, fam, 'HUSB');
      if (husband !== null && husband.surname !== '' && husband.surname.toLowerCase() !== p.surname.toLowerCase()) {
        setName(p.rec, p.given.join(' '), husband.surname);
        return true;
      }
    }
    return false;
  },
  patronymic: (p, _r, ctx) => {
    const father = p.famc.map((f) => familyMember(ctx, f, 'HUSB')).find((x) => x !== null && x.given.length > 0);
    if (father === undefined || father === null) return false;
    const root = father.given[0] as string;
    setName(p.rec, p.given.join(' '), `${root}${p.female ? 'sdotter' : 'sson'}`);
    return true;
  },
  day_dropped: (p, r) => {
    const d = eventDate(p.rec, ['BIRT', 'DEAT']);
    const m = d === null ? null : EXACT_DATE.exec(d.value.trim());
    if (d === null || m === null) return false;
    d.value = r() < 0.5 ? `${(m[2] as string).toUpperCase()} ${m[3]}` : (m[3] as string);
    return true;
  },
  approximate_date: (p, r) => {
    const d = eventDate(p.rec, ['BIRT', 'DEAT']);
    const y = d === null ? null : /(\d{3,4})\s*$/.exec(d.value.trim());
    if (d === null || y === null || /^(ABT|BEF|AFT|BET|EST|CAL|FROM)/i.test(d.value.trim())) return false;
    const year = Number(y[1]);
    const u = r();
    d.value = u < 0.4 ? `ABT ${year}` : u < 0.6 ? `BEF ${year + 1}` : u < 0.8 ? `AFT ${year - 1}` : `BET ${year - 1} AND ${year + 1}`;
    return true;
  },
  christening: (p, r) => {
    const birt = p.rec.lines.find((l) => l.level === 1 && l.tag === 'BIRT');
    const d = eventDate(p.rec, ['BIRT']);
    const m = d === null ? null : EXACT_DATE.exec(d.value.trim());
    if (birt === undefined || d === null || m === null) return false;
    const month = MONTHS.indexOf((m[2] as string).toUpperCase());
    if (month < 0) return false;
    const when = new Date(Date.UTC(Number(m[3]), month, Number(m[1])));
    when.setUTCDate(when.getUTCDate() + 3 + Math.floor(r() * 25));
    birt.tag = 'CHR';
    d.value = `${when.getUTCDate()} ${MONTHS[when.getUTCMonth()] as string} ${when.getUTCFullYear()}`;
    return true;
  },
  year_off_by_one: (p, r) => {
    const d = eventDate(p.rec, ['BIRT']);
    const m = d === null ? null : /^(.*?)(\d{3,4})$/.exec(d.value.trim());
    if (d === null || m === null || /^(ABT|BEF|AFT|BET|EST|CAL|FROM)/i.test(d.value.trim())) return false;
    d.value = `${m[1] as string}${Number(m[2]) + (r() < 0.5 ? -1 : 1)}`;
    return true;
  },
  place_town_only: (p) => {
    const pl = eventPlace(p.rec, ['BIRT', 'DEAT', 'CHR', 'BURI']);
    if (pl === null) return false;
    const parts = pl.value.split(',').map((s) => s.trim());
    const filled = parts.filter(Boolean);
    if (filled.length < 2) return false;
    pl.value = filled[0] as string;
    return true;
  },
  place_spelling: (p) => {
    const pl = eventPlace(p.rec, ['BIRT', 'DEAT', 'CHR', 'BURI']);
    if (pl === null) return false;
    const parts = pl.value.split(',').map((s) => s.trim());
    const at = parts.findIndex((s) => s in COUNTRY_SPELLINGS);
    if (at < 0) return false;
    parts[at] = COUNTRY_SPELLINGS[parts[at] as string] as string;
    pl.value = parts.join(', ');
    return true;
  },
  events_changed: (p, r) => {
    if (r() < 0.5) {
      const had = p.rec.lines.some((l) => l.level === 1 && (l.tag === 'DEAT' || l.tag === 'BURI'));
      if (!had) return false;
      p.rec.lines = dropLines(p.rec.lines, (l) => l.level === 1 && (l.tag === 'DEAT' || l.tag === 'BURI'));
    } else {
      p.rec.lines.push(
        { level: 1, xref: null, tag: 'OCCU', value: 'Landowner' },
        { level: 1, xref: null, tag: 'NOTE', value: 'Seen in a second transcription.' },
      );
    }
    return true;
  },
};

/** Another producer's habits: custom tags dropped, GIVN/SURN under NAME, upper-case months, its own HEAD.SOUR. */
function producerHabits(rec: Rec): void {
  rec.lines = dropLines(
    rec.lines,
    (l) =>
      l.tag.startsWith('_') ||
      (l.level === 2 && (l.tag === 'GIVN' || l.tag === 'SURN')) ||
      (rec.tag === 'INDI' && l.level === 1 && (l.tag === 'CHAN' || l.tag === 'RIN' || l.tag === 'OBJE')),
  );
  const out: Line[] = [];
  for (const l of rec.lines) {
    if (l.tag === 'DATE') l.value = l.value.toUpperCase();
    if (rec.tag === 'HEAD' && l.level === 1 && l.tag === 'SOUR') l.value = 'SECOND_RESEARCHER';
    out.push(l);
    if (rec.tag === 'INDI' && l.level === 1 && l.tag === 'NAME') {
      const m = /^([^/]*)\/([^/]*)\//.exec(l.value);
      if (m !== null && (m[1] as string).trim() !== '') out.push({ level: 2, xref: null, tag: 'GIVN', value: (m[1] as string).trim() });
      if (m !== null && (m[2] as string).trim() !== '') out.push({ level: 2, xref: null, tag: 'SURN', value: (m[2] as string).trim() });
    }
  }
  rec.lines = out;
}

function shuffle<T>(list: T[], r: () => number): T[] {
  for (let k = list.length - 1; k > 0; k--) {
    const s = Math.floor(r() * (k + 1));
    [list[k], list[s]] = [list[s] as T, list[k] as T];
  }
  return list;
}

/** Keeps the people of `keep` and every other record; links to people not kept are dropped. */
function sideRecords(recs: readonly Rec[], keep: ReadonlySet<string>): Rec[] {
  const people = new Set(recs.filter((r) => r.tag === 'INDI' && r.xref !== null).map((r) => r.xref as string));
  const out: Rec[] = [];
  for (const r of recs) {
    if (r.tag === 'INDI' && r.xref !== null && !keep.has(r.xref)) continue;
    const c = clone(r);
    if (c.tag === 'FAM')
      c.lines = dropLines(
        c.lines,
        (l) => l.level === 1 && (l.tag === 'HUSB' || l.tag === 'WIFE' || l.tag === 'CHIL') && people.has(l.value.trim()) && !keep.has(l.value.trim()),
      );
    out.push(c);
  }
  return out;
}

const yearOf = (d: Line | null): number | null => {
  const m = d === null ? null : /(\d{3,4})\s*$/.exec(d.value.trim());
  return m === null ? null : Number(m[1]);
};

/**
 * The left and right files of one real export (`text`), seeded. About 70% of the people go to
 * each side (40% to both); of the shared people, each variation kind is tried on its share and
 * falls back to another kind the person allows; traps: a son of the same name a generation later
 * (child of the right copy of the father) and a cousin of the same name born 2-4 years apart in
 * another place, with another father of the same surname.
 */
export function mergeEvalPair(text: string, seed: number): EvalPair {
  const r = rng(seed);
  const recs = parseRecords(text);
  const people = new Map<string, Person>();
  const families = new Map<string, Rec>();
  for (const rec of recs) {
    const p = personOf(rec);
    if (p !== null) people.set(p.xref, p);
    if (rec.tag === 'FAM' && rec.xref !== null) families.set(rec.xref, rec);
  }
  const inLeft = new Set<string>();
  const inRight = new Set<string>();
  for (const x of people.keys()) {
    const u = r();
    if (u < 0.7) inLeft.add(x);
    if (u >= 0.3) inRight.add(x);
  }
  const left = sideRecords(recs, inLeft);
  const right = sideRecords(recs, inRight);
  const rightPeople = new Map<string, Person>();
  const rightFamilies = new Map<string, Rec>();
  for (const rec of right) {
    const p = personOf(rec);
    if (p !== null) rightPeople.set(p.xref, p);
    if (rec.tag === 'FAM' && rec.xref !== null) rightFamilies.set(rec.xref, rec);
  }
  // variations on the right copies of the shared people (the context reads the original names)
  const ctx: Context = { people, families };
  const kind = new Map<string, VariationKind>();
  for (const x of inLeft) {
    const p = rightPeople.get(x);
    if (p === undefined) continue;
    const first = Math.floor(r() * VARIATION_KINDS.length);
    for (let k = 0; k < VARIATION_KINDS.length; k++) {
      const v = VARIATION_KINDS[(first + k) % VARIATION_KINDS.length] as VariationKind;
      const original = people.get(x) as Person;
      if (VARIATIONS[v]({ ...original, rec: p.rec }, r, ctx)) {
        kind.set(x, v);
        break;
      }
    }
  }
  // traps: persons of the same name on the right that are not in the left file
  const traps = new Map<string, TrapKind>();
  let trapNo = 0;
  const added: Rec[] = [];
  for (const x of shuffle([...inLeft].sort(), r)) {
    if (trapNo >= Math.max(4, Math.floor(inLeft.size / 20))) break;
    const p = people.get(x) as Person;
    const birth = eventDate(p.rec, ['BIRT']);
    const year = yearOf(birth);
    const name = p.rec.lines.find((l) => l.level === 1 && l.tag === 'NAME');
    if (year === null || name === undefined || p.given.length === 0 || p.surname === '') continue;
    const sex = p.rec.lines.find((l) => l.level === 1 && l.tag === 'SEX')?.value ?? 'U';
    const trapKind: TrapKind = trapNo % 2 === 0 && !p.female && inRight.has(x) ? 'father_son' : 'cousin';
    const tx = `@TRAP${trapNo}@`;
    const fx = `@TRAPF${trapNo}@`;
    const born = trapKind === 'father_son' ? year + 24 + Math.floor(r() * 10) : year + (r() < 0.5 ? -1 : 1) * (2 + Math.floor(r() * 3));
    const approximate = r() < 0.5;
    const place = trapKind === 'father_son' ? (eventPlace(p.rec, ['BIRT'])?.value ?? '') : 'Elsewhere Parish, Other County';
    const lines: Line[] = [
      { level: 0, xref: tx, tag: 'INDI', value: '' },
      { level: 1, xref: null, tag: 'NAME', value: name.value },
      { level: 1, xref: null, tag: 'SEX', value: sex },
      { level: 1, xref: null, tag: 'BIRT', value: '' },
      { level: 2, xref: null, tag: 'DATE', value: approximate ? `ABT ${born}` : `${1 + Math.floor(r() * 28)} ${pick(MONTHS, r)} ${born}` },
    ];
    if (place !== '') lines.push({ level: 2, xref: null, tag: 'PLAC', value: place });
    lines.push({ level: 1, xref: null, tag: 'FAMC', value: fx });
    const fam: Line[] = [{ level: 0, xref: fx, tag: 'FAM', value: '' }];
    if (trapKind === 'father_son') {
      fam.push({ level: 1, xref: null, tag: 'HUSB', value: x }, { level: 1, xref: null, tag: 'CHIL', value: tx });
      (rightPeople.get(x) as Person).rec.lines.push({ level: 1, xref: null, tag: 'FAMS', value: fx });
    } else {
      const ux = `@TRAPU${trapNo}@`;
      added.push({
        xref: ux,
        tag: 'INDI',
        lines: [
          { level: 0, xref: ux, tag: 'INDI', value: '' },
          { level: 1, xref: null, tag: 'NAME', value: `Otto /${p.surname}/` },
          { level: 1, xref: null, tag: 'SEX', value: 'M' },
          { level: 1, xref: null, tag: 'FAMS', value: fx },
        ],
      });
      fam.push({ level: 1, xref: null, tag: 'HUSB', value: ux }, { level: 1, xref: null, tag: 'CHIL', value: tx });
    }
    added.push({ xref: tx, tag: 'INDI', lines }, { xref: fx, tag: 'FAM', lines: fam });
    traps.set(tx, trapKind);
    trapNo++;
  }
  // renumber the right side in shuffled order, so its xrefs say nothing of the left ones
  const body = shuffle(
    [...right, ...added].filter((rec) => rec.tag !== 'HEAD' && rec.tag !== 'TRLR'),
    r,
  );
  const renumber = new Map<string, string>();
  let n = 0;
  for (const rec of body) if (rec.xref !== null) renumber.set(rec.xref, `@${rec.tag === 'INDI' ? 'P' : rec.tag === 'FAM' ? 'G' : 'R'}${++n}@`);
  const head = right.filter((rec) => rec.tag === 'HEAD');
  for (const rec of [...head, ...body]) {
    for (const l of rec.lines) {
      if (l.xref !== null) l.xref = renumber.get(l.xref) ?? l.xref;
      const v = l.value.trim();
      if (/^@[^@#]+@$/.test(v)) l.value = renumber.get(v) ?? v;
    }
    producerHabits(rec);
  }
  const truth = new Map<string, string>();
  for (const x of inLeft) if (inRight.has(x)) truth.set(x, renumber.get(x) as string);
  const renamedTraps = new Map<string, TrapKind>();
  for (const [x, k] of traps) renamedTraps.set(renumber.get(x) as string, k);
  return {
    left: writeRecords(left),
    right: writeRecords([...head, ...body, { xref: null, tag: 'TRLR', lines: [{ level: 0, xref: null, tag: 'TRLR', value: '' }] }]),
    truth,
    kind,
    traps: renamedTraps,
  };
}
