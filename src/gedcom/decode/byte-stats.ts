import { isAscii, isUtf8 } from 'node:buffer';

/** Facts about a byte stream that encoding detection needs. Collected chunk by chunk. */
export interface ByteStats {
  readonly asciiOnly: boolean;
  readonly utf8Valid: boolean;
  /** Count of each byte value >= 0x80 (index = byte - 0x80); null when not collected. */
  readonly highBytes: Uint32Array | null;
}

/** Length of the longest prefix of `buf` that does not end inside a UTF-8 sequence. */
function completePrefix(buf: Uint8Array): number {
  let i = buf.length - 1;
  let k = 0;
  // cast: 0 <= i < buf.length
  while (i >= 0 && k < 3 && ((buf[i] as number) & 0xc0) === 0x80) {
    i--;
    k++;
  }
  if (i < 0) return buf.length;
  // cast: 0 <= i < buf.length (i < 0 returned above)
  const b = buf[i] as number;
  const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  return buf.length - i < need ? i : buf.length;
}

export class ByteStatsCollector {
  private ascii = true;
  private utf8 = true;
  private carry: Buffer = Buffer.alloc(0);
  private readonly high: Uint32Array | null;

  constructor(collectHistogram: boolean) {
    this.high = collectHistogram ? new Uint32Array(128) : null;
  }

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    if (this.carry.length === 0 && isAscii(chunk)) return;
    if (!isAscii(chunk)) {
      this.ascii = false;
      this.countHigh(chunk);
    }
    if (!this.utf8) return;
    let body = chunk;
    if (this.carry.length > 0) {
      // cast: carry.length > 0, checked above
      const lead = this.carry[0] as number;
      const need = (lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2) - this.carry.length;
      const joined = Buffer.concat([this.carry, chunk.subarray(0, need)]);
      if (joined.length < this.carry.length + need) {
        this.carry = joined;
        return;
      }
      if (!isUtf8(joined)) this.utf8 = false;
      this.carry = Buffer.alloc(0);
      body = chunk.subarray(need);
    }
    const cut = completePrefix(body);
    if (!isUtf8(body.subarray(0, cut))) this.utf8 = false;
    this.carry = Buffer.from(body.subarray(cut));
  }

  /**
   * Push `chunk` whole unless that could say less than pushing it in pieces would: returns false,
   * changing nothing, when a sequence is carried from earlier bytes or when `chunk` (but its last
   * incomplete sequence) is not valid UTF-8 while the stream so far is. Bytes valid whole are valid in
   * any pieces they are cut into where only ASCII bytes are left out.
   */
  pushUnlessInvalid(chunk: Buffer): boolean {
    if (this.carry.length > 0) return false;
    if (chunk.length === 0 || isAscii(chunk)) return true;
    const cut = completePrefix(chunk);
    if (this.utf8 && !isUtf8(chunk.subarray(0, cut))) return false;
    this.ascii = false;
    this.countHigh(chunk);
    if (this.utf8 && cut < chunk.length) this.carry = Buffer.from(chunk.subarray(cut));
    return true;
  }

  private countHigh(chunk: Buffer): void {
    const high = this.high;
    if (high === null) return;
    for (let i = 0; i < chunk.length; i++) {
      // cast: i < chunk.length
      const b = chunk[i] as number;
      // cast: 0x80 <= b <= 0xff, so b - 0x80 is within high's 128 entries
      if (b >= 0x80) high[b - 0x80] = (high[b - 0x80] as number) + 1;
    }
  }

  finish(): ByteStats {
    if (this.carry.length > 0) this.utf8 = false;
    return { asciiOnly: this.ascii, utf8Valid: this.utf8, highBytes: this.high };
  }
}

/** Stats of a complete buffer (no histogram unless asked). */
export function statsOf(bytes: Buffer, histogram: boolean): ByteStats {
  const c = new ByteStatsCollector(histogram);
  c.push(bytes);
  return c.finish();
}
