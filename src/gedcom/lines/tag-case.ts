/**
 * Tags are matched case-insensitively for structure: a tag that is not an extension (`_X`), is
 * made of ASCII letters and digits only and has a lower-case letter (`indi`, `Trlr`, `cont`) is
 * read as its upper-case form, the standard tag it spells (finding `TAG_CASE_NORMALIZED`).
 * Extension tags keep their case: they mean what their producer says.
 */

const LOWER_A = 97;
const LOWER_Z = 122;
const UNDERSCORE = 95;

/** True when the tag bytes [start, end) are read as their upper-case form. */
export function tagFoldsToUpper(buf: Buffer, start: number, end: number): boolean {
  if (end <= start || buf[start] === UNDERSCORE) return false;
  let lower = false;
  for (let i = start; i < end; i++) {
    // cast: start <= i < end, a tag range of buf
    const c = buf[i] as number;
    if (c >= LOWER_A && c <= LOWER_Z) lower = true;
    else if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) return false;
  }
  return lower;
}

/** True when byte `b` of a tag equals the upper-case ASCII character `c` once case is folded. */
export function sameTagByte(b: number, c: number): boolean {
  return b === c || (b >= LOWER_A && b <= LOWER_Z && b - 32 === c);
}
