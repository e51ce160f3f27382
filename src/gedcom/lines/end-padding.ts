/**
 * End-of-file padding: a DOS end-of-file mark (Ctrl-Z, 0x1A) or NUL bytes after the last line,
 * written by old DOS programs and by copies padded to a block size. The reader drops it (finding
 * `FILE_END_PADDING`); a byte-for-byte rewrite writes it back (the parser hands it to the source
 * as trailing bytes).
 */

const NUL = 0x00;
const CTRL_Z = 0x1a;

function isPaddingOrSpace(b: number): boolean {
  return b === NUL || b === CTRL_Z || b === 10 || b === 13 || b === 32 || b === 9;
}

/**
 * Where the padding of `buf[0, end)` starts: the first Ctrl-Z or NUL of the longest tail made of
 * Ctrl-Z, NUL, terminators, spaces and tabs (terminators before that first mark stay with the last
 * line). `end` when the tail has neither Ctrl-Z nor NUL.
 */
export function endPaddingStart(buf: Buffer, end = buf.length): number {
  let i = end;
  // cast: 0 < i <= end <= buf.length, so i - 1 indexes buf
  while (i > 0 && isPaddingOrSpace(buf[i - 1] as number)) i--;
  for (let k = i; k < end; k++) if (buf[k] === NUL || buf[k] === CTRL_Z) return k;
  return end;
}

/** True when every byte of `buf` could belong to padding (a chunk that cannot end the padding tail). */
export function allPaddingOrSpace(buf: Buffer): boolean {
  // cast: 0 <= i < buf.length
  for (let i = 0; i < buf.length; i++) if (!isPaddingOrSpace(buf[i] as number)) return false;
  return true;
}
