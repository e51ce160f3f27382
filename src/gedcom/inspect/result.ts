import type { ByteOrderMark, DiagnosticSeverity, GedcomEncoding } from '../model.js';
import type { ProbableVersion } from './probable-version.js';

/**
 * Result of inspecting a GEDCOM byte stream. Contains no record content (no names, dates,
 * places, notes, xref values) and no path: only counts, codes, tags and line numbers.
 */
export interface GedcomInspectResult {
  readonly bytes: number;
  readonly version: {
    /** HEAD.GEDC.VERS as written (a version number, not content), or null. */
    readonly declared: string | null;
    readonly family: string | null;
    readonly supported: boolean;
    /**
     * For a file without a supported version: the version it probably is, with the evidence. Null when
     * the version is supported, when the input is not GEDCOM, and when nothing points to a version.
     */
    readonly probable: ProbableVersion | null;
  };
  readonly encoding: {
    /** HEAD.CHAR as written, or null. */
    readonly declared: string | null;
    /** Encoding the engine uses for these bytes. */
    readonly detected: GedcomEncoding;
    readonly bom: ByteOrderMark;
    readonly asciiOnly: boolean;
  };
  readonly lines: {
    readonly count: number;
    readonly blank: number;
    readonly terminators: { readonly LF: number; readonly CRLF: number; readonly CR: number; readonly LFCR: number; readonly none: number };
    readonly maxLevel: number;
    /** Longest physical line in characters. */
    readonly maxLineLength: number;
  };
  readonly records: {
    readonly total: number;
    /** Record count by level-0 tag (HEAD, INDI, FAM, _LOC, ...). */
    readonly byType: Readonly<Record<string, number>>;
  };
  readonly xrefs: {
    readonly defined: number;
    /** Xrefs defined more than once (distinct values). */
    readonly duplicate: number;
    /** Pointer lines whose target is not defined. */
    readonly dangling: number;
    /** Records with an xref that no pointer refers to (HEAD and TRLR excluded). */
    readonly unreferenced: number;
    /** `@VOID@` pointers (7.0 null pointer). */
    readonly voidPointers: number;
  };
  /** Every finding code with count, severity and first line number, sorted by code. */
  readonly findings: readonly InspectFinding[];
  readonly extensions: {
    /** Extension tags (`_X`) with how many lines use each, sorted by tag. */
    readonly tags: readonly { readonly tag: string; readonly count: number }[];
    /** HEAD.SCHMA.TAG declarations: tag and URI. */
    readonly schema: readonly { readonly tag: string; readonly uri: string }[];
  };
}

interface InspectFinding {
  readonly code: string;
  readonly severity: DiagnosticSeverity;
  readonly count: number;
  readonly firstLine: number;
}
