/**
 * `@` escaping of one physical line payload.
 * - 7.0: only a payload starting with `@` is escaped, by doubling that first `@`.
 * - 5.x: every `@` is doubled, except in date escapes like `@#DJULIAN@`, which are syntax. A date
 *   escape right after another one is doubled like text: written as it is, the two `@` where they
 *   meet would read back as one escaped `@`.
 */
export function escapePayload(payload: string, isV7: boolean): string {
  if (isV7) return payload.charCodeAt(0) === 64 ? '@' + payload : payload;
  if (!payload.includes('@')) return payload;
  let dateEnd = -1;
  return payload.replace(/@#[A-Za-z][^@]*@|@/g, (m: string, at: number) => {
    if (m.length === 1 || at === dateEnd) return m.replaceAll('@', '@@');
    dateEnd = at + m.length;
    return m;
  });
}
