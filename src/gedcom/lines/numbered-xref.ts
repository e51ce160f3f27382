const AT = 64;
/** Prefixes (`I` of `@I12@`) told apart; a file uses a handful. */
const PREFIXES = 8;

/**
 * Reads xrefs written as `@`, a prefix of at most 4 ASCII bytes that are not digits, a number of 1
 * to 9 digits without a leading zero, and `@` (`@I123@`, `@F7@`, `@12@`): most files write every
 * xref so. Two such xrefs are the same bytes exactly when their prefix and number are the same, and
 * (ASCII) the same text in every encoding, so a table indexed by number can stand for a set or map
 * of them. Other xrefs, and prefixes beyond the first eight, are the caller's to keep otherwise.
 */
export class NumberedXrefs {
  /** The number of the xref {@link prefixOf} last accepted. */
  num = 0;
  private readonly keys = new Int32Array(PREFIXES);
  private readonly lengths = new Int32Array(PREFIXES);
  /** Prefixes given an index. */
  count = 0;

  /**
   * The index of the prefix of the xref written as buf[start, end) (given when new, while there is
   * room), with its number in {@link num}; -1 when the xref is not written so. A prefix gets its
   * index at its first xref or never, so the answer for an xref never changes.
   */
  prefixOf(buf: Uint8Array, start: number, end: number): number {
    const last = end - 1;
    if (end - start < 3 || buf[start] !== AT || buf[last] !== AT) return -1;
    let i = start + 1;
    let key = 0;
    // cast: start + 1 <= last < end, within buf
    let c = buf[i] as number;
    while (c < 48 || c > 57) {
      if (i - start > 4 || i === last || c >= 0x80) return -1;
      key |= c << (8 * (i - start - 1));
      // cast: i < last after the test above
      c = buf[++i] as number;
    }
    const prefixLength = i - start - 1;
    if (c === 48 && i + 1 < last) return -1;
    const digits = i;
    let num = 0;
    while (i < last) {
      // cast: i < last < end
      c = buf[i] as number;
      if (c < 48 || c > 57) return -1;
      num = num * 10 + c - 48;
      i++;
    }
    if (i - digits > 9) return -1;
    let p = 0;
    while (p < this.count && (this.keys[p] !== key || this.lengths[p] !== prefixLength)) p++;
    if (p === this.count) {
      if (p === PREFIXES) return -1;
      this.keys[p] = key;
      this.lengths[p] = prefixLength;
      this.count++;
    }
    this.num = num;
    return p;
  }
}
