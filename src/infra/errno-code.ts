/** The system error code of a failed operation on a file or descriptor (`ENOENT`, `EACCES`, `EAGAIN`, ...), or `error` when it has none. */
export function errnoCode(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && /^E[A-Z]+$/.test(error.code) ? error.code : 'error';
}
