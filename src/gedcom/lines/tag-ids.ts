import { tagFoldsToUpper } from './tag-case.js';

/** Ids every table gives first, in this order, so a hot loop compares numbers (`id === TAG_CONC`). */
export const TAG_HEAD = 0;
export const TAG_TRLR = 1;
export const TAG_CONC = 2;
export const TAG_CONT = 3;
const SEEDED = ['HEAD', 'TRLR', 'CONC', 'CONT'] as const;

const SLOT_BITS = 12;
const SLOTS = 1 << SLOT_BITS;

/**
 * Small integer ids for tags, one per tag as read: a standard tag written in lower or mixed case
 * (`indi`) has the id of its upper-case form (`INDI`, see tag-case.ts), every other tag the id of
 * its bytes (decoded as latin1, so any byte is one character). A line's tag costs a direct-mapped
 * cache lookup keyed by its first four bytes packed in an int (the whole of most tags), never a
 * string: per-tag counters are arrays indexed by id, and `text(id)` names a tag once, when a result
 * is written.
 */
export class TagIds {
  /** Per cache slot: the first four bytes of the tag it answers for packed in an int, its length, the tag as written, and its id. */
  private readonly slotKeys = new Int32Array(SLOTS);
  private readonly slotLengths = new Int32Array(SLOTS);
  private readonly slotTexts: string[] = new Array<string>(SLOTS).fill('');
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
    const packed = Math.min(n, 4);
    let key = 0;
    // cast: start + k < end <= buf.length
    for (let k = 0; k < packed; k++) key |= (buf[start + k] as number) << (8 * k);
    const slot = Math.imul(key ^ n, 0x9e3779b1) >>> (32 - SLOT_BITS);
    if (this.slotKeys[slot] === key && this.slotLengths[slot] === n) {
      // cast: slot < SLOTS
      const text = this.slotTexts[slot] as string;
      let k = 4;
      while (k < n && text.charCodeAt(k) === buf[start + k]) k++;
      // cast: slot < SLOTS
      if (k >= n) return this.slotIds[slot] as number;
    }
    const written = buf.toString('latin1', start, end);
    const read = tagFoldsToUpper(buf, start, end) ? written.toUpperCase() : written;
    const id = this.byText.get(read) ?? this.add(read);
    this.slotKeys[slot] = key;
    this.slotLengths[slot] = n;
    this.slotTexts[slot] = written;
    this.slotIds[slot] = id;
    return id;
  }

  /**
   * The id of the tag of one to four bytes written as buf[start, end) when the cache holds it, else
   * -1 (then {@link id}): the packed bytes and the length are the whole tag, so no text is compared.
   */
  cached(buf: Buffer, start: number, end: number): number {
    const n = end - start;
    if (n > 4) return -1;
    let key = 0;
    // cast: start + k < end <= buf.length
    for (let k = 0; k < n; k++) key |= (buf[start + k] as number) << (8 * k);
    const slot = Math.imul(key ^ n, 0x9e3779b1) >>> (32 - SLOT_BITS);
    // cast: slot < SLOTS
    return this.slotKeys[slot] === key && this.slotLengths[slot] === n ? (this.slotIds[slot] as number) : -1;
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
