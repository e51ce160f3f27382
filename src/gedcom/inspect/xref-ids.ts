import { NumberedXrefs } from '../lines/numbered-xref.js';

/** Slots of the hash table at first; it doubles when half full. */
const INITIAL_SLOTS = 1 << 12;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Entries a numbers table may have beyond twice the ids given (bounds its memory by the xrefs met). */
const NUMBERS_SLACK = 1 << 16;

/**
 * The xrefs an inspection meets (record xrefs and pointer values), as small integers in order of
 * first sight: a pointer line costs a hash or an array read, never a string or a map entry (inspect
 * meets millions of pointers).
 *
 * Most xrefs are a short prefix and a number (`@I123@`, lines/numbered-xref.ts): a table per prefix
 * indexed by the number holds their ids, one array read (pointers reach records in any order). A
 * table takes a number below twice the ids given plus a slack, and grows to at most twice that, so
 * its memory follows the xrefs met; an xref beyond it, and any other xref, is found by an open-addressing hash of its bytes (copied
 * once into one arena), and a numbered one moves into its table once the table covers its number.
 */
export class XrefIds {
  private readonly numbered = new NumberedXrefs();
  /** Per numbered prefix: id + 1 per number, 0 for a number not met. */
  private readonly numbers: Int32Array[] = [];
  /** Numbered xrefs the hash holds because their table did not cover them: prefix, number and id of each. */
  private readonly waiting: number[] = [];
  /** Per hash entry: its id, its hash, and the start of its bytes in the arena (the next entry's start is its end). */
  private entryIds = new Int32Array(1024);
  private hashes = new Int32Array(1024);
  private starts = new Int32Array(1025);
  private entries = 0;
  /** entry + 1 of the xref in each slot; 0 for an empty slot. */
  private slots = new Int32Array(INITIAL_SLOTS);
  private arena = new Uint8Array(1 << 16);
  /** Ids given. */
  size = 0;

  /** The id of the xref written as buf[start, end), added when new. */
  id(buf: Uint8Array, start: number, end: number): number {
    const p = this.numbered.prefixOf(buf, start, end);
    if (p < 0) return this.hashed(buf, start, end, -1, 0);
    const num = this.numbered.num;
    while (p >= this.numbers.length) this.numbers.push(new Int32Array(1024));
    // cast: p < numbers.length
    let table = this.numbers[p] as Int32Array;
    if (num >= table.length) table = this.cover(p, num);
    if (num >= table.length) return this.hashed(buf, start, end, p, num);
    // cast: num < table.length
    const known = table[num] as number;
    if (known > 0) return known - 1;
    const id = this.size++;
    table[num] = id + 1;
    return id;
  }

  /** Prefix p's table, grown to cover `num` when its memory allows, with the waiting xrefs it then covers moved in. */
  private cover(p: number, num: number): Int32Array {
    // cast: callers pass a prefix with a table
    const table = this.numbers[p] as Int32Array;
    const limit = 2 * this.size + NUMBERS_SLACK;
    if (num >= limit) return table;
    // at least doubled (num >= table.length here): a table grows a logarithmic number of times even
    // while pointers ahead of their records move the limit a few numbers at a time (tangled parentage)
    const grown = new Int32Array(Math.min(Math.max(2 * table.length, num + 1), 2 * limit));
    grown.set(table);
    this.numbers[p] = grown;
    const waiting = this.waiting;
    for (let k = 0; k < waiting.length;) {
      // cast: waiting holds triples, so k + 2 < waiting.length
      const n = waiting[k + 1] as number;
      if (waiting[k] !== p || n >= grown.length) {
        k += 3;
        continue;
      }
      // cast: as above
      grown[n] = (waiting[k + 2] as number) + 1;
      // cast: the last triple of waiting moves into this one's place
      waiting[k] = waiting[waiting.length - 3] as number;
      waiting[k + 1] = waiting[waiting.length - 2] as number; // cast: as above
      waiting[k + 2] = waiting[waiting.length - 1] as number; // cast: as above
      waiting.length -= 3;
    }
    return grown;
  }

  /** The id of the xref written as buf[start, end) from the hash of its bytes, added when new (a numbered one of prefix p then waits for its table). */
  private hashed(buf: Uint8Array, start: number, end: number, p: number, num: number): number {
    let h = FNV_OFFSET;
    // cast: start <= i < end, a range of buf
    for (let i = start; i < end; i++) h = Math.imul(h ^ (buf[i] as number), FNV_PRIME);
    h |= 0;
    const mask = this.slots.length - 1;
    const n = end - start;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      // cast: slot <= mask < slots.length
      const entry = this.slots[slot] as number;
      if (entry === 0) {
        const id = this.add(buf, start, end, h, slot);
        if (p >= 0) this.waiting.push(p, num, id);
        return id;
      }
      const e = entry - 1;
      if (this.hashes[e] !== h) continue;
      // cast: e < entries, so starts has e and e + 1
      const at = this.starts[e] as number;
      // cast: as above
      if ((this.starts[e + 1] as number) - at !== n) continue;
      let k = 0;
      while (k < n && this.arena[at + k] === buf[start + k]) k++;
      // cast: e < entries <= entryIds.length
      if (k === n) return this.entryIds[e] as number;
    }
  }

  private add(buf: Uint8Array, start: number, end: number, hash: number, slot: number): number {
    const e = this.entries++;
    if (e === this.hashes.length) {
      const hashes = new Int32Array(2 * e);
      hashes.set(this.hashes);
      this.hashes = hashes;
      const entryIds = new Int32Array(2 * e);
      entryIds.set(this.entryIds);
      this.entryIds = entryIds;
      const starts = new Int32Array(2 * e + 1);
      starts.set(this.starts);
      this.starts = starts;
    }
    // cast: e < hashes.length, and starts has one more entry
    const at = this.starts[e] as number;
    if (at + end - start > this.arena.length) {
      const arena = new Uint8Array(Math.max(2 * this.arena.length, at + end - start));
      arena.set(this.arena);
      this.arena = arena;
    }
    this.arena.set(buf.subarray(start, end), at);
    this.starts[e + 1] = at + end - start;
    this.hashes[e] = hash;
    const id = this.size++;
    this.entryIds[e] = id;
    this.slots[slot] = e + 1;
    if (2 * this.entries > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const slots = new Int32Array(2 * this.slots.length);
    const mask = slots.length - 1;
    for (let e = 0; e < this.entries; e++) {
      // cast: e < entries <= hashes.length
      let slot = (this.hashes[e] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = e + 1;
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
