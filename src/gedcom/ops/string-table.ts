import { doubledSlots, probeBytes, SLOT_FIELDS } from './byte-slots.js';
import { GrowUint8 } from './growable.js';

// local copies of the shared constants: hot loops read them as constants, not through a module binding
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SLOT = SLOT_FIELDS;

/**
 * The distinct name parts and places of an index as small integers: id 0 is '', every other
 * distinct string gets the next id. Shared while the table holds fewer than `maxShared` strings
 * (files repeat them a lot); past that, new strings still get ids but are not looked up, so a
 * file of all-distinct values costs its strings and no second map.
 */
export class StringTable {
  private readonly ids = new Map<string, number>();
  private readonly list: string[] = [''];

  constructor(private readonly maxShared = 1 << 20) {}

  id(s: string): number {
    if (s.length === 0) return 0;
    const hit = this.ids.get(s);
    if (hit !== undefined) return hit;
    const id = this.list.length;
    this.list.push(s);
    if (this.ids.size < this.maxShared) this.ids.set(s, id);
    return id;
  }

  /** Every string by id; the table stops sharing (its map is dropped). */
  done(): readonly string[] {
    this.ids.clear();
    return this.list;
  }
}

/** Decodes a range of the source bytes a {@link ByteStrings} is fed from. */
export interface RangeText {
  text(start: number, end: number): string;
}

/**
 * Values keyed by byte ranges of one source (an open-addressing hash of the bytes, the bytes of
 * every key copied into one pool): a hit costs a hash and a comparison of the bytes, not a
 * decoded string. Holds at most `max` keys; past that, {@link set} keeps nothing.
 */
export class ByteMemo<T> {
  private slots = new Int32Array(SLOT * 1024);
  private readonly pool = new GrowUint8(1 << 12);
  private readonly values: T[] = [];
  /** Hash and slot of the last {@link get} that missed, where {@link set} files its key. */
  private missHash = 0;
  private missSlot = -1;

  constructor(private readonly max: number) {}

  /** The value of the bytes buf[start, end), undefined when none was set. */
  get(buf: Uint8Array, start: number, end: number): T | undefined {
    let h = FNV_OFFSET;
    // cast: start <= i < end, a range of buf
    for (let i = start; i < end; i++) h = Math.imul(h ^ (buf[i] as number), FNV_PRIME);
    const slot = probeBytes(this.slots, this.pool, h, buf, start, end);
    // cast: slot <= mask, so SLOT * slot < slots.length
    const entry = this.slots[SLOT * slot] as number;
    if (entry !== 0) return this.values[entry - 1];
    this.missHash = h;
    this.missSlot = slot;
    return undefined;
  }

  /** The value of the bytes buf[start, end), which the last {@link get} (of these bytes) missed. */
  set(buf: Uint8Array, start: number, end: number, value: T): void {
    if (this.values.length >= this.max || this.missSlot < 0) return;
    this.values.push(value);
    const at = SLOT * this.missSlot;
    this.missSlot = -1;
    const slots = this.slots;
    slots[at] = this.values.length;
    slots[at + 1] = this.missHash;
    slots[at + 2] = this.pool.length;
    slots[at + 3] = end - start;
    // cast: start <= i < end, a range of buf
    for (let i = start; i < end; i++) this.pool.push(buf[i] as number);
    if (2 * SLOT * this.values.length > slots.length) this.slots = doubledSlots(this.slots);
  }
}

/**
 * Strings made from byte ranges of one source, each made once per distinct bytes: a file repeats
 * its name parts thousands of times, and a hit costs a hash and a comparison of the bytes instead
 * of a decoded string, a slice and a whitespace pass. The string is whatever `make` gives for the
 * decoded text, the same for every call of one table. Holds at most `max` keys; past that, misses
 * are made each time (a file of all-distinct values costs no more than without the table).
 */
export class ByteStrings {
  private readonly memo: ByteMemo<string>;

  constructor(
    private readonly make: (text: string) => string,
    max = 1 << 16,
  ) {
    this.memo = new ByteMemo<string>(max);
  }

  /** make(decoded text of buf[start, end)), `text` decoding the range on a miss. */
  get(buf: Uint8Array, start: number, end: number, text: RangeText): string {
    const hit = this.memo.get(buf, start, end);
    if (hit !== undefined) return hit;
    const value = this.make(text.text(start, end));
    this.memo.set(buf, start, end, value);
    return value;
  }
}
