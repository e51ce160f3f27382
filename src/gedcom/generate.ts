/**
 * Deterministic generator of large, realistic GEDCOM 5.5.1 (or 7.0) trees for tests and
 * benchmarks: individuals with names, sex, birth/christening/death/burial events with dates,
 * places and source citations, occupations, residences, notes (inline, CONT and CONC), `_UID`
 * extensions; families with marriage events and children; sources, repositories, shared notes,
 * a submitter. Same options and seed -> same bytes. Output is streamed in ~1 MB chunks.
 */

import { GIVEN_F, MONTHS, OCCUPATIONS, PLACES, rng } from './generate-vocabulary.js';

export interface GenerateOptions {
  /** Number of individuals (default 1000). Ignored when `targetBytes` is set. */
  readonly individuals?: number;
  /** Approximate file size: individuals are added until the output reaches it. */
  readonly targetBytes?: number;
  readonly seed?: number;
  readonly version?: '5.5.1' | '7.0';
}

export interface GenerateSummary {
  readonly individuals: number;
  readonly families: number;
  readonly bytes: number;
}

/** Receives output chunks; may return a promise to apply back-pressure. */
export type ChunkSink = (chunk: Buffer) => void | Promise<void>;

const GIVEN_M: readonly string[] = [
  'John',
  'William',
  'James',
  'Charles',
  'George',
  'Henry',
  'Thomas',
  'Joseph',
  'Edward',
  'Robert',
  'Jean',
  'Pierre',
  'Johann',
  'Karl',
  'Giovanni',
  'José',
  'Søren',
  'Mikołaj',
  'Lars',
  'Łukasz',
];
const SURNAMES: readonly string[] = [
  'Smith',
  'Jones',
  'Miller',
  'Müller',
  'Schmidt',
  'Dubois',
  'Lefèvre',
  'García',
  'Rossi',
  'Nowak',
  'Johansson',
  'Ó Briain',
  'MacDonald',
  'van der Berg',
  'Kowalski',
  'Andersen',
  'Novák',
  'Fischer',
  'Martin',
  'Brown',
];
const WORDS: readonly string[] = [
  'the',
  'family',
  'records',
  'parish',
  'register',
  'mentions',
  'a',
  'letter',
  'from',
  'his',
  'brother',
  'emigrated',
  'in',
  'spring',
  'according',
  'to',
  'census',
  'witness',
  'was',
  'present',
  'at',
  'baptism',
  'church',
  'of',
  'Saint',
  'Mary',
];

class ChunkWriter {
  private parts: string[] = [];
  private size = 0;
  bytes = 0;
  constructor(private readonly sink: ChunkSink) {}
  line(s: string): void {
    this.parts.push(s, '\n');
    this.size += s.length + 1;
  }
  get pending(): number {
    return this.size;
  }
  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const buf = Buffer.from(this.parts.join(''), 'utf8');
    this.parts = [];
    this.size = 0;
    this.bytes += buf.length;
    await this.sink(buf);
  }
}

