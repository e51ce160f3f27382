/** Stable error codes of GEDCOM operations (not findings: these stop an operation). */
export type GedcomErrorCode =
  | 'GEDCOM_VERSION_UNSUPPORTED'
  | 'GEDCOM_FILE_UNREADABLE'
  | 'GEDCOM_WRITE_FAILED'
  | 'GEDCOM_CONVERT_UNAVAILABLE'
  | 'GEDCOM_USAGE';

export class GedcomError extends Error {
  constructor(
    readonly code: GedcomErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GedcomError';
  }
}
