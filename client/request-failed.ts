/** A request of the paired client that did not answer with its success status: the status and the envelope's code. */
export class RequestFailed extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`request failed: ${status}${code === null ? '' : ` ${code}`}`);
    this.name = 'RequestFailed';
  }
}

/** The `code` of an error envelope, when the body is one. */
export function envelopeCode(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : null;
}
