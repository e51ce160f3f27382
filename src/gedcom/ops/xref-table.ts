import type { PointerText, PointerTable } from '../parse/record-lines.js';
import { doubledSlots, probeBytes, SLOT_FIELDS } from './byte-slots.js';
import { GrowInt32, GrowUint8 } from './growable.js';

// local copies of the shared constants: hot loops read them as constants, not through a module binding
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SLOT = SLOT_FIELDS;

/** Slots of the hash table at first; it doubles when half full. */
const INITIAL_SLOTS = 1 << 12;

/**
 * Every xref an index meets while it is built (record definitions and pointer values), as small
 * integers in order of first sight, with what the index needs of each: the person and family
 * numbers of its first INDI / FAM definition, how many records define it, how often a pointer
 * names it and when it was first defined. Lives only while the index is built.
 *
 * An xref of the usual form `@` + upper-case letter + number (`@I12@`) is found by its letter and
 * number in a dense table, from its text or straight from the source bytes ({@link idOfBytes}):
 * no hash, no comparison of characters, and no string for a pointer already seen. Any other xref
 * is found by an open-addressing hash of its characters, also from the bytes: each slot holds the
 * id and the hash side by side, and the characters of every ASCII xref are copied into one byte
 * pool, so a pointer is compared with bytes rather than with a string object of the heap. Which
 * of the two holds an xref depends only on its characters, so both ways of asking agree.
 */
/** Largest number of an `@X123@` xref the dense cache holds (it grows up to it as numbers are met). */
const DENSE_MAX = 1 << 22;
const AT = 64;
const LETTER_A = 65;
const LETTER_Z = 90;
const DIGIT_0 = 48;
const DIGIT_9 = 57;

export class XrefTable implements PointerTable {
  /** SLOT fields per slot (byte-slots.ts): id + 1, hash, start of the characters in the pool, length (-1: not ASCII). */
  private slots: Int32Array;
  /** The characters of every ASCII xref, one after the other. */
  private readonly pool = new GrowUint8(1 << 16);
  /** The id of `@VOID@` once met; -1 before. */
  private voidId = -1;
  readonly xrefs: string[] = [];
  readonly person = new GrowInt32(1024);
  readonly family = new GrowInt32(1024);
  readonly definitions = new GrowInt32(1024);
  readonly pointers = new GrowInt32(1024);
  /** Sequence number of the first record defining the xref; -1 when none does. */
  readonly firstDefined = new GrowInt32(1024);
  /** Sequence number of the first pointer naming the xref (in file order); -1 when none does. */
  readonly firstPointed = new GrowInt32(1024);
  private pointed = 0;
  /** Xrefs in the hash (those not of the numbered form). */
  private hashed = 0;
  /**
   * The xrefs of the usual form `@` + upper-case letter + number (no leading zero, at most
   * DENSE_MAX): id + 1 by letter and number (0: not met yet). They are not in the hash.
   */
  private readonly dense: (Int32Array | undefined)[] = [];

  /** `expected`: about how many xrefs the table will hold (sizes the first dense table of a letter; tables grow past it). */
  constructor(private readonly expected = 0) {
    this.slots = new Int32Array(SLOT * INITIAL_SLOTS);
  }

  id(xref: string): number {
    const n = xref.length;
    let number = -1;
    let letter = 0;
    // `@`, a letter, 1 to 7 digits without a leading zero, `@`
    if (n >= 4 && n <= 10 && xref.charCodeAt(0) === AT && xref.charCodeAt(n - 1) === AT) {
      letter = xref.charCodeAt(1);
      if (letter >= LETTER_A && letter <= LETTER_Z && (n === 4 || xref.charCodeAt(2) !== DIGIT_0)) {
        number = 0;
        for (let i = 2; i < n - 1 && number >= 0; i++) {
          const c = xref.charCodeAt(i);
          number = c >= DIGIT_0 && c <= DIGIT_9 ? number * 10 + c - DIGIT_0 : -1;
        }
        if (number >= 0 && number <= DENSE_MAX) {
          const known = this.cached(letter, number);
          if (known > 0) return known - 1;
          const id = this.newId(xref);
          this.cache(letter, number, id);
          return id;
        }
      }
    }
    return this.hashedId(xref);
  }

  /**
   * The id of the xref written as the bytes buf[start, end) (a pointer as the source holds it),
   * the same as {@link id} of its text; -1 for `@VOID@`. `text` decodes it, for an xref not seen
   * yet or not ASCII.
   */
  idOfBytes(buf: Buffer, start: number, end: number, text: PointerText): number {
    const n = end - start;
    let number = -1;
    let letter = 0;
    if (n >= 4 && n <= 10 && buf[start] === AT && buf[end - 1] === AT) {
      // cast: start + 1 < end, a byte of buf
      letter = buf[start + 1] as number;
      if (letter >= LETTER_A && letter <= LETTER_Z && (n === 4 || buf[start + 2] !== DIGIT_0)) {
        number = 0;
        for (let i = start + 2; i < end - 1 && number >= 0; i++) {
          // cast: start + 2 <= i < end - 1, a byte of buf
          const c = buf[i] as number;
          number = c >= DIGIT_0 && c <= DIGIT_9 ? number * 10 + c - DIGIT_0 : -1;
        }
        if (number >= 0 && number <= DENSE_MAX) {
          const known = this.cached(letter, number);
          // a numbered xref not met yet: its text, which id() files under the same letter and number
          return known > 0 ? known - 1 : this.id(text.pointer());
        }
      }
    }
    return this.hashedIdOfBytes(buf, start, end, text);
  }