/** Generate a tree and stream it to `sink`. */
export async function generateGedcom(sink: ChunkSink, options: GenerateOptions = {}): Promise<GenerateSummary> {
  const rand = rng(options.seed ?? 20240601);
  // cast: pick is called only with the non-empty name lists, and 0 <= floor(rand() * length) < length
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)] as T;
  const v7 = options.version === '7.0';
  const target = options.targetBytes;
  // ~480 bytes per individual including its share of families, sources and notes
  const n = target !== undefined ? Math.max(10, Math.round(target / 480)) : Math.max(2, options.individuals ?? 1000);
  const families = Math.floor(n * 0.4);
  const sources = Math.max(1, Math.floor(n / 40));
  const notes = Math.max(1, Math.floor(n / 25));
  const repos = Math.max(1, Math.floor(sources / 20));
  const w = new ChunkWriter(sink);
  const date = (year: number): string => {
    const r = rand();
    if (r < 0.1) return `ABT ${year}`;
    if (r < 0.15) return `BET ${year} AND ${year + 2}`;
    if (r < 0.2) return String(year);
    return `${1 + Math.floor(rand() * 28)} ${pick(MONTHS)} ${year}`;
  };
  const sentence = (words: number): string => {
    const out: string[] = [];
    for (let i = 0; i < words; i++) out.push(pick(WORDS));
    const s = out.join(' ');
    return s.charAt(0).toUpperCase() + s.slice(1) + '.';
  };
  const text = (level: number, tag: string, value: string, xref = ''): void => {
    // long text: CONT per paragraph, 5.x CONC every 120 characters
    const paragraphs = value.split('\n');
    paragraphs.forEach((p, pi) => {
      const chunks: string[] = [];
      if (v7) chunks.push(p);
      else {
        let rest = p;
        while (rest.length > 120) {
          let k = 120;
          while (k > 1 && (rest[k - 1] === ' ' || rest[k] === ' ')) k--;
          chunks.push(rest.slice(0, k));
          rest = rest.slice(k);
        }
        chunks.push(rest);
      }
      chunks.forEach((c, ci) => {
        const head = pi === 0 && ci === 0 ? `${level}${xref ? ' ' + xref : ''} ${tag}` : `${level + 1} ${ci === 0 ? 'CONT' : 'CONC'}`;
        w.line(c === '' ? head : `${head} ${c}`);
      });
    });
  };

  w.line('0 HEAD');
  w.line('1 GEDC');
  w.line(`2 VERS ${v7 ? '7.0' : '5.5.1'}`);
  if (!v7) w.line('2 FORM LINEAGE-LINKED');
  if (!v7) w.line('1 CHAR UTF-8');
  w.line('1 SOUR SIDECAR-GENERATOR');
  w.line('2 NAME Deterministic tree generator');
  w.line('1 SUBM @U1@');
  if (v7) {
    w.line('1 SCHMA');
    w.line('2 TAG _UID http://example.org/_UID');
  }
  w.line('0 @U1@ SUBM');
  w.line('1 NAME Generator');
  for (let r = 1; r <= repos; r++) {
    w.line(`0 @R${r}@ REPO`);
    w.line(`1 NAME ${pick(SURNAMES)} County Archive ${r}`);
    w.line('1 ADDR');
    w.line(`2 CITY ${pick(PLACES).split(',')[0] ?? ''}`);
  }
  for (let s = 1; s <= sources; s++) {
    w.line(`0 @S${s}@ SOUR`);
    w.line(`1 TITL Parish register of ${pick(PLACES).split(',')[0] ?? ''}, volume ${s}`);
    w.line(`1 AUTH ${pick(GIVEN_M)} ${pick(SURNAMES)}`);
    w.line(`1 PUBL ${1850 + (s % 150)}`);
    w.line(`1 REPO @R${1 + (s % repos)}@`);
  }
  for (let k = 1; k <= notes; k++) {
    text(0, v7 ? 'SNOTE' : 'NOTE', `${sentence(30)}\n${sentence(12)}`, `@N${k}@`);
    if (w.pending > 1 << 20) await w.flush();
  }

  const birthYear = (i: number): number => 1500 + Math.floor((i / n) * 420) + Math.floor(rand() * 10);
  let written = 0;
  for (let i = 1; i <= n; i++) {
    const male = i % 2 === 1;
    // cast: the index is taken modulo SURNAMES.length (a non-empty list)
    const surname = SURNAMES[(Math.floor((i - 1) / 6) * 7) % SURNAMES.length] as string;
    const given = pick(male ? GIVEN_M : GIVEN_F);
    const by = birthYear(i);
    w.line(`0 @I${i}@ INDI`);
    w.line(`1 NAME ${given} /${surname}/`);
    w.line(`2 GIVN ${given}`);
    w.line(`2 SURN ${surname}`);
    w.line(`1 SEX ${male ? 'M' : 'F'}`);
    w.line('1 BIRT');
    w.line(`2 DATE ${date(by)}`);
    w.line(`2 PLAC ${pick(PLACES)}`);
    w.line(`2 SOUR @S${1 + (i % sources)}@`);
    w.line(`3 PAGE Folio ${1 + Math.floor(rand() * 300)}, entry ${1 + Math.floor(rand() * 40)}`);
    if (rand() < 0.5) {
      w.line('1 CHR');
      w.line(`2 DATE ${date(by)}`);
      w.line(`2 PLAC ${pick(PLACES)}`);
    }
    if (rand() < 0.8) {
      const dy = by + 20 + Math.floor(rand() * 70);
      w.line('1 DEAT');
      w.line(`2 DATE ${date(dy)}`);
      w.line(`2 PLAC ${pick(PLACES)}`);
      if (rand() < 0.4) {
        w.line('1 BURI');
        w.line(`2 PLAC ${pick(PLACES)}`);
      }
    }
    w.line(`1 OCCU ${pick(OCCUPATIONS)}`);
    if (rand() < 0.3) {
      w.line('1 RESI');
      w.line(`2 DATE ${date(by + 25)}`);
      w.line(`2 PLAC ${pick(PLACES)}`);
    }
    if (rand() < 0.25) text(1, 'NOTE', sentence(8 + Math.floor(rand() * 40)));
    if (rand() < 0.2) w.line(`1 ${v7 ? 'SNOTE' : 'NOTE'} @N${1 + (i % notes)}@`);
    const famc = i >= 3 ? Math.floor((i - 3) / 3) + 1 : 0;
    if (famc >= 1 && famc <= families) w.line(`1 FAMC @F${famc}@`);
    const fams = Math.ceil(i / 2);
    if (fams <= families) w.line(`1 FAMS @F${fams}@`);
    w.line(`1 _UID ${((i * 2654435761) >>> 0).toString(16).toUpperCase().padStart(8, '0')}${(n - i).toString(16).toUpperCase().padStart(8, '0')}`);
    written++;
    if (w.pending > 1 << 20) await w.flush();
  }
  for (let f = 1; f <= families; f++) {
    w.line(`0 @F${f}@ FAM`);
    w.line(`1 HUSB @I${2 * f - 1}@`);
    if (2 * f <= n) w.line(`1 WIFE @I${2 * f}@`);
    w.line('1 MARR');
    w.line(`2 DATE ${date(birthYear(2 * f) + 22)}`);
    w.line(`2 PLAC ${pick(PLACES)}`);
    for (let c = 3 * f; c <= Math.min(n, 3 * f + 2); c++) w.line(`1 CHIL @I${c}@`);
    if (w.pending > 1 << 20) await w.flush();
  }
  w.line('0 TRLR');
  await w.flush();
  return { individuals: written, families, bytes: w.bytes };
}

/** Generate into one buffer (small trees, tests). */
export async function generateGedcomBytes(options: GenerateOptions = {}): Promise<Buffer> {
  const parts: Buffer[] = [];
  await generateGedcom((c) => void parts.push(c), options);
  return Buffer.concat(parts);
}
