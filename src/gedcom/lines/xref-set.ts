import { NumberedXrefs } from './numbered-xref.js';

/** Numbers a prefix's bits may cover: its bitset never exceeds 2 MiB. */
const MAX_NUMBER = 1 << 24;

/**
 * The record xrefs a parse has met, to find one defined twice. An xref of a prefix and a number
 * (`@I12@`, lines/numbered-xref.ts) is one bit of its prefix's bitset, found from its bytes without
 * a string or a hash; any other xref is kept as its text.
 */
export class XrefSet {
  private readonly numbered = new NumberedXrefs();
  private readonly bits: Uint8Array[] = [];
  private readonly others = new Set<string>();

  /** Adds the xref written as buf[start, end), whose text is `text`; false when it was there already. */
  add(buf: Uint8Array, start: number, end: number, text: string): boolean {
    const p = this.numbered.prefixOf(buf, start, end);
    const num = this.numbered.num;
    if (p < 0 || num >= MAX_NUMBER) {
      if (this.others.has(text)) return false;
      this.others.add(text);
      return true;
    }
    while (p >= this.bits.length) this.bits.push(new Uint8Array(1024));
    // cast: p < bits.length
    let bits = this.bits[p] as Uint8Array;
    const at = num >> 3;
    if (at >= bits.length) {
      const grown = new Uint8Array(Math.max(2 * bits.length, at + 1));
      grown.set(bits);
      this.bits[p] = bits = grown;
    }
    const mask = 1 << (num & 7);
    // cast: at < bits.length
    const byte = bits[at] as number;
    if ((byte & mask) !== 0) return false;
    bits[at] = byte | mask;
    return true;
  }
}
