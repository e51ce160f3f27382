import { tagFoldsToUpper } from './tag-case.js';

/**
 * Returns one shared string per distinct tag byte sequence, so millions of lines with the same
 * tag do not allocate millions of strings. A direct-mapped cache (keyed by length and a few
 * bytes) answers almost every lookup; misses fall back to a map. Non-ASCII sequences go
 * through `decodeNonAscii`. A standard tag written in lower or mixed case (`indi`) is answered in
 * upper case (`INDI`, see tag-case.ts): structure is matched case-insensitively.
 */
export class TagInterner {
  /** The tag as written that each slot answers for, and its answer. */
  private readonly slotKeys: (string | undefined)[] = new Array<string | undefined>(4096);
  private readonly slotValues: string[] = new Array<string>(4096);
  private readonly map = new Map<string, string>();

  constructor(private readonly decodeNonAscii: (buf: Buffer, start: number, end: number) => string) {}

  intern(buf: Buffer, start: number, end: number): string {
    const n = end - start;
    if (n === 0) return '';
    // cast: n > 0 (returned above), so start, end - 1 and start + n / 2 lie in the tag's range of buf
    const key = (n * 977 + (buf[start] as number) * 31 + (buf[end - 1] as number) * 7 + (buf[start + (n >> 1)] as number) * 131) & 4095;
    const cached = this.slotKeys[key];
    if (cached !== undefined && cached.length === n) {
      let k = 0;
      while (k < n && cached.charCodeAt(k) === buf[start + k]) k++;
      // cast: a slot with a key has its value set with it
      if (k === n) return this.slotValues[key] as string;
    }
    // cast: start <= i < end, the tag's range of buf
    for (let i = start; i < end; i++) if ((buf[i] as number) >= 0x80) return this.decodeNonAscii(buf, start, end);
    const fresh = buf.toString('latin1', start, end);
    let shared = this.map.get(fresh);
    if (shared === undefined) {
      shared = tagFoldsToUpper(buf, start, end) ? fresh.toUpperCase() : fresh;
      if (this.map.size < 100_000) this.map.set(fresh, shared);
    }
    this.slotKeys[key] = fresh;
    this.slotValues[key] = shared;
    return shared;
  }
}
