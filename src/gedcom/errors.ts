/** Stable error codes of GEDCOM operations (not findings: these stop an operation). */
export type GedcomErrorCode =
  'GEDCOM_VERSION_UNSUPPORTED' | 'GEDCOM_FILE_UNREADABLE' | 'GEDCOM_WRITE_FAILED' | 'GEDCOM_CONVERT_UNAVAILABLE' | 'GEDCOM_INPUT_LIMIT' | 'GEDCOM_USAGE';

/**
 * An engine error: a stable code, the 1-based line it concerns (0 = the whole file) and a
 * remediation for the user. Its message is for logs; callers show code, line and remediation.
 */
export class GedcomError extends Error {
  constructor(
    readonly code: GedcomErrorCode,
    message: string,
    readonly line = 0,
    readonly remediation: string | null = null,
  ) {
    super(message);
    this.name = 'GedcomError';
  }
}
