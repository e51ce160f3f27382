import { tagFoldsToUpper } from './tag-case.js';

/** Ids every table gives first, in this order, so a hot loop compares numbers (`id === TAG_CONC`). */
export const TAG_HEAD = 0;
export const TAG_TRLR = 1;
export const TAG_CONC = 2;
export const TAG_CONT = 3;
const SEEDED = ['HEAD', 'TRLR', 'CONC', 'CONT'] as const;

const SLOTS = 4096;

/**
 * Small integer ids for tags, one per tag as read: a standard tag written in lower or mixed case
 * (`indi`) has the id of its upper-case form (`INDI`, see tag-case.ts), every other tag the id of
 * its bytes (decoded as latin1, so any byte is one character). A line's tag costs a direct-mapped
 * cache lookup and a compare of its few bytes, never a string: per-tag counters are arrays indexed
 * by id, and `text(id)` names a tag once, when a result is written.
 */
export class TagIds {
  /** The tag as written that each cache slot answers for, and its id. */
  private readonly slotKeys: (string | undefined)[] = new Array<string | undefined>(SLOTS);
  private readonly slotIds = new Int32Array(SLOTS);
  private readonly byText = new Map<string, number>();
  private readonly texts: string[] = [];

  constructor() {
    for (const tag of SEEDED) this.add(tag);
  }

  /** Number of ids given. */
  get size(): number {
    return this.texts.length;
  }

  /** The id of the tag written as buf[start, end) (not empty). */
  id(buf: Buffer, start: number, end: number): number {
    const n = end - start;
    // cast: callers pass a tag range of at least one byte, so start, end - 1 and start + n / 2 lie in buf
    const key = (n * 977 + (buf[start] as number) * 31 + (buf[end - 1] as number) * 7 + (buf[start + (n >> 1)] as number) * 131) & (SLOTS - 1);
    const cached = this.slotKeys[key];
    if (cached !== undefined && cached.length === n) {
      let k = 0;
      while (k < n && cached.charCodeAt(k) === buf[start + k]) k++;
      // cast: key < SLOTS
      if (k === n) return this.slotIds[key] as number;
    }
    const written = buf.toString('latin1', start, end);
    const read = tagFoldsToUpper(buf, start, end) ? written.toUpperCase() : written;
    const id = this.byText.get(read) ?? this.add(read);
    this.slotKeys[key] = written;
    this.slotIds[key] = id;
    return id;
  }

  /** The id of a tag as read (upper case for a standard tag), or -1 when no line had it. */
  find(text: string): number {
    return this.byText.get(text) ?? -1;
  }

  /** The tag an id stands for, as read. */
  text(id: number): string {
    // cast: ids are indexes of texts
    return this.texts[id] as string;
  }

  private add(text: string): number {
    const id = this.texts.length;
    this.texts.push(text);
    this.byText.set(text, id);
    return id;
  }
}
