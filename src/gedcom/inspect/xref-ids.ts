import { NumberedXrefs } from '../lines/numbered-xref.js';

/** Slots of the hash table at first; it doubles when half full. */
const INITIAL_SLOTS = 1 << 12;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Entries a numbers table may have beyond twice the ids given (bounds its memory by the xrefs met). */
const NUMBERS_SLACK = 1 << 16;

/**
 * The xrefs an inspection meets (record xrefs and pointer values), as small integers in order of
 * first sight, found by an open-addressing hash of their bytes: a pointer line costs a hash and a
 * byte compare, never a string or a map entry (inspect meets millions of pointers). The bytes are
 * copied once per distinct xref into one arena.
 *
 * Most xrefs are a short prefix and a number (`@I123@`, lines/numbered-xref.ts): once the hash has given such an xref its
 * id, a table of numbers per prefix answers it again with one array read (pointers reach records in
 * any order, and the hash's tables are too big to stay in the processor's cache). The hash stays the
 * one authority: the tables only remember its answers.
 */
export class XrefIds {
  private readonly numbered = new NumberedXrefs();
  /** Per numbered prefix: id + 1 per number, 0 unknown. */
  private readonly numbers: Int32Array[] = [];
  /** id + 1 of the xref in each slot; 0 for an empty slot. */
  private slots = new Int32Array(INITIAL_SLOTS);
  private hashes = new Int32Array(1024);
  /** Start of each id's bytes in the arena; the next id's start is its end. */
  private starts = new Int32Array(1025);
  private arena = new Uint8Array(1 << 16);
  size = 0;

  /** The id of the xref written as buf[start, end), added when new. */
  id(buf: Uint8Array, start: number, end: number): number {
    const p = this.numbered.prefixOf(buf, start, end);
    if (p < 0) return this.hashed(buf, start, end);
    const num = this.numbered.num;
    while (p >= this.numbers.length) this.numbers.push(new Int32Array(1024));
    let table = this.numbers[p] as Int32Array; // cast: p < numbers.length
    if (num < table.length) {
      const known = table[num] as number; // cast: num < table.length
      if (known > 0) return known - 1;
    }
    const id = this.hashed(buf, start, end);
    if (num >= table.length && num < 2 * this.size + NUMBERS_SLACK) {
      const grown = new Int32Array(Math.min(Math.max(2 * table.length, num + 1), 2 * this.size + NUMBERS_SLACK));
      grown.set(table);
      this.numbers[p] = table = grown;
    }
    if (num < table.length) table[num] = id + 1;
    return id;
  }

  /** The id of the xref written as buf[start, end) from the hash of its bytes, added when new. */
  private hashed(buf: Uint8Array, start: number, end: number): number {
    let h = FNV_OFFSET;
    // cast: start <= i < end, a range of buf
    for (let i = start; i < end; i++) h = Math.imul(h ^ (buf[i] as number), FNV_PRIME);
    h |= 0;
    const mask = this.slots.length - 1;
    const n = end - start;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      // cast: slot <= mask < slots.length
      const entry = this.slots[slot] as number;
      if (entry === 0) return this.add(buf, start, end, h, slot);
      const id = entry - 1;
      if (this.hashes[id] !== h) continue;
      // cast: id < size, so starts has id and id + 1
      const at = this.starts[id] as number;
      // cast: as above
      if ((this.starts[id + 1] as number) - at !== n) continue;
      let k = 0;
      while (k < n && this.arena[at + k] === buf[start + k]) k++;
      if (k === n) return id;
    }
  }

  private add(buf: Uint8Array, start: number, end: number, hash: number, slot: number): number {
    const id = this.size++;
    if (id === this.hashes.length) {
      const hashes = new Int32Array(2 * id);
      hashes.set(this.hashes);
      this.hashes = hashes;
      const starts = new Int32Array(2 * id + 1);
      starts.set(this.starts);
      this.starts = starts;
    }
    // cast: id < hashes.length, and starts has one more entry
    const at = this.starts[id] as number;
    if (at + end - start > this.arena.length) {
      const arena = new Uint8Array(Math.max(2 * this.arena.length, at + end - start));
      arena.set(this.arena);
      this.arena = arena;
    }
    this.arena.set(buf.subarray(start, end), at);
    this.starts[id + 1] = at + end - start;
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    if (2 * this.size > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const slots = new Int32Array(2 * this.slots.length);
    const mask = slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      // cast: id < size <= hashes.length
      let slot = (this.hashes[id] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }
}

const VOID: readonly number[] = [64, 86, 79, 73, 68, 64];

/** Whether buf[start, end) is `@VOID@`. */
export function isVoidXref(buf: Uint8Array, start: number, end: number): boolean {
  if (end - start !== 6) return false;
  for (let k = 0; k < 6; k++) if (buf[start + k] !== VOID[k]) return false;
  return true;
}
