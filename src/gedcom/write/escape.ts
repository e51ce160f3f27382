/**
 * `@` escaping of one physical line payload.
 * - 7.0: only a payload starting with `@` is escaped, by doubling that first `@`.
 * - 5.x: every `@` is doubled, except in date escapes like `@#DJULIAN@`, which are syntax.
 */
export function escapePayload(payload: string, isV7: boolean): string {
  if (isV7) return payload.charCodeAt(0) === 64 ? '@' + payload : payload;
  if (!payload.includes('@')) return payload;
  return payload.replace(/@#[A-Za-z][^@]*@|@/g, (m) => (m.length > 1 ? m : '@@'));
}
