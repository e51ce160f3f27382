const AT = 64;
const HASH = 35;
const SPACE = 32;

/** True when bytes [s, e) are a pointer value: `@X@` with no `@`, space or leading `#` inside. */
export function isPointer(buf: Buffer, s: number, e: number): boolean {
  if (e - s < 3 || buf[s] !== AT || buf[e - 1] !== AT) return false;
  const first = buf[s + 1];
  if (first === AT || first === HASH) return false;
  for (let i = s + 1; i < e - 1; i++) {
    const c = buf[i];
    if (c === AT || c === SPACE) return false;
  }
  return true;
}
