import type { PointerText, PointerTable } from '../parse/record-lines.js';
import { GrowInt32 } from './growable.js';

/** Slots of the hash table at first; it doubles when half full. */
const INITIAL_SLOTS = 1 << 12;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * Every xref an index meets while it is built (record definitions and pointer values), as small
 * integers in order of first sight, with what the index needs of each: the person and family
 * numbers of its first INDI / FAM definition, how many records define it, how often a pointer
 * names it and when it was first defined. Lives only while the index is built.
 *
 * Ids are found by an open-addressing hash of the xref's characters, so a pointer is looked up
 * straight from the source bytes ({@link idOfBytes}) without decoding it to a string first: the
 * index meets millions of pointers, and a string per pointer in a Map of every xref cost more than
 * a fifth of building the index.
 */
export class XrefTable implements PointerTable {
  /** id + 1 of the xref in each slot; 0 for an empty slot. */
  private slots = new Int32Array(INITIAL_SLOTS);
  /** The hash of each id's xref. */
  private readonly hashes = new GrowInt32(1024);
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

  id(xref: string): number {
    let h = FNV_OFFSET;
    for (let i = 0; i < xref.length; i++) h = Math.imul(h ^ xref.charCodeAt(i), FNV_PRIME);
    const mask = this.slots.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      // cast: slot <= mask < slots.length
      const entry = this.slots[slot] as number;
      if (entry === 0) return this.add(xref, h, slot);
      if (this.hashes.get(entry - 1) === h && this.xrefs[entry - 1] === xref) return entry - 1;
    }
  }

  /**
   * The id of the xref written as the bytes buf[start, end) (a pointer as the source holds it),
   * the same as {@link id} of its text; -1 for `@VOID@`. `text` decodes it, for an xref not seen
   * yet or not ASCII.
   */
  idOfBytes(buf: Buffer, start: number, end: number, text: PointerText): number {
    let h = FNV_OFFSET;
    for (let i = start; i < end; i++) {
      // cast: start <= i < end, a range of buf
      const byte = buf[i] as number;
      // not ASCII: its characters are not its bytes
      if (byte >= 0x80) return this.textId(text.pointer());
      h = Math.imul(h ^ byte, FNV_PRIME);
    }
    const mask = this.slots.length - 1;
    const n = end - start;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      // cast: slot <= mask < slots.length
      const entry = this.slots[slot] as number;
      if (entry === 0) return this.textId(text.pointer());
      if (this.hashes.get(entry - 1) !== h) continue;
      // cast: every id below xrefs.length has its xref
      const known = this.xrefs[entry - 1] as string;
      if (known.length !== n) continue;
      let k = 0;
      while (k < n && known.charCodeAt(k) === buf[start + k]) k++;
      if (k === n) return known === '@VOID@' ? -1 : entry - 1;
    }
  }

  private textId(xref: string): number {
    return xref === '@VOID@' ? -1 : this.id(xref);
  }

  private add(xref: string, hash: number, slot: number): number {
    const id = this.xrefs.length;
    this.slots[slot] = id + 1;
    this.hashes.push(hash);
    this.xrefs.push(xref);
    this.person.push(-1);
    this.family.push(-1);
    this.definitions.push(0);
    this.pointers.push(0);
    this.firstDefined.push(-1);
    this.firstPointed.push(-1);
    if (2 * this.xrefs.length > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const slots = new Int32Array(2 * this.slots.length);
    const mask = slots.length - 1;
    for (let id = 0; id < this.xrefs.length; id++) {
      let slot = this.hashes.get(id) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
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
