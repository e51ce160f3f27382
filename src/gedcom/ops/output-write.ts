import type { GedcomDocumentLike, GedcomRecord, RecordSpan } from '../model.js';
import type { GedcomDocument } from '../document.js';
import { SourceText } from '../source-text.js';
import { bomBytes } from '../decode/bom.js';
import { ANSEL_COMBINING } from '../decode/ansel-table.js';
import { TERMINATOR_TEXT } from '../write/writer.js';
import type { WriteReport } from '../write/writer.js';
import { canonicalTextOf, originOf, writtenFromSource } from './output-document.js';
import { ChunkGather } from './output-gather.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

const ANSEL_MARKS: ReadonlySet<number> = new Set(ANSEL_COMBINING.map(([byte]) => byte));

const isTerminator = (unit: number | undefined): boolean => unit === 10 || unit === 13;

/**
 * True when the origin's bytes of `span` decode to the same lines as text: always for UTF-8 and
 * the code pages; for ANSEL unless a combining mark ends a line (a mark split from its letter by
 * a CONC is joined as bytes, but decoded alone it would move past the terminator).
 */
function decodesByLine(origin: GedcomDocument, span: RecordSpan): boolean {
  if (origin.encoding.used !== 'ANSEL') return !origin.source.isUtf16;
  const text = origin.source.text;
  for (let i = span.start + 1; i < span.end; i++) {
    // cast: span.start < i < span.end <= text.length
    if (isTerminator(text[i]) && ANSEL_MARKS.has(text[i - 1] as number)) return false;
  }
  return true;
}

/**
 * Writes any document; untouched origin records of an {@link OutputDocument} are copied byte for
 * byte (re-encoded, line for line, when the output is in another encoding than its origin).
 * Between records a terminator is added where the previous one lacks it, judged on text (a
 * UTF-16 file's bytes do not end in 10 or 13). The monitor is told the records written (stage
 * 'write') and may throw WorkCancelled from inside the generator; `report` counts the records
 * written raw and canonically and the characters written as `?`.
 */
export function* writeOutputChunks(doc: GedcomDocumentLike, monitor: WorkMonitor = SILENT_MONITOR, report?: WriteReport): Generator<Buffer> {
  const origin = originOf(doc);
  const sameEncoding = origin !== null && origin.encoding.used === doc.encoding.used;
  const out = origin !== null && sameEncoding ? origin.source : new SourceText(Buffer.alloc(0), doc.encoding.used, doc.encoding.bom);
  const opts = { isV7: doc.version.isV7, eol: TERMINATOR_TEXT[doc.terminator], maxPayload: 200 };
  const bom = bomBytes(doc.encoding.bom);
  if (bom.length > 0) yield bom;
  // true once something was written whose last line has no terminator
  let open = false;
  const raw = (rec: GedcomRecord): RecordSpan | null => (origin !== null && writtenFromSource(doc, rec) ? rec.span : null);
  const total = doc.records.length;
  monitor.step('write', 0, total);
  const gather = new ChunkGather(out);
  let written = 0;
  for (const rec of doc.records) {
    if ((++written & STEP_MASK) === 0) monitor.step('write', written, total);
    const span = raw(rec);
    if (origin !== null && span !== null && sameEncoding) {
      const eol = open ? gather.add(out.encode(opts.eol).bytes) : null;
      if (eol !== null) yield eol;
      if (report) report.rawRecords++;
      if (span.end > span.start) {
        open = !isTerminator(origin.source.text[span.end - 1]);
        const ready = gather.span(span.start, span.end);
        if (ready !== null) yield ready;
      }
      continue;
    }
    let text: string;
    if (origin !== null && span !== null && decodesByLine(origin, span)) {
      text = origin.source.codec.decode(origin.source.text, span.start, span.end);
      if (report) report.rawRecords++;
    } else {
      // derived records are built here and dropped after writing (model.ts, GedcomRecord.derived)
      text = canonicalTextOf(doc, rec, opts);
      if (report) report.canonicalRecords++;
    }
    if (text.length === 0) continue;
    if (open) text = opts.eol + text;
    open = !isTerminator(text.charCodeAt(text.length - 1));
    const encoded = out.encode(text);
    if (report) report.unrepresentable += encoded.unrepresentable;
    const ready = gather.add(encoded.bytes);
    if (ready !== null) yield ready;
  }
  const rest = gather.end();
  if (rest !== null) yield rest;
  monitor.step('write', total, total);
}

export function writeOutputBytes(doc: GedcomDocumentLike, report?: WriteReport): Buffer {
  return Buffer.concat([...writeOutputChunks(doc, SILENT_MONITOR, report)]);
}
