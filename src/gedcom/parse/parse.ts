import type { GedcomEncoding, RecordSpan } from '../model.js';
import { DiagnosticLog } from '../diagnostics.js';
import { GedcomDocument } from '../document.js';
import { SourceText } from '../source-text.js';
import { bomLength, detectBom, detectUtf16WithoutBom, textStart } from '../decode/bom.js';
import { statsOf } from '../decode/byte-stats.js';
import type { ByteStats } from '../decode/byte-stats.js';
import { decideEncoding } from '../decode/detect.js';
import { joinConcLines } from '../decode/conc-joined.js';
import { hasLoneSurrogate, utf16ToUtf8, utf8ToUtf16 } from '../decode/utf16.js';
import { payloadCodec } from '../decode/codecs.js';
import { readHeaderFacts } from '../header.js';
import { resolveVersion, type AssumableVersion } from '../version.js';
import { GEDCOM_INPUT_LIMITS } from '../limits.js';
import { CONC_LINE, LineScanner } from '../lines/scanner.js';
import { XrefSet } from '../lines/xref-set.js';
import { LineChecker, countAnselChars, countBytes, countUtf8Chars } from '../lines/line-checker.js';
import type { CharCounter } from '../lines/line-checker.js';
import { TagInterner } from '../lines/tag-interner.js';
import { endPaddingStart } from '../lines/end-padding.js';
import { LINE_BLANK, LINE_MALFORMED } from '../lines/line-flags.js';
import { readAll } from './read-all.js';
import { isPointer } from '../lines/pointer.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';
import type { ByteSource } from './read-all.js';
import type { ParseLineSink } from './line-sink.js';
import { isZipArchive, ZIP_ARCHIVE_MESSAGE } from '../archive.js';

export interface ParseOptions {
  /** Full diagnostic entries kept per code (all are counted). Default 50. */
  readonly keepDiagnosticsPerCode?: number;
  /** Told the byte offset reached every STEP_MASK + 1 lines (stage 'parse'); may throw WorkCancelled. */
  readonly monitor?: WorkMonitor;
  /**
   * Read a file whose HEAD.GEDC.VERS is missing or unsupported (5.0, 5.01, 4.0, ...) with this
   * version's rules; a supported declared version always wins. An explicit caller decision.
   */
  readonly assumeVersion?: AssumableVersion | null;
  /** Told every record's lines as they are tokenized (a tree index built in the parse's pass). */
  readonly lines?: ParseLineSink;
}

/** A byte that belongs to a word (ASCII letter or digit, or part of a non-ASCII character). */
function isWordByte(b: number): boolean {
  return b >= 0x80 || (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122);
}

/** Record types that need an xref. */
const NEEDS_XREF: ReadonlySet<string> = new Set(['INDI', 'FAM', 'SOUR', 'REPO', 'OBJE', 'SUBM', 'SNOTE', 'SUBN']);

function xrefText(buf: Buffer, s: number, e: number, codec: { decode(b: Buffer, s: number, e: number): string }): string {
  // cast: s <= i < e, an xref range of buf
  for (let i = s; i < e; i++) if ((buf[i] as number) >= 0x80) return codec.decode(buf, s, e);
  return buf.toString('latin1', s, e);
}

export function charCounterFor(encoding: GedcomEncoding): CharCounter {
  if (encoding === 'UTF-8' || encoding === 'UTF-16LE' || encoding === 'UTF-16BE') return countUtf8Chars;
  if (encoding === 'ANSEL') return countAnselChars;
  return countBytes;
}

/**
 * Parse a whole file held in memory. Never throws for any input: every deviation is a
 * diagnostic. The returned document keeps a reference to `input` (no copy) unless the file
 * is UTF-16, which is transcoded to UTF-8 once.
 */
