// Deterministic GEDCOM 5.5.1 files of several shapes for bench/gedcom-shapes.ts (issue 31): the
// project's generator, and files that are not it: skewed names, tangled parentage, wide families,
// note- and source-heavy records, few places. Same shape, size and seed -> same bytes.
import { createWriteStream } from 'node:fs';
import { generateGedcom } from '../src/gedcom/generate.js';
import { GIVEN_F, MONTHS, OCCUPATIONS, PLACES, rng } from '../src/gedcom/generate-vocabulary.js';

export const SHAPES = ['generator', 'skewed', 'tangled', 'wide', 'notes', 'places'] as const;
export type Shape = (typeof SHAPES)[number];

export const SHAPE_TEXT: Record<Shape, string> = {
  generator: 'the project generator (src/gedcom/generate.ts)',
  skewed: '10 given names per sex, 25 Zipf-distributed surnames, patronymics for 30% (about 350 name pairs per sex), births within 200 years',
  tangled: 'random parents (loops, people with two parent families) and one parentage chain over a tenth of the people, closed into a loop',
  wide: 'every 2,000 people 250 children of one family; every 1,200 families a man with 30 wives',
  notes: 'every 10th person a 40-line CONT note, a shared note of 200 CONT lines per 50 people, 4 citations with pages per event',
  places: 'two places for every event',
};

const GIVEN_M = [
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
  'Lars',
  'Olaf',
  'Erik',
];
const SURNAMES = [
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
  'Taylor',
  'Wilson',
  'Davies',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Hughes',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Turner',
  'Hill',
  'Moore',
  'Cooper',
  'Ward',
  'Morris',
];
const WORDS = [
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
  'census',
  'witness',
];

/** Who is whose child and spouse: one or two parent families per person, a husband and a wife per family. */
interface Structure {
  readonly families: number;
  readonly famc: Int32Array;
  readonly famc2: Int32Array;
  readonly husb: Int32Array;
  readonly wife: Int32Array;
}

function structure(shape: Shape, n: number, rand: () => number): Structure {
  const base = Math.floor(n * 0.4);
  const chain = shape === 'tangled' ? Math.floor(n / 10) : 0;
  const families = base + chain;
  const famc = new Int32Array(n + 1);
  const famc2 = new Int32Array(n + 1);
  const husb = new Int32Array(families + 1);
  const wife = new Int32Array(families + 1);
  const randomPerson = (odd: boolean): number => {
    const p = 1 + Math.floor(rand() * n);
    const q = odd === (p % 2 === 1) ? p : p + 1 <= n ? p + 1 : p - 1;
    return q;
  };
  for (let f = 1; f <= base; f++) {
    if (shape === 'tangled') {
      husb[f] = randomPerson(true);
      wife[f] = randomPerson(false);
    } else {
      husb[f] = 2 * f - 1;
      wife[f] = 2 * f <= n ? 2 * f : 0;
    }
  }
  for (let i = 1; i <= n; i++) {
    if (shape === 'tangled') {
      if (rand() < 0.85) famc[i] = 1 + Math.floor(rand() * base);
      if (rand() < 0.1) famc2[i] = 1 + Math.floor(rand() * base);
    } else {
      const f = i >= 3 ? Math.floor((i - 3) / 3) + 1 : 0;
      if (f >= 1 && f <= base) famc[i] = f;
    }
  }
  if (shape === 'tangled') {
    // one long line of descent (each link a family of its own), its last person the parent of its first
    const start = Math.floor(n / 4);
    for (let k = 0; k < chain; k++) {
      const f = base + 1 + k;
      const parent = start + k;
      if (parent % 2 === 1) husb[f] = parent;
      else wife[f] = parent;
      famc[start + ((k + 1) % chain)] = f;
    }
  }
  if (shape === 'wide') {
    for (let f = 1; f <= base; f++) {
      const block = Math.floor(f / 30);
      if (block % 40 === 1) husb[f] = husb[block * 30] as number;
    }
    for (let i = 2000; i <= n; i++) {
      if (i % 2000 < 250) famc[i] = Math.max(1, Math.floor(Math.floor(i / 2000) * (2000 / 3)) - 10);
    }
  }
  return { families, famc, famc2, husb, wife };
}

/** Adds one to a typed array's cell and answers its value before (the indices are in range). */
function bump(a: Int32Array, i: number): number {
  const v = a[i] as number;
  a[i] = v + 1;
  return v;
}

/** Each person's families as spouse, in family order (CSR: offsets and a flat list). */
function spouseFamilies(s: Structure, n: number): { start: Int32Array; list: Int32Array } {
  const count = new Int32Array(n + 2);
  for (let f = 1; f <= s.families; f++) {
    const h = s.husb[f] as number;
    const w = s.wife[f] as number;
    if (h > 0) bump(count, h + 1);
    if (w > 0) bump(count, w + 1);
  }
  for (let i = 1; i <= n + 1; i++) count[i] = (count[i] as number) + (count[i - 1] as number);
  const start = count.slice();
  const fill = count.slice();
  const list = new Int32Array(start[n + 1] as number);
  for (let f = 1; f <= s.families; f++) {
    const h = s.husb[f] as number;
    const w = s.wife[f] as number;
    if (h > 0) list[bump(fill, h)] = f;
    if (w > 0) list[bump(fill, w)] = f;
  }
  return { start, list };
}

