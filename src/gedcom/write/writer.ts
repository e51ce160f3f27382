import type { GedcomDocumentLike, GedcomRecord, LineTerminator } from '../model.js';
import { nodesEqual } from '../model.js';
import { GedcomDocument } from '../document.js';
import { SourceText } from '../source-text.js';
import { bomBytes } from '../decode/bom.js';
import { canonicalRecordText } from './canonical.js';
import type { CanonicalOptions } from './canonical.js';

export const TERMINATOR_TEXT: Record<LineTerminator, string> = { LF: '\n', CRLF: '\r\n', CR: '\r', LFCR: '\n\r' };

export interface WriteOptions {
  /** Write every record canonically, even untouched ones. */
  readonly canonical?: boolean;
  /** 5.x CONC split length (default 200 UTF-16 units, well under the 255-character limit). */
  readonly maxPayload?: number;
}

/** Counters of one write. */
export interface WriteReport {
  rawRecords: number;
  canonicalRecords: number;
  /** Characters the file's encoding cannot represent, written as `?`. */
  unrepresentable: number;
}

/** True when the record must be written canonically. */
export function needsCanonical(rec: GedcomRecord): boolean {
  if (rec.span === null || rec.edited) return true;
  if (!rec.materialized) return false;
  const fresh = rec.sourceTree();
  return fresh === null || !nodesEqual(rec.root, fresh);
}

/**
 * Write a document as byte chunks. Untouched records are the source bytes (adjacent ones are
 * one zero-copy slice); edited or created records are written canonically in the document's
 * version, terminator and encoding.
 */
export function* writeGedcomChunks(doc: GedcomDocumentLike, options: WriteOptions = {}, report?: WriteReport): Generator<Buffer> {
  if (!(doc instanceof GedcomDocument)) {
    // a document built elsewhere (e.g. a conversion): no source bytes, every record canonical
    yield* writeDetached(doc, options, report);
    return;
  }
  const src = doc.source;
  const opts: CanonicalOptions = { isV7: doc.version.isV7, eol: TERMINATOR_TEXT[doc.terminator], maxPayload: options.maxPayload ?? 200 };
  const rep = report ?? { rawRecords: 0, canonicalRecords: 0, unrepresentable: 0 };
  const bom = bomBytes(doc.encoding.bom);
  if (bom.length > 0) yield bom;
  let lastByte = -1;
  if (doc.preambleEnd > 0 && !options.canonical) {
    const pre = src.fileBytes(0, doc.preambleEnd);
    lastByte = src.text[doc.preambleEnd - 1] ?? -1;
    if (pre.length > 0) yield pre;
  }
  let runStart = -1;
  let runEnd = -1;
  const flushRun = function* (): Generator<Buffer> {
    if (runStart >= 0 && runEnd > runStart) {
      const bytes = src.fileBytes(runStart, runEnd);
      // terminator check in the tokenizable domain (UTF-16 output ends in a NUL byte)
      lastByte = src.text[runEnd - 1] ?? lastByte;
      yield bytes;
    }
    runStart = runEnd = -1;
  };
  for (const rec of doc.records) {
    const span = rec.span;
    if (!options.canonical && span !== null && !needsCanonical(rec)) {
      rep.rawRecords++;
      if (runStart >= 0 && runEnd === span.start) runEnd = span.end;
      else {
        yield* flushRun();
        runStart = span.start;
        runEnd = span.end;
      }
      continue;
    }
    yield* flushRun();
    rep.canonicalRecords++;
    let text = canonicalRecordText(rec.root, opts);
    if (lastByte >= 0 && lastByte !== 10 && lastByte !== 13) text = opts.eol + text;
    const enc = src.encode(text);
    rep.unrepresentable += enc.unrepresentable;
    if (text.length > 0) lastByte = text.charCodeAt(text.length - 1);
    if (enc.bytes.length > 0) yield enc.bytes;
  }
  yield* flushRun();
  if (src.trailing.length > 0 && !options.canonical) yield src.trailing;
}

/** Write a document into one buffer. */
export function writeGedcomBytes(doc: GedcomDocumentLike, options: WriteOptions = {}, report?: WriteReport): Buffer {
  return Buffer.concat([...writeGedcomChunks(doc, options, report)]);
}

function* writeDetached(doc: GedcomDocumentLike, options: WriteOptions, report?: WriteReport): Generator<Buffer> {
  const src = new SourceText(Buffer.alloc(0), doc.encoding.used, doc.encoding.bom);
  const opts: CanonicalOptions = { isV7: doc.version.isV7, eol: TERMINATOR_TEXT[doc.terminator], maxPayload: options.maxPayload ?? 200 };
  const bom = bomBytes(doc.encoding.bom);
  if (bom.length > 0) yield bom;
  for (const rec of doc.records) {
    const enc = src.encode(canonicalRecordText(rec.transientRoot(), opts));
    if (report) {
      report.canonicalRecords++;
      report.unrepresentable += enc.unrepresentable;
    }
    yield enc.bytes;
  }
}