export function parseGedcomBytes(input: Uint8Array, options: ParseOptions = {}): GedcomDocument {
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const log = new DiagnosticLog(options.keepDiagnosticsPerCode ?? 50);
  if (bytes.length === 0) log.add('FILE_EMPTY', 0, 'file is empty');

  const bom = detectBom(bytes);
  const utf16WithoutBom = bom === null ? detectUtf16WithoutBom(bytes) : null;
  const utf16 = bom === 'UTF-16LE' || bom === 'UTF-16BE' ? bom : utf16WithoutBom;
  let text: Buffer;
  let trailing = Buffer.alloc(0);
  if (utf16 !== null) {
    const body = bytes.subarray(bomLength(bom));
    if (body.length % 2 === 1) {
      trailing = Buffer.from(body.subarray(body.length - 1));
      log.add('ENCODING_ODD_LENGTH', 0, 'UTF-16 file has an odd number of bytes; the last byte is kept as is');
    }
    if (hasLoneSurrogate(body, utf16 === 'UTF-16BE')) log.add('ENCODING_INVALID_BYTES', 0, 'UTF-16 with unpaired surrogates');
    text = utf16ToUtf8(body, utf16 === 'UTF-16BE');
  } else {
    const start = textStart(bytes, bom);
    if (start > bomLength(bom)) log.add('BOM_REPEATED', 1, 'the byte order mark is repeated; the copies are not read');
    text = bytes.subarray(start);
  }
  // end-of-file padding (Ctrl-Z, NULs) is not read; the source keeps it so a rewrite is byte for byte
  const paddingStart = endPaddingStart(text);
  const padded = paddingStart < text.length;
  if (padded) {
    const padding = text.subarray(paddingStart);
    trailing = Buffer.concat([utf16 === null ? padding : utf8ToUtf16(padding, utf16 === 'UTF-16BE'), trailing]);
    text = text.subarray(0, paddingStart);
  }

  const facts = readHeaderFacts(text);
  // an assumed version decides the version of something that is GEDCOM, never makes GEDCOM of HTML or binary
  const version = resolveVersion(facts.gedcVers, facts.startsWithGedcomLine ? options.assumeVersion : null);
  let stats: ByteStats | null = null;
  const getStats = (): ByteStats => {
    if (stats === null) {
      stats = statsOf(text, false);
      // a UTF-8 sequence split across CONC lines is not an encoding error
      if (!stats.utf8Valid && !stats.asciiOnly) stats = { ...stats, utf8Valid: statsOf(joinConcLines(text), false).utf8Valid };
    }
    return stats;
  };
  let high: Uint32Array | null = null;
  const decision = decideEncoding({
    bom,
    utf16WithoutBom,
    declared: facts.char,
    isV7: version.isV7,
    stats: getStats,
    highBytes: () => (high ??= statsOf(text, true).highBytes ?? new Uint32Array(128)),
  });
  for (const f of decision.findings) log.add(f.code, 0, f.message);
  const used = decision.used;
  if (utf16 === null && used === 'UTF-8' && !getStats().utf8Valid && bom !== 'UTF-8') {
    log.add('ENCODING_INVALID_BYTES', 0, 'bytes are not valid UTF-8');
  }

  if (facts.gedcVers === null) log.add('GEDCOM_VERSION_MISSING', 0, 'HEAD.GEDC.VERS is missing');
  else if (version.family === null || version.assumed !== undefined)
    log.add('GEDCOM_VERSION_UNSUPPORTED', 0, `GEDCOM version ${facts.gedcVers} is not supported`);
  if (version.assumed !== undefined) log.add('GEDCOM_VERSION_ASSUMED', 0, `read as GEDCOM ${version.assumed}, as the caller chose`);
  const is555 = version.family === '5.5.5';
  if (is555) {
    log.add('GEDCOM_VERSION_555', 0, 'GEDCOM 5.5.5 is read and written with 5.5.1 rules; its stricter rules are checked');
    if (used !== 'UTF-8' && utf16 === null) log.add('GEDCOM_555_ENCODING', 0, `GEDCOM 5.5.5 allows UTF-8 and UTF-16 only; the file is ${used}`);
    if (bom === null) log.add('GEDCOM_555_BOM_MISSING', 0, 'GEDCOM 5.5.5 files start with a byte order mark');
  } else if (version.family === '7.1') log.add('GEDCOM_VERSION_NEWER_MINOR', 0, 'GEDCOM 7.1 is read with 7.0 rules; unknown structures are kept as they are');

  const source = new SourceText(text, used, bom, trailing);
  const codec = payloadCodec(used);
  const interner = new TagInterner((b, s, e) => codec.decode(b, s, e));
  const checker = new LineChecker(log, version.isV7, charCounterFor(used));
  const scanner = new LineScanner();
  scanner.reset(text);
  const monitor = options.monitor ?? SILENT_MONITOR;
  const total = text.length;
  monitor.step('parse', 0, total);
  let lines = 0;

  // the document is created after the scan (it needs line stats); collect record spans first
  const spans: RecordSpan[] = [];
  const tags: string[] = [];
  const xrefs: (string | null)[] = [];
  // records whose xref an earlier record defined (indexes into spans, ascending)
  const duplicates: number[] = [];
  const defined = new XrefSet();
  let curStart = -1;
  let curLine = 0;
  let curTag = '';
  let curXref: string | null = null;
  let inTrlr = false;
  let firstRecordStart = -1;
  // bytes of the logical value being continued (CONC / CONT), against GEDCOM_INPUT_LIMITS.maxValueBytes
  let valueBytes = 0;
  let valueOver = false;
  let prevLastByte = -1;
  // level of the record's last line that is a structure (CONC / CONT continue only that line, and
  // only when it is text: not a pointer, not an unreadable line)
  let lastStructLevel = -1;
  let lastStructContinuable = false;
  let trlrFlagged = false;
  const sink = options.lines ?? null;
  let sinkBegun = false;

  while (scanner.next()) {
    if ((++lines & STEP_MASK) === 0) monitor.step('parse', scanner.lineStart, total);
    const ok = checker.check(scanner);
    const flags = scanner.flags;
    if (flags & LINE_BLANK) continue;
    const level = scanner.level;
    const startsRecord = ok ? level === 0 || curStart < 0 : curStart < 0 && (flags & LINE_MALFORMED) !== 0;
    if (ok && level > 0 && curStart < 0) log.add('RECORD_ORPHAN_LINE', scanner.lineNo, 'line before any level-0 record');
    if (startsRecord) {
      if (curStart >= 0) {
        spans.push({ start: curStart, end: scanner.lineStart, line: curLine });
        tags.push(curTag);
        xrefs.push(curXref);
      }
      curStart = scanner.lineStart;
      curLine = scanner.lineNo;
      if (firstRecordStart < 0) firstRecordStart = curStart;
      curTag = ok ? interner.intern(text, scanner.tagStart, scanner.tagEnd) : '';
      curXref = ok && scanner.xrefEnd > 0 ? xrefText(text, scanner.xrefStart, scanner.xrefEnd, codec) : null;
      if (curXref !== null && !defined.add(text, scanner.xrefStart, scanner.xrefEnd, curXref)) duplicates.push(spans.length);
      lastStructLevel = -1;
      lastStructContinuable = false;
      inTrlr = curTag === 'TRLR';
      trlrFlagged = inTrlr && (scanner.valueEnd > scanner.valueStart || scanner.xrefEnd > 0);
      if (trlrFlagged) log.add('TRLR_NOT_EMPTY', scanner.lineNo, 'TRLR has a payload or an xref');
      if (sink !== null) {
        if (!sinkBegun) {
          sinkBegun = true;
          const ctx = { codec: source.codec, isV7: version.isV7, interner, lfcr: scanner.lfcrMode, utf8: source.codec.encoding === 'UTF-8' };
          sink.begin({ text, ctx, scanner, version });
        }
        sink.record(spans.length, curTag, curXref);
      }
    } else if (inTrlr && !trlrFlagged) {
      trlrFlagged = true;
      log.add('TRLR_NOT_EMPTY', scanner.lineNo, 'lines after TRLR that are not records');
    }
    if (sink !== null && curStart >= 0) sink.line();
    if (ok) {
      const continuation = scanner.continuation();
      const isConc = continuation === CONC_LINE;
      const valueStart = scanner.valueStart;
      const valueEnd = scanner.valueEnd;
      const payload = valueEnd - valueStart;
      if (isConc && version.isV7) log.add('CONC_IN_V7', scanner.lineNo, 'CONC does not exist in GEDCOM 7');
      // a continuation continues the line right above it (or its continuations), one level up; else it is a structure of its own
      const attached = continuation !== 0 && lastStructContinuable && scanner.xrefEnd === 0 && level > lastStructLevel;
      if (continuation !== 0 && !attached)
        log.add('CONTINUATION_MISPLACED', scanner.lineNo, 'CONC/CONT at level 0, with an xref, under a pointer or not right after the line it continues');
      if (attached) {
        // cast: payload > 0, so valueStart < valueEnd, a range of the scanned text
        if (isConc && is555 && payload > 0 && prevLastByte >= 0 && isWordByte(prevLastByte) && isWordByte(text[valueStart] as number)) {
          log.add('GEDCOM_555_CONC_INSIDE_WORD', scanner.lineNo, 'GEDCOM 5.5.5 does not split a value with CONC inside a word');
        }
        valueBytes += payload + 1;
        if (valueBytes > GEDCOM_INPUT_LIMITS.maxValueBytes && !valueOver) {
          valueOver = true;
          log.add('VALUE_OVER_LIMIT', scanner.lineNo, `a value continued with CONC/CONT exceeds ${GEDCOM_INPUT_LIMITS.maxValueBytes} bytes (engine limit)`);
        }
      } else {
        valueBytes = payload;
        valueOver = false;
        lastStructLevel = level;
        lastStructContinuable = !isPointer(text, valueStart, valueEnd);
      }
      // cast: payload > 0, so valueEnd - 1 is in the line's value range of the scanned text
      prevLastByte = payload > 0 ? (text[valueEnd - 1] as number) : -1;
    }
  }
  if (curStart >= 0) {
    spans.push({ start: curStart, end: text.length, line: curLine });
    tags.push(curTag);
    xrefs.push(curXref);
  }
  if (firstRecordStart < 0) firstRecordStart = text.length;

  const t = checker.terminatorCounts;
  const doc = new GedcomDocument({
    source,
    version,
    encoding: { declared: facts.char, used, bom, asciiOnly: utf16 === null ? getStats().asciiOnly : false },
    terminator: checker.dominantTerminator(),
    log,
    preambleEnd: firstRecordStart,
    lfcr: scanner.lfcrMode,
    lineStats: {
      lineCount: checker.lineCount,
      maxLevel: checker.maxLevel,
      maxLineLength: checker.maxLineLength,
      terminators: { LF: t[1] ?? 0, CRLF: t[2] ?? 0, CR: t[3] ?? 0, LFCR: t[4] ?? 0 },
    },
    interner,
  });

  if (padded)
    log.add(
      'FILE_END_PADDING',
      text.length === 0 || text[text.length - 1] === 10 || text[text.length - 1] === 13 ? checker.lineCount + 1 : checker.lineCount,
      'Ctrl-Z or NUL padding after the last line is not read',
    );
  let trlrIndex = -1;
  let nextDuplicate = 0;
  let headSeen = false;
  for (let i = 0; i < spans.length; i++) {
    // cast: i < spans.length
    const span = spans[i] as RecordSpan;
    // cast: tags is pushed with spans, so it has as many entries
    const tag = tags[i] as string;
    const xref = xrefs[i] ?? null;
    doc.addParsedRecord(span, tag, xref);
    if (xref !== null) {
      if (xref === '@VOID@') log.add('RECORD_XREF_VOID', span.line, '@VOID@ used as a record xref');
      if (duplicates[nextDuplicate] === i) {
        nextDuplicate++;
        log.add('XREF_DUPLICATE', span.line, `xref defined more than once`);
      }
    } else if (NEEDS_XREF.has(tag)) {
      log.add('RECORD_XREF_MISSING', span.line, `${tag} record without xref`);
    }
    if (tag === 'TRLR' && trlrIndex < 0) trlrIndex = i;
    if (tag === 'HEAD') {
      if (headSeen) log.add('HEAD_REPEATED', span.line, 'a second HEAD record');
      headSeen = true;
    }
  }
  if (spans.length === 0 || tags[0] === '') {
    if (bytes.length > 0) log.add('FILE_NOT_GEDCOM', 1, 'the file does not start with a GEDCOM line');
    if (isZipArchive(bytes)) log.add('FILE_ZIP_ARCHIVE', 1, ZIP_ARCHIVE_MESSAGE);
  }
  if (!facts.headFirst) {
    if (tags.includes('HEAD'))
      log.add(
        'HEAD_NOT_FIRST',
        spans[tags.indexOf('HEAD')]?.line ?? 0,
        `HEAD is not the first record (${tags.indexOf('HEAD')} before it); the version is read from it`,
      );
    else log.add('HEAD_MISSING', 1, 'no HEAD record');
  }
  if (trlrIndex < 0) log.add('TRLR_MISSING', checker.lineCount, 'no TRLR record');
  else if (trlrIndex < spans.length - 1) log.add('CONTENT_AFTER_TRLR', spans[trlrIndex + 1]?.line ?? 0, 'records after TRLR');
  monitor.step('parse', total, total);
  return doc;
}

/** Parse from a stream of chunks (a file read stream, fetch body, ...). */
export async function parseGedcom(
  source: ByteSource,
  options: ParseOptions & { sizeHint?: number; onProgress?: (bytes: number) => void } = {},
): Promise<GedcomDocument> {
  const bytes = await readAll(source, options.sizeHint, options.onProgress);
  return parseGedcomBytes(bytes, options);
}