/** Each family's children (people with it as a parent family), in person order. */
function children(s: Structure, n: number): { start: Int32Array; list: Int32Array } {
  const count = new Int32Array(s.families + 2);
  for (let i = 1; i <= n; i++) {
    if ((s.famc[i] as number) > 0) bump(count, (s.famc[i] as number) + 1);
    if ((s.famc2[i] as number) > 0) bump(count, (s.famc2[i] as number) + 1);
  }
  for (let f = 1; f <= s.families + 1; f++) count[f] = (count[f] as number) + (count[f - 1] as number);
  const start = count.slice();
  const fill = count.slice();
  const list = new Int32Array(start[s.families + 1] as number);
  for (let i = 1; i <= n; i++) {
    if ((s.famc[i] as number) > 0) list[bump(fill, s.famc[i] as number)] = i;
    if ((s.famc2[i] as number) > 0) list[bump(fill, s.famc2[i] as number)] = i;
  }
  return { start, list };
}

/** Writes lines in ~1 MB chunks to a sink that may apply back-pressure. */
class Lines {
  private parts: string[] = [];
  private size = 0;
  constructor(private readonly sink: (chunk: Buffer) => Promise<void>) {}
  line(s: string): void {
    this.parts.push(s, '\n');
    this.size += s.length + 1;
  }
  async maybeFlush(): Promise<void> {
    if (this.size > 1 << 20) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const chunk = Buffer.from(this.parts.join(''), 'utf8');
    this.parts = [];
    this.size = 0;
    await this.sink(chunk);
  }
}

