import type { GedzipRefusal } from '../../contract/gedzip.js';

/** A GEDZIP input refused with its catalogued code, before anything was written; the cause never leaves the reader's caller. */
export class GedzipRefused extends Error {
  constructor(
    readonly code: GedzipRefusal,
    cause?: unknown,
  ) {
    super(code, { cause });
    this.name = 'GedzipRefused';
  }
}
