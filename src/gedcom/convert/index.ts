/**
 * Version conversion of a parsed document: 5.5 / 5.5.1 -> 7.0 and 7.0 -> 5.5.1.
 *
 * The result is a new document whose records are all created in memory (so every record is
 * `edited` and the writer writes it canonically in the target version: UTF-8, CONT only for 7.0,
 * `@` escapes of the target). The source document is not modified. What the conversion removed,
 * renamed or kept as an extension is listed in `notes`.
 */

import {
  GedcomRecord,
  type GedcomDiagnostic,
  type GedcomDocumentLike,
  type GedcomEncodingInfo,
  type GedcomVersionFamily,
  type GedcomVersionInfo,
  type LineTerminator,
} from '../model.js';
import { GedcomError } from '../errors.js';
import { ASSUME_VERSION_REMEDIATION, type AssumableVersion } from '../version.js';
import { convert555To551 } from './from555.js';
import { convertTo551 } from './to551.js';
import { convertTo7, type To7Options } from './to7.js';
import type { ConversionNote, Notes } from './tree.js';
import { GedcomDocument } from '../document.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

export type { DualYearPolicy } from './values.js';

export type ConversionTarget = '7.0' | '5.5.1';

/** An in-memory document produced by a conversion. */
class ConvertedDocument implements GedcomDocumentLike {
  readonly diagnostics: readonly GedcomDiagnostic[] = [];
  private readonly index = new Map<string, GedcomRecord>();

  constructor(
    readonly version: GedcomVersionInfo,
    readonly encoding: GedcomEncodingInfo,
    readonly terminator: LineTerminator,
    readonly records: GedcomRecord[],
  ) {
    for (const r of records) {
      const x = r.xref;
      if (x !== null && !this.index.has(x)) this.index.set(x, r);
    }
  }

  byXref(xref: string): GedcomRecord | undefined {
    return this.index.get(xref);
  }
}

export interface ConversionResult {
  readonly document: ConvertedDocument;
  /** Findings kept in full (the first GEDCOM_INPUT_LIMITS.conversionNotesKept). */
  readonly notes: readonly ConversionNote[];
  /** Every finding counted by code. */
  readonly noteCounts: Readonly<Record<string, number>>;
}

/** The source versions each target converts from. */
const CONVERTS_FROM: Readonly<Record<ConversionTarget, readonly GedcomVersionFamily[]>> = {
  '7.0': ['5.5', '5.5.1', '5.5.5'],
  '5.5.1': ['7.0', '7.1', '5.5.5'],
};

/**
 * Convert a document to another version: 5.5 / 5.5.1 / 5.5.5 -> 7.0, or 7.0 / 7.1 / 5.5.5 -> 5.5.1.
 * A file without a supported version converts when it was parsed with an assumed version (its
 * `version.family` is then set) or when `assumeSourceVersion` names one; anything else, and a file
 * already in the target version, is refused with `GEDCOM_VERSION_UNSUPPORTED`. A document over the
 * engine's input limits is refused with `GEDCOM_INPUT_LIMIT` before any tree is built.
 */