  private cached(letter: number, number: number): number {
    const table = this.dense[letter - LETTER_A];
    return table !== undefined && number < table.length ? (table[number] as number) : 0; // cast: number < table.length
  }

  private cache(letter: number, number: number, id: number): void {
    let table = this.dense[letter - LETTER_A];
    if (table === undefined || number >= table.length) {
      const least = table === undefined ? Math.max(1024, this.expected) : table.length + (table.length >> 1);
      const bigger = new Int32Array(Math.min(DENSE_MAX + 1, Math.max(number + 1, least)));
      if (table !== undefined) bigger.set(table);
      this.dense[letter - LETTER_A] = table = bigger;
    }
    table[number] = id + 1;
  }

  private hashedId(xref: string): number {
    let h = FNV_OFFSET;
    for (let i = 0; i < xref.length; i++) h = Math.imul(h ^ xref.charCodeAt(i), FNV_PRIME);
    const slots = this.slots;
    const mask = slots.length / SLOT - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const at = SLOT * slot;
      // cast: at + 3 < slots.length (slot <= mask)
      const entry = slots[at] as number;
      if (entry === 0) return this.add(xref, h, slot);
      if (slots[at + 1] !== h) continue;
      // cast: at + 3 < slots.length (slot <= mask)
      const length = slots[at + 3] as number;
      // an ASCII xref is compared with its characters in the pool, any other with its string
      // cast: at + 3 < slots.length (slot <= mask)
      if (length >= 0 ? length === xref.length && this.pool.matchesText(slots[at + 2] as number, xref) : this.xrefs[entry - 1] === xref) return entry - 1;
    }
  }

  private hashedIdOfBytes(buf: Buffer, start: number, end: number, text: PointerText): number {
    let h = FNV_OFFSET;
    for (let i = start; i < end; i++) {
      // cast: start <= i < end, a range of buf
      const byte = buf[i] as number;
      // not ASCII: its characters are not its bytes
      if (byte >= 0x80) return this.textId(text.pointer());
      h = Math.imul(h ^ byte, FNV_PRIME);
    }
    // cast: the slot probeBytes returns is below slots.length / SLOT
    const entry = this.slots[SLOT * probeBytes(this.slots, this.pool, h, buf, start, end)] as number;
    if (entry === 0) return this.textId(text.pointer());
    return entry - 1 === this.voidId ? -1 : entry - 1;
  }

  private textId(xref: string): number {
    return xref === '@VOID@' ? -1 : this.hashedId(xref);
  }

  /** A new id for `xref` with its counters, in no lookup structure yet. */
  private newId(xref: string): number {
    const id = this.xrefs.length;
    this.xrefs.push(xref);
    this.person.push(-1);
    this.family.push(-1);
    this.definitions.push(0);
    this.pointers.push(0);
    this.firstDefined.push(-1);
    this.firstPointed.push(-1);
    return id;
  }

  private add(xref: string, hash: number, slot: number): number {
    const id = this.newId(xref);
    this.hashed++;
    if (xref === '@VOID@') this.voidId = id;
    let ascii = true;
    for (let i = 0; i < xref.length && ascii; i++) ascii = xref.charCodeAt(i) < 0x80;
    const at = SLOT * slot;
    this.slots[at] = id + 1;
    this.slots[at + 1] = hash;
    this.slots[at + 2] = this.pool.length;
    this.slots[at + 3] = ascii ? xref.length : -1;
    if (ascii) for (let i = 0; i < xref.length; i++) this.pool.push(xref.charCodeAt(i));
    if (2 * SLOT * this.hashed > this.slots.length) this.slots = doubledSlots(this.slots);
    return id;
  }

  define(xref: string, sequence: number): number {
    const id = this.id(xref);
    if (this.definitions.get(id) === 0) this.firstDefined.set(id, sequence);
    this.definitions.set(id, this.definitions.get(id) + 1);
    return id;
  }

  /** A pointer line naming `xref`; called in file order. */
  point(xref: string): void {
    this.pointAt(this.id(xref));
  }

  /** A pointer line naming the xref of id `id`; called in file order. */
  pointAt(id: number): void {
    if (this.pointers.get(id) === 0) this.firstPointed.set(id, this.pointed);
    this.pointed++;
    this.pointers.set(id, this.pointers.get(id) + 1);
  }

  get size(): number {
    return this.xrefs.length;
  }
}
