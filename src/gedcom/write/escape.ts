/**
 * `@` escaping of one physical line payload.
 * - 7.0: only a payload starting with `@` is escaped, by doubling that first `@`.
 * - 5.x: every `@` is doubled, except in date escapes like `@#DJULIAN@`, which are syntax. A reader
 *   turns every `@@` into `@` from the left, so the `@` that closes a date escape written as it is
 *   pairs with the next `@` written: a date escape that follows one, directly or after doubled
 *   `@` only (`@#DJULIAN@@@#DJULIAN@`), is doubled like text, or the `@` where they meet would read
 *   back one short.
 */
export function escapePayload(payload: string, isV7: boolean): string {
  if (isV7) return payload.charCodeAt(0) === 64 ? '@' + payload : payload;
  if (!payload.includes('@')) return payload;
  let dateEnd = -1;
  const afterDateEscape = (at: number): boolean => dateEnd >= 0 && /^@*$/.test(payload.slice(dateEnd, at));
  return payload.replace(/@#[A-Za-z][^@]*@|@/g, (m: string, at: number) => {
    if (m.length === 1 || afterDateEscape(at)) return m.replaceAll('@', '@@');
    dateEnd = at + m.length;
    return m;
  });
}
