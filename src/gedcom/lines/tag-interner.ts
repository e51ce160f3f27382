/**
 * Returns one shared string per distinct tag (or xref) byte sequence, so millions of lines
 * with the same tag do not allocate millions of strings. Non-ASCII sequences go through
 * `decodeNonAscii`.
 */
export class TagInterner {
  private readonly buckets = new Map<number, string[]>();

  constructor(private readonly decodeNonAscii: (buf: Buffer, start: number, end: number) => string) {}

  intern(buf: Buffer, start: number, end: number): string {
    let h = end - start;
    let ascii = true;
    for (let i = start; i < end; i++) {
      const b = buf[i] as number;
      if (b >= 0x80) ascii = false;
      h = (Math.imul(h, 31) + b) | 0;
    }
    if (!ascii) return this.decodeNonAscii(buf, start, end);
    let bucket = this.buckets.get(h);
    if (bucket !== undefined) {
      const n = end - start;
      outer: for (const s of bucket) {
        if (s.length !== n) continue;
        for (let k = 0; k < n; k++) if (s.charCodeAt(k) !== buf[start + k]) continue outer;
        return s;
      }
    } else {
      bucket = [];
      this.buckets.set(h, bucket);
    }
    const s = buf.toString('latin1', start, end);
    bucket.push(s);
    return s;
  }
}