async function writeShapeTo(sink: (chunk: Buffer) => Promise<void>, shape: Shape, n: number, seed: number): Promise<void> {
  if (shape === 'generator') {
    await generateGedcom(sink, { individuals: n, seed });
    return;
  }
  const rand = rng(seed * 7919 + SHAPES.indexOf(shape));
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)] as T;
  // Zipf over the surnames: weight 1/rank
  const zipf: number[] = [];
  let total = 0;
  for (let r = 1; r <= 25; r++) zipf.push((total += 1 / r));
  const zipfSurname = (): string => {
    const u = rand() * total;
    let k = 0;
    while ((zipf[k] as number) < u) k++;
    return SURNAMES[k] as string;
  };
  const s = structure(shape, n, rand);
  const fams = spouseFamilies(s, n);
  const kids = children(s, n);
  const places = shape === 'places' ? PLACES.slice(0, 2) : PLACES;
  const sources = Math.max(1, Math.floor(n / 40));
  const notes = Math.max(1, Math.floor(n / 50));
  const out = new Lines(sink);
  const date = (year: number): string => {
    const r = rand();
    if (r < 0.1) return `ABT ${year}`;
    if (r < 0.3) return String(year);
    return `${1 + Math.floor(rand() * 28)} ${pick(MONTHS)} ${year}`;
  };
  const sentence = (words: number): string => {
    const w: string[] = [];
    for (let i = 0; i < words; i++) w.push(pick(WORDS));
    return w.join(' ');
  };
  const cite = (level: number, i: number): void => {
    const count = shape === 'notes' ? 4 : 1;
    for (let c = 0; c < count; c++) {
      out.line(`${level} SOUR @S${1 + ((i * 31 + c * 7) % sources)}@`);
      out.line(`${level + 1} PAGE Folio ${1 + Math.floor(rand() * 300)}, entry ${1 + Math.floor(rand() * 40)}`);
    }
  };
  const contText = (level: number, head: string, lines: number): void => {
    out.line(`${level} ${head} ${sentence(6)}`);
    for (let k = 1; k < lines; k++) out.line(`${level + 1} CONT ${sentence(4 + Math.floor(rand() * 5))}`);
  };

  out.line('0 HEAD');
  out.line('1 GEDC');
  out.line('2 VERS 5.5.1');
  out.line('2 FORM LINEAGE-LINKED');
  out.line('1 CHAR UTF-8');
  out.line('1 SOUR SHAPE-BENCH');
  out.line('1 SUBM @U1@');
  out.line('0 @U1@ SUBM');
  out.line('1 NAME Shape bench');
  out.line('0 @R1@ REPO');
  out.line('1 NAME County Archive');
  for (let k = 1; k <= sources; k++) {
    out.line(`0 @S${k}@ SOUR`);
    out.line(`1 TITL Parish register of ${(pick(places).split(',')[0] as string).trim()}, volume ${k}`);
    out.line('1 REPO @R1@');
    await out.maybeFlush();
  }
  for (let k = 1; k <= notes; k++) {
    contText(0, `@N${k}@ NOTE`, shape === 'notes' ? 200 : 2);
    await out.maybeFlush();
  }
  const givenIndex = new Uint8Array(n + 1);
  const surnames: string[] = new Array<string>(n + 1);
  const span = shape === 'skewed' ? 200 : 420;
  for (let i = 1; i <= n; i++) {
    const male = i % 2 === 1;
    givenIndex[i] = Math.floor(rand() * (shape === 'skewed' ? 10 : GIVEN_M.length));
    const given = (male ? GIVEN_M : GIVEN_F)[givenIndex[i] as number] as string;
    const father = (s.famc[i] as number) > 0 ? (s.husb[s.famc[i] as number] as number) : 0;
    let surname: string;
    if (shape === 'skewed') {
      const r = rand();
      if (father > 0 && father < i && r < 0.3) surname = `${GIVEN_M[givenIndex[father] as number] as string}${male ? 'sson' : 'sdottir'}`;
      else if (father > 0 && father < i && r < 0.8) surname = surnames[father] as string;
      else surname = zipfSurname();
    } else {
      surname = father > 0 && father < i && rand() < 0.8 ? (surnames[father] as string) : pick(SURNAMES);
    }
    surnames[i] = surname;
    const by = (shape === 'skewed' ? 1700 : 1500) + Math.floor((i / n) * span) + Math.floor(rand() * 10);
    out.line(`0 @I${i}@ INDI`);
    out.line(`1 NAME ${given} /${surname}/`);
    out.line(`2 GIVN ${given}`);
    out.line(`2 SURN ${surname}`);
    out.line(`1 SEX ${male ? 'M' : 'F'}`);
    out.line('1 BIRT');
    out.line(`2 DATE ${date(by)}`);
    out.line(`2 PLAC ${pick(places)}`);
    cite(2, i);
    if (rand() < 0.75) {
      out.line('1 DEAT');
      out.line(`2 DATE ${date(by + 20 + Math.floor(rand() * 70))}`);
      out.line(`2 PLAC ${pick(places)}`);
      cite(2, i + 1);
    }
    out.line(`1 OCCU ${pick(OCCUPATIONS)}`);
    if (shape === 'notes' && i % 10 === 0) contText(1, 'NOTE', 40);
    else if (rand() < 0.2) out.line(`1 NOTE ${sentence(8)}`);
    if (i % 25 === 0) out.line(`1 NOTE @N${1 + (i % notes)}@`);
    if ((s.famc[i] as number) > 0) out.line(`1 FAMC @F${s.famc[i] as number}@`);
    if ((s.famc2[i] as number) > 0 && s.famc2[i] !== s.famc[i]) out.line(`1 FAMC @F${s.famc2[i] as number}@`);
    for (let k = fams.start[i] as number; k < (fams.start[i + 1] as number); k++) out.line(`1 FAMS @F${fams.list[k] as number}@`);
    await out.maybeFlush();
  }
  for (let f = 1; f <= s.families; f++) {
    out.line(`0 @F${f}@ FAM`);
    if ((s.husb[f] as number) > 0) out.line(`1 HUSB @I${s.husb[f] as number}@`);
    if ((s.wife[f] as number) > 0) out.line(`1 WIFE @I${s.wife[f] as number}@`);
    if (rand() < 0.7) {
      out.line('1 MARR');
      out.line(`2 DATE ${date(1520 + Math.floor((f / s.families) * 400))}`);
      out.line(`2 PLAC ${pick(places)}`);
    }
    let last = 0;
    for (let k = kids.start[f] as number; k < (kids.start[f + 1] as number); k++) {
      const child = kids.list[k] as number;
      if (child !== last) out.line(`1 CHIL @I${child}@`);
      last = child;
    }
    await out.maybeFlush();
  }
  out.line('0 TRLR');
  await out.flush();
}

/**
 * The edited copy sync reads: every 50th person gains a note (a modified record). The chunks the
 * writers produce end on a line end, so a chunk is edited as text on its own.
 */
function editedSink(sink: (chunk: Buffer) => Promise<void>): (chunk: Buffer) => Promise<void> {
  return (chunk) =>
    sink(
      Buffer.from(
        chunk
          .toString('utf8')
          .replace(/^0 @I(\d+)@ INDI\n/gm, (line, id: string) => (Number(id) % 50 === 0 ? `${line}1 NOTE Edited by the shape bench\n` : line)),
        'utf8',
      ),
    );
}

/** Writes one file of a shape: `n` people; `edited` writes the copy sync uses as its edited side. */
export async function writeShapeFile(path: string, shape: Shape, n: number, seed: number, edited = false): Promise<number> {
  const file = createWriteStream(path);
  let bytes = 0;
  const raw = (chunk: Buffer): Promise<void> => {
    bytes += chunk.length;
    return new Promise<void>((done) => (file.write(chunk) ? done() : file.once('drain', done)));
  };
  await writeShapeTo(edited ? editedSink(raw) : raw, shape, n, seed);
  await new Promise<void>((done) => file.end(done));
  return bytes;
}
