import type { DiagnosticSeverity, GedcomDiagnostic } from './model.js';

/**
 * Stable diagnostic codes. Never rename one: inspect results, tests and users' reports refer to
 * them. Severity is the default; a few codes are errors in 7.0 and warnings in 5.x.
 */
const DIAGNOSTIC_CODES = {
  // file and encoding
  FILE_EMPTY: 'error',
  FILE_NOT_GEDCOM: 'error',
  /** A ZIP archive (GEDZIP .gdz, a zipped export): its GEDCOM has to be extracted first. */
  FILE_ZIP_ARCHIVE: 'error',
  /** Ctrl-Z (0x1A, the DOS end-of-file mark) and NUL padding after the last line: not read; a byte-for-byte rewrite keeps them. */
  FILE_END_PADDING: 'warning',
  BOM_REPEATED: 'warning',
  ENCODING_CHAR_MISSING: 'warning',
  ENCODING_CHAR_UNKNOWN: 'warning',
  ENCODING_CHAR_MISMATCH: 'warning',
  ENCODING_CODEPAGE_AMBIGUOUS: 'warning',
  ENCODING_INVALID_BYTES: 'error',
  ENCODING_UTF16_WITHOUT_BOM: 'warning',
  ENCODING_ODD_LENGTH: 'error',
  ENCODING_BOM_MISSING_V7: 'info',
  ENCODING_NOT_UTF8_V7: 'error',
  ENCODING_UNREPRESENTABLE: 'error',
  // version
  GEDCOM_VERSION_MISSING: 'error',
  GEDCOM_VERSION_UNSUPPORTED: 'error',
  GEDCOM_VERSION_555: 'info',
  GEDCOM_VERSION_NEWER_MINOR: 'info',
  GEDCOM_VERSION_ASSUMED: 'info',
  // GEDCOM 5.5.5 rules (stricter than 5.5.1)
  GEDCOM_555_ENCODING: 'warning',
  GEDCOM_555_BOM_MISSING: 'warning',
  GEDCOM_555_CONC_INSIDE_WORD: 'warning',
  // lines
  LINE_BLANK: 'warning',
  LINE_LEADING_WHITESPACE: 'warning',
  LINE_TERMINATORS_MIXED: 'warning',
  LINE_TERMINATOR_LFCR: 'info',
  LINE_NO_FINAL_TERMINATOR: 'info',
  LINE_TOO_LONG: 'warning',
  LINE_OVER_LIMIT: 'error',
  VALUE_OVER_LIMIT: 'error',
  LINE_MALFORMED: 'error',
  LINE_LEVEL_LEADING_ZERO: 'warning',
  LINE_LEVEL_OVER_99: 'warning',
  LINE_LEVEL_JUMP: 'error',
  LINE_DELIMITER: 'warning',
  LINE_TAG_INVALID: 'warning',
  LINE_XREF_INVALID: 'warning',
  LINE_XREF_TOO_LONG: 'warning',
  LINE_CONTROL_CHARACTER: 'warning',
  /** A standard tag not in upper case (`indi`, `Trlr`): read as its upper-case form. */
  TAG_CASE_NORMALIZED: 'warning',
  // structure
  HEAD_MISSING: 'error',
  HEAD_NOT_FIRST: 'error',
  /** A second HEAD record (two files concatenated, or a header written twice). */
  HEAD_REPEATED: 'error',
  TRLR_MISSING: 'warning',
  CONTENT_AFTER_TRLR: 'warning',
  /** A TRLR with a payload, an xref or substructures (lines after it that are not records). */
  TRLR_NOT_EMPTY: 'warning',
  RECORD_ORPHAN_LINE: 'error',
  RECORD_XREF_MISSING: 'warning',
  RECORD_XREF_VOID: 'error',
  CONC_IN_V7: 'error',
  CONTINUATION_MISPLACED: 'warning',
  ESCAPE_INVALID: 'warning',
  // cross-references (inspect)
  XREF_DUPLICATE: 'error',
  XREF_DANGLING: 'error',
  XREF_UNREFERENCED: 'info',
} as const satisfies Record<string, DiagnosticSeverity>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** Summary of one code: how often and where first. */
export interface DiagnosticSummary {
  readonly code: DiagnosticCode;
  readonly severity: DiagnosticSeverity;
  readonly count: number;
  readonly firstLine: number;
}

/**
 * Collects diagnostics. Counts every occurrence but keeps at most `keepPerCode` full entries per
 * code, so a damaged million-line file cannot flood memory.
 */
export class DiagnosticLog {
  private readonly kept: GedcomDiagnostic[] = [];
  private readonly counts = new Map<DiagnosticCode, { count: number; firstLine: number; severity: DiagnosticSeverity }>();

  constructor(private readonly keepPerCode = 50) {}

  add(code: DiagnosticCode, line: number, message: string, severity: DiagnosticSeverity = DIAGNOSTIC_CODES[code]): void {
    const entry = this.counts.get(code);
    if (entry === undefined) {
      this.counts.set(code, { count: 1, firstLine: line, severity });
    } else {
      entry.count++;
      if (entry.count > this.keepPerCode) return;
    }
    this.kept.push({ code, severity, line, message });
  }

  has(code: DiagnosticCode): boolean {
    return this.counts.has(code);
  }

  /** Kept entries in the order they were reported. */
  get entries(): readonly GedcomDiagnostic[] {
    return this.kept;
  }

  /** One summary per code, sorted by code. */
  summary(): DiagnosticSummary[] {
    return [...this.counts.entries()]
      .map(([code, e]) => ({ code, severity: e.severity, count: e.count, firstLine: e.firstLine }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }
}
