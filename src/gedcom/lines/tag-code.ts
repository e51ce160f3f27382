/**
 * A tag of one to four ASCII bytes as one integer, its bytes packed in order (big-endian), so a
 * reader can switch on the tags it knows without making a string per line. The codes of tags of
 * different lengths never meet: an n-byte tag's code lies in [256 ** (n - 1), 256 ** n). Every
 * other tag (longer, empty, or with a byte past ASCII) is 0, which no known tag has.
 */

import { tagFoldsToUpper } from './tag-case.js';

/**
 * The code of the tag bytes [start, end) as TagInterner.intern answers them (tag-interner.ts): a
 * standard tag written in lower or mixed case is read as its upper-case form (tag-case.ts).
 */
export function tagCodeOfBytes(buf: Buffer, start: number, end: number): number {
  const n = end - start;
  if (n < 1 || n > 4) return 0;
  const fold = tagFoldsToUpper(buf, start, end);
  let code = 0;
  for (let i = start; i < end; i++) {
    // cast: start <= i < end, a tag range of buf
    const c = buf[i] as number;
    if (c >= 0x80) return 0;
    code = code * 256 + (fold && c >= 97 ? c - 32 : c);
  }
  return code;
}

/** The code of a tag as a string holds it (a tree node's tag, or a constant in upper case): no case folding. */
export function tagCode(tag: string): number {
  const n = tag.length;
  if (n < 1 || n > 4) return 0;
  let code = 0;
  for (let i = 0; i < n; i++) {
    const c = tag.charCodeAt(i);
    if (c >= 0x80) return 0;
    code = code * 256 + c;
  }
  return code;
}