export function convertDocument(
  doc: GedcomDocumentLike,
  target: ConversionTarget,
  options: To7Options & {
    terminator?: LineTerminator;
    /** Read a file without a supported HEAD.GEDC.VERS as this version (an explicit caller decision). */
    assumeSourceVersion?: AssumableVersion;
    /** Told the records read (stage 'apply'); may throw WorkCancelled. */
    monitor?: WorkMonitor;
  } = {},
): ConversionResult {
  // a version is assumed only for something that is GEDCOM (parse applies the same rule)
  const notGedcom = isNotGedcom(doc);
  const family = doc.version.family ?? (notGedcom ? null : (options.assumeSourceVersion ?? null));
  if (family === null || !CONVERTS_FROM[target].includes(family)) {
    throw new GedcomError(
      'GEDCOM_VERSION_UNSUPPORTED',
      notGedcom && family === null
        ? `cannot convert to ${target}: the input is not GEDCOM`
        : `cannot convert ${doc.version.declared ?? 'a file without HEAD.GEDC.VERS'} to ${target}`,
      0,
      notGedcom && family === null
        ? NOT_GEDCOM_REMEDIATION
        : family === null
          ? ASSUME_VERSION_REMEDIATION
          : `converts to ${target} from ${CONVERTS_FROM[target].join(', ')}`,
    );
  }
  refuseOverLimit(doc);
  const monitor = options.monitor ?? SILENT_MONITOR;
  const total = doc.records.length;
  monitor.step('apply', 0, total);
  // trees of untouched records are built for the conversion only, not kept on the source document
  const roots = doc.records.map((r, i) => {
    if ((i & STEP_MASK) === 0) monitor.step('apply', i, total);
    return r.transientRoot();
  });
  const r = target === '7.0' ? convertTo7(roots, options) : family === '5.5.5' ? convert555To551(roots) : convertTo551(roots);
  noteReadingRepairs(doc, r.notes);
  monitor.step('apply', total, total);
  const version: GedcomVersionInfo = target === '7.0' ? { declared: '7.0', family: '7.0', isV7: true } : { declared: '5.5.1', family: '5.5.1', isV7: false };
  const encoding: GedcomEncodingInfo = {
    declared: target === '7.0' ? null : 'UTF-8',
    used: 'UTF-8',
    bom: target === '7.0' ? 'UTF-8' : null,
    asciiOnly: false,
  };
  // one terminator per output file; 7.0 has no LF CR
  const wanted = options.terminator ?? doc.terminator;
  const terminator: LineTerminator = target === '7.0' && wanted === 'LFCR' ? 'LF' : wanted;
  const document = new ConvertedDocument(
    version,
    encoding,
    terminator,
    r.records.map((n) => GedcomRecord.create(n)),
  );
  return { document, notes: r.notes.list, noteCounts: Object.fromEntries([...r.notes.counts].sort(([a], [b]) => (a < b ? -1 : 1))) };
}

const NOT_GEDCOM_REMEDIATION = 'the input does not start with a GEDCOM line (it may be HTML, binary or empty); check that this is the file you meant';

/** True when the reader found no GEDCOM in the input (empty, or its first line is not a GEDCOM line). */
function isNotGedcom(doc: GedcomDocumentLike): boolean {
  return doc.records.length === 0 || doc.diagnostics.some((d) => d.code === 'FILE_NOT_GEDCOM' || d.code === 'FILE_EMPTY');
}

/** What the reader repaired is a change of the output too: each reading finding below is also a conversion finding. */
const READING_REPAIRS: ReadonlyMap<string, string> = new Map([
  ['TAG_CASE_NORMALIZED', 'TAG_CASE_NORMALIZED'],
  ['FILE_END_PADDING', 'END_PADDING_DROPPED'],
  ['BOM_REPEATED', 'BOM_REPEATED_DROPPED'],
]);

function noteReadingRepairs(doc: GedcomDocumentLike, notes: Notes): void {
  const kept = new Map<string, number>();
  for (const d of doc.diagnostics) {
    const code = READING_REPAIRS.get(d.code);
    if (code === undefined) continue;
    notes.add(code, [], d.line, d.message);
    kept.set(d.code, (kept.get(d.code) ?? 0) + 1);
  }
  if (!(doc instanceof GedcomDocument)) return;
  // the document keeps a few entries per code but counts them all: the counts say how many
  for (const summary of doc.diagnosticSummary()) {
    const code = READING_REPAIRS.get(summary.code);
    const listed = kept.get(summary.code) ?? 0;
    if (code !== undefined && summary.count > listed) notes.counts.set(code, (notes.counts.get(code) ?? 0) + summary.count - listed);
  }
}

/** Refuse a document whose scan crossed a named input limit (see limits.ts). */
function refuseOverLimit(doc: GedcomDocumentLike): void {
  const over = doc.diagnostics.find((d) => d.code === 'LINE_OVER_LIMIT' || d.code === 'VALUE_OVER_LIMIT');
  if (over === undefined) return;
  throw new GedcomError(
    'GEDCOM_INPUT_LIMIT',
    over.message,
    over.line,
    "the file has a line or a continued value beyond the engine's limits; split the text or remove the oversized line",
  );
}
