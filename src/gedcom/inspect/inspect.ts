import { StringDecoder } from 'node:string_decoder';
import type { ByteOrderMark, GedcomEncoding } from '../model.js';
import { DiagnosticLog } from '../diagnostics.js';
import { isZipArchive, ZIP_ARCHIVE_MESSAGE } from '../archive.js';
import { bomLength, detectBom, detectUtf16WithoutBom, textStart } from '../decode/bom.js';
import { ConcJoinedStats } from '../decode/joined-stats.js';
import type { ByteStats } from '../decode/byte-stats.js';
import { charsetFromName } from '../decode/charset-names.js';
import { decideEncoding, mayReadHighBytes } from '../decode/detect.js';
import { readHeaderFacts } from '../header.js';
import type { HeaderFacts } from '../header.js';
import { classifyVersion } from '../version.js';
import { probableVersion } from './probable-version.js';
import type { LineEvidence } from './probable-version.js';
import { LineScanner, TAG_BYTE } from '../lines/scanner.js';
import { LineChecker } from '../lines/line-checker.js';
import { LINE_BLANK, LINE_MALFORMED, TERM_CR, TERM_CRLF, TERM_LF, TERM_NONE } from '../lines/line-flags.js';
import { allPaddingOrSpace, endPaddingStart } from '../lines/end-padding.js';
import { TAG_CONC, TAG_CONT, TAG_HEAD, TAG_TRLR, TagIds } from '../lines/tag-ids.js';
import { charCounterFor } from '../parse/parse.js';
import type { ByteSource } from '../parse/read-all.js';
import type { GedcomInspectResult } from './result.js';
import { isPointer } from '../lines/pointer.js';
import { isVoidXref, XrefIds } from './xref-ids.js';
import { XrefLedger } from './xref-ledger.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

const HEADER_WINDOW = 1 << 20;
/** Bytes handed to the inspection at once when the whole file is in memory (bounds the carried partial line's copy). */
const FEED_CHUNK = 1 << 20;

export interface InspectOptions {
  /** Told the bytes reached (stage 'parse') every STEP_MASK + 1 lines; may throw WorkCancelled. */
  readonly monitor?: WorkMonitor;
  /** The size of the input when known (the `total` of the monitor's steps). */
  readonly totalBytes?: number | null;
  readonly onProgress?: (bytes: number) => void;
}
const NEEDS_XREF: readonly string[] = ['INDI', 'FAM', 'SOUR', 'REPO', 'OBJE', 'SUBM', 'SNOTE', 'SUBN'];
const UNDERSCORE = 95;
const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

/** Streaming state of one inspection. */
class Inspection {
  private readonly log = new DiagnosticLog(1);
  private readonly scanner = new LineScanner();
  /** Tags by id: every per-tag count is an array indexed by id (no string per line). */
  private readonly tags = new TagIds();
  /** Per tag id: level-0 lines (records by type), lines below level 0, and whether a record of that type needs an xref. */
  private readonly recordLines: number[] = [];
  private readonly nestedLines: number[] = [];
  private readonly needsXref: boolean[] = [];
  private stats = new ConcJoinedStats(false);
  private checker: LineChecker | null = null;
  private facts: HeaderFacts | null = null;
  private carry: Buffer = Buffer.alloc(0);
  /** A tail that may be end-of-file padding (lines/end-padding.ts), held back unscanned until more content or the end. */
  private held: Buffer[] = [];
  /** Line where the end-of-file padding starts, 0 while there is none. */
  private paddingLine = 0;
  private started = false;
  private total = 0;
  private recordCount = 0;
  /** Tag id of the first record, -1 when it is not a GEDCOM line, -2 before it. */
  private firstTag = -2;
  private trlrSeen = false;
  private afterTrlrLine = 0;
  private headLine = 0;
  /** The current record is a TRLR, and whether TRLR_NOT_EMPTY was reported for it. */
  private inTrlr = false;
  private trlrFlagged = false;
  /** The record's last structure line: its level, and whether CONC / CONT may continue it (parse/parse.ts has the same rule). */
  private lastStructLevel = -1;
  private lastStructContinuable = false;
  /** Record xrefs and pointer values by id (no string per line), and what is known of each id. */
  private readonly ids = new XrefIds();
  private readonly xrefs = new XrefLedger();
  private voidPointers = 0;
  /** Lines below level 0 whose payload is `@VOID@` (evidence of 7.0 for the probable version). */
  private nestedVoidPayloads = 0;
  private isV7 = false;
  /** Tokenizable bytes before the buffer being scanned (progress only). */
  private consumed = 0;
  private lastReported = 0;
  private lines = 0;
  /** The first LF and the first CR at or after the last plain line (the scanned end when none), -1 when not searched in this buffer. */
  private lfAt = -1;
  private crAt = -1;

  constructor(
    private readonly bom: ByteOrderMark,
    private readonly utf16: 'UTF-16LE' | 'UTF-16BE' | null,
    private readonly utf16WithoutBom: boolean,
    private readonly monitor: WorkMonitor,
    private readonly totalBytes: number | null,
  ) {}

  /** Report the offset reached; never backwards, never past the known size. */
  private report(offset: number): void {
    let done = Math.max(this.lastReported, offset);
    if (this.totalBytes !== null) done = Math.min(done, this.totalBytes);
    this.lastReported = done;
    this.monitor.step('parse', done, this.totalBytes);
  }

  /** Feed tokenizable (ASCII-compatible) bytes. */
  feed(chunk: Buffer, final: boolean): void {
    if (!final && this.held.length > 0 && allPaddingOrSpace(chunk)) {
      // still inside a tail that may be end-of-file padding: keep it without copying it again
      this.held.push(chunk);
      return;
    }
    const rest = this.started && !final && this.held.length === 0 && this.carry.length > 0 ? this.joinCarried(chunk) : chunk;
    const parts = [this.carry, ...this.held, rest].filter((part) => part.length > 0);
    this.held = [];
    const buf = parts.length === 1 && parts[0] !== undefined ? parts[0] : Buffer.concat(parts);
    if (!this.started) {
      if (!final && buf.length < HEADER_WINDOW && !this.headerComplete(buf)) {
        this.carry = Buffer.from(buf);
        return;
      }
      this.start(buf);
    }
    const s = this.scanner;
    // end-of-file padding is never scanned: held back until more content arrives, dropped at the end
    const cut = endPaddingStart(buf);
    const scanned = cut < buf.length ? buf.subarray(0, cut) : buf;
    s.continueWith(scanned);
    this.scan(buf, final);
    this.carry = s.pos < scanned.length ? Buffer.from(scanned.subarray(s.pos)) : Buffer.alloc(0);
    this.consumed += s.pos;
    if (cut === buf.length) return;
    if (!final) this.held = [Buffer.from(buf.subarray(cut))];
    else {
      // cast: finish() runs start() before its final feed, and start() sets the checker
      const lines = (this.checker as LineChecker).lineCount;
      this.paddingLine = lines === 0 ? 1 : s.terminator !== TERM_NONE ? lines + 1 : lines;
    }
  }

  /**
   * Scan the line carried from the previous chunk joined with the head of `chunk` up to its first
   * terminator and the byte after it (which tells CR LF and LF CR apart), so that the rest of the
   * chunk is scanned where it lies instead of being copied after the carried bytes. Returns the rest
   * of the chunk, or the whole chunk when its first line does not end within it (then the chunk is
   * joined to the carried bytes as before).
   */
  private joinCarried(chunk: Buffer): Buffer {
    let t = 0;
    while (t < chunk.length && chunk[t] !== 10 && chunk[t] !== 13) t++;
    if (t + 2 > chunk.length) return chunk;
    const carry = this.carry;
    const head = Buffer.concat([carry, chunk.subarray(0, t + 2)]);
    const s = this.scanner;
    s.continueWith(head);
    this.scan(head, false);
    // the carried bytes are one line whose end the head holds, so the scan consumed at least them
    this.consumed += s.pos;
    this.carry = s.pos < carry.length ? Buffer.from(carry.subarray(s.pos)) : Buffer.alloc(0);
    return s.pos < carry.length ? chunk : chunk.subarray(s.pos - carry.length);
  }

  /**
   * The single pass over the lines of `buf` (the scanner's buffer): every check, count and finding
   * of a line, with the line's tag and xrefs as ids. Byte statistics see CONC lines joined to their
   * predecessor (decode/joined-stats.ts).
   */
  private scan(buf: Buffer, final: boolean): void {
    const s = this.scanner;
    // cast: scan runs only from feed, after start() set the checker
    const checker = this.checker as LineChecker;
    const log = this.log;
    // byte statistics of UTF-16 input are not needed: it was decoded before the scan
    const stats = this.utf16 === null ? this.stats : null;
    stats?.begin(buf);
    this.lfAt = this.crAt = -1;
    for (;;) {
      this.plainLines(buf, stats, checker);
      if (!s.next(final)) break;
      const ok = checker.check(s);
      const level = s.level;
      // level > 0 only for a line with structure (blank and malformed lines have level -1)
      const tag = ok ? this.tagId(buf, s.tagStart, s.tagEnd) : -1;
      if (stats !== null) {
        if (level > 0 && tag === TAG_CONC) stats.conc(s.valueStart);
        stats.line(s.lineEnd, s.terminator !== 0);
      }
      if ((++this.lines & STEP_MASK) === 0) this.report(this.consumed + s.lineStart);
      const flags = s.flags;
      if (flags & LINE_BLANK) continue;
      const lineNo = s.lineNo;
      if (!ok) {
        if (this.recordCount === 0 && flags & LINE_MALFORMED) {
          this.recordCount++;
          this.firstTag = -1;
          log.add('FILE_NOT_GEDCOM', lineNo, 'the file does not start with a GEDCOM line');
        } else if (flags & LINE_MALFORMED) this.trailerContent(lineNo);
        continue;
      }
      const valueStart = s.valueStart;
      const valueEnd = s.valueEnd;
      if (level === 0) {
        this.record(buf, tag, lineNo);
        this.recordLines[tag] = (this.recordLines[tag] as number) + 1; // cast: tagId sets every id's counters
      } else {
        this.nestedLines[tag] = (this.nestedLines[tag] as number) + 1; // cast: as above
        if (this.recordCount === 0) {
          this.recordCount++;
          this.firstTag = tag;
          log.add('RECORD_ORPHAN_LINE', lineNo, 'line before any level-0 record');
        } else this.trailerContent(lineNo);
      }
      const voidPayload = isVoidXref(buf, valueStart, valueEnd);
      if (voidPayload && level > 0) this.nestedVoidPayloads++;
      const isConc = tag === TAG_CONC;
      const isContinuation = isConc || tag === TAG_CONT;
      if (isConc && this.isV7) log.add('CONC_IN_V7', lineNo, 'CONC does not exist in GEDCOM 7');
      const pointer = isPointer(buf, valueStart, valueEnd);
      const attached = isContinuation && this.lastStructContinuable && s.xrefEnd === 0 && level > this.lastStructLevel;
      if (isContinuation && !attached)
        log.add('CONTINUATION_MISPLACED', lineNo, 'CONC/CONT at level 0, with an xref, under a pointer or not right after the line it continues');
      if (!attached) {
        this.lastStructLevel = level;
        this.lastStructContinuable = !pointer;
      }
      if (pointer) {
        if (voidPayload) this.voidPointers++;
        else this.xrefs.point(this.xrefId(buf, valueStart, valueEnd), lineNo);
      }
    }
    stats?.end();
  }

  /**
   * The lines from the scanner's position that only count: below level 0, no more than one level
   * deeper than the line before, one space after the level, no xref, an upper-case tag, then the end
   * of the line or one space, the terminator the checker counts quietly (LineChecker.quiet), a tag
   * other than CONC and CONT, and a payload other than `@VOID@`. Each is counted here as the loop of
   * {@link scan} would count it, without the scanner's fields; the first other line is left to the
   * scanner, which then goes on from it.
   */
  private plainLines(buf: Buffer, stats: ConcJoinedStats | null, checker: LineChecker): void {
    const term = checker.quietTerminatorKind;
    if (term < 0 || this.recordCount === 0) return;
    const maxLength = checker.quietLineLength;
    const s = this.scanner;
    const len = s.end;
    const start = s.pos;
    let p = start;
    let lineNo = s.lineNo;
    let lf = this.lfAt;
    let cr = this.crAt;
    for (;;) {
      if (lf < p) {
        lf = buf.indexOf(LF, p);
        if (lf < 0 || lf > len) lf = len;
      }
      if (cr < p) {
        cr = buf.indexOf(CR, p);
        if (cr < 0 || cr > len) cr = len;
      }
      const eol = cr < lf ? cr : lf;
      // the byte after the line is in the buffer (a line at its end may continue in the next chunk)
      if (eol + 1 >= len || eol - p > maxLength) break;
      let next: number;
      if (eol === lf) {
        // an LF terminator is quiet only when the file's first one was LF, so LF CR is not read as one terminator here
        if (term !== TERM_LF) break;
        next = eol + 1;
      } else if (buf[eol + 1] === LF) {
        if (term !== TERM_CRLF) break;
        next = eol + 2;
      } else {
        if (term !== TERM_CR) break;
        next = eol + 1;
      }
      // the level: 1 to 99 without a leading zero, then one space (reads stop at the terminator, inside the buffer)
      // cast: p <= eol < len <= buf.length
      let c = buf[p] as number;
      if (c < 49 || c > 57) break;
      let level = c - 48;
      let i = p + 1;
      // cast: i <= eol + 1 < len
      c = buf[i] as number;
      if (c >= 48 && c <= 57) {
        level = 10 * level + c - 48;
        // cast: i <= eol + 1 < len
        c = buf[++i] as number;
      }
      if (c !== SPACE) break;
      const tagStart = ++i;
      // cast: i <= eol < len; a tag's bytes are kind 1 in TAG_BYTE, and the terminator is kind 0
      if (TAG_BYTE[buf[i] as number] !== 1) break;
      let kind: number;
      do {
        // cast: the loop stops at the terminator, at most at eol < len
        c = buf[++i] as number;
        kind = TAG_BYTE[c] as number; // cast: c is a byte
      } while (kind === 1);
      if (kind !== 0 || c === TAB) break;
      const tagEnd = i;
      const valueStart = i < eol ? i + 1 : eol;
      const cached = this.tags.cached(buf, tagStart, tagEnd);
      const tag = cached >= 0 ? cached : this.tagId(buf, tagStart, tagEnd);
      if (tag === TAG_CONC || tag === TAG_CONT) break;
      const pointer = isPointer(buf, valueStart, eol);
      if (pointer && isVoidXref(buf, valueStart, eol)) break;
      if (!checker.quiet(lineNo + 1, level)) break;
      lineNo++;
      stats?.line(eol, true);
      if ((++this.lines & STEP_MASK) === 0) this.report(this.consumed + p);
      this.nestedLines[tag] = (this.nestedLines[tag] as number) + 1; // cast: tagId sets every id's counters
      if (this.inTrlr) this.trailerContent(lineNo);
      this.lastStructLevel = level;
      this.lastStructContinuable = !pointer;
      if (pointer) this.xrefs.point(this.xrefId(buf, valueStart, eol), lineNo);
      p = next;
    }
    this.lfAt = lf;
    this.crAt = cr;
    if (p === start) return;
    s.pos = p;
    s.lineNo = lineNo;
    s.terminator = term;
  }

  /** The id of a line's tag, its counters set when new. */
  private tagId(buf: Buffer, start: number, end: number): number {
    const id = this.tags.id(buf, start, end);
    if (id >= this.recordLines.length) {
      for (let k = this.recordLines.length; k < this.tags.size; k++) {
        this.recordLines.push(0);
        this.nestedLines.push(0);
        this.needsXref.push(NEEDS_XREF.includes(this.tags.text(k)));
      }
    }
    return id;
  }

  /** A level-0 line: a record of type `tag`. */
  private record(buf: Buffer, tag: number, lineNo: number): void {
    const s = this.scanner;
    const log = this.log;
    this.recordCount++;
    if (this.firstTag === -2) this.firstTag = tag;
    if (this.trlrSeen && this.afterTrlrLine === 0) this.afterTrlrLine = lineNo;
    if (tag === TAG_TRLR) this.trlrSeen = true;
    if (tag === TAG_HEAD && this.headLine > 0) log.add('HEAD_REPEATED', lineNo, 'a second HEAD record');
    if (tag === TAG_HEAD && this.headLine === 0) this.headLine = lineNo;
    this.inTrlr = tag === TAG_TRLR;
    this.trlrFlagged = false;
    if (this.inTrlr && (s.valueEnd > s.valueStart || s.xrefEnd > 0)) this.trailerContent(lineNo);
    this.lastStructLevel = -1;
    this.lastStructContinuable = false;
    if (s.xrefEnd > 0) {
      if (isVoidXref(buf, s.xrefStart, s.xrefEnd)) log.add('RECORD_XREF_VOID', lineNo, '@VOID@ used as a record xref');
      if (this.xrefs.define(this.xrefId(buf, s.xrefStart, s.xrefEnd), lineNo, tag)) log.add('XREF_DUPLICATE', lineNo, 'xref defined more than once');
    } else if (this.needsXref[tag] === true) log.add('RECORD_XREF_MISSING', lineNo, 'record without xref');
  }

  private headerComplete(buf: Buffer): boolean {
    // the header is complete once a level-0 line has started after the HEAD line (records may stand before HEAD)
    let inHead = false;
    let i = 0;
    while (i < buf.length) {
      const nl = buf.indexOf(10, i);
      const lineStart = i;
      if (nl < 0) break;
      let k = lineStart;
      while (buf[k] === 32 || buf[k] === 9 || buf[k] === 13) k++;
      if (buf[k] === 48 && (buf[k + 1] === 32 || buf[k + 1] === 9)) {
        if (inHead) return true;
        k += 2;
        while (buf[k] === 32 || buf[k] === 9) k++;
        inHead = isHeadTag(buf, k);
      }
      i = nl + 1;
    }
    return false;
  }

  private start(buf: Buffer): void {
    this.started = true;
    const facts = readHeaderFacts(buf, HEADER_WINDOW);
    this.facts = facts;
    const version = classifyVersion(facts.gedcVers);
    this.isV7 = version.isV7;
    const declared = facts.char === null ? null : charsetFromName(facts.char);
    const guess: GedcomEncoding =
      this.utf16 ?? (declared === 'ANSEL' ? 'ANSEL' : declared === null || declared === 'UTF-8' || declared === 'UNICODE' ? 'UTF-8' : 'CP1252');
    this.checker = new LineChecker(this.log, version.isV7, charCounterFor(guess));
    // the histogram of high bytes costs a look at every byte: collected only when the encoding decision may read it
    this.stats = new ConcJoinedStats(
      this.utf16 === null &&
        mayReadHighBytes({ bom: this.bom, utf16WithoutBom: this.utf16WithoutBom ? this.utf16 : null, declared: facts.char, isV7: version.isV7 }),
    );
    this.scanner.reset(Buffer.alloc(0));
  }

  /** The id of an xref's bytes, with room for it in the ledger. */
  private xrefId(buf: Buffer, start: number, end: number): number {
    const id = this.ids.id(buf, start, end);
    this.xrefs.reserve(id + 1);
    return id;
  }

  /** A TRLR with a payload or an xref, or a line after it that is not a record: reported once per TRLR. */
  private trailerContent(lineNo: number): void {
    if (!this.inTrlr || this.trlrFlagged) return;
    this.trlrFlagged = true;
    this.log.add('TRLR_NOT_EMPTY', lineNo, 'TRLR has a payload, an xref or lines after it that are not records');
  }

  finish(): GedcomInspectResult {
    this.feed(Buffer.alloc(0), true);
    if (!this.started) this.start(Buffer.alloc(0));
    this.report(this.totalBytes ?? this.consumed);
    const log = this.log;
    // cast: finish calls start() above when it had not run, and start() sets facts and checker
    const facts = this.facts as HeaderFacts;
    // cast: start() has run (see above), and it sets the checker
    const checker = this.checker as LineChecker;
    const version = classifyVersion(facts.gedcVers);
    if (this.total === 0) log.add('FILE_EMPTY', 0, 'file is empty');
    else if (this.recordCount === 0) log.add('FILE_NOT_GEDCOM', 1, 'the file does not start with a GEDCOM line');
    if (this.paddingLine > 0) log.add('FILE_END_PADDING', this.paddingLine, 'Ctrl-Z or NUL padding after the last line is not read');
    const notGedcom = this.recordCount === 0 || this.firstTag === -1;
    const stats: ByteStats = this.stats.finish();
    const decision = decideEncoding({
      bom: this.bom,
      utf16WithoutBom: this.utf16WithoutBom ? this.utf16 : null,
      declared: facts.char,
      isV7: version.isV7,
      stats: () => stats,
      highBytes: () => stats.highBytes ?? new Uint32Array(128),
    });
    for (const f of decision.findings) log.add(f.code, 0, f.message);
    if (this.utf16 === null && decision.used === 'UTF-8' && !stats.utf8Valid && this.bom !== 'UTF-8')
      log.add('ENCODING_INVALID_BYTES', 0, 'bytes are not valid UTF-8');
    if (facts.gedcVers === null) log.add('GEDCOM_VERSION_MISSING', 0, 'HEAD.GEDC.VERS is missing');
    else if (version.family === null) log.add('GEDCOM_VERSION_UNSUPPORTED', 0, 'GEDCOM version not supported');
    else if (version.family === '5.5.5') log.add('GEDCOM_VERSION_555', 0, 'GEDCOM 5.5.5 is read with 5.5.1 rules');
    else if (version.family === '7.1') log.add('GEDCOM_VERSION_NEWER_MINOR', 0, 'GEDCOM 7.1 is read with 7.0 rules');
    if (!facts.headFirst) {
      if (this.headLine > 0) log.add('HEAD_NOT_FIRST', this.headLine, 'HEAD is not the first record');
      else log.add('HEAD_MISSING', 1, 'no HEAD record');
    }
    if (!this.trlrSeen) log.add('TRLR_MISSING', checker.lineCount, 'no TRLR record');
    else if (this.afterTrlrLine > 0) log.add('CONTENT_AFTER_TRLR', this.afterTrlrLine, 'records after TRLR');

    const xrefs = this.xrefs;
    const dangling = xrefs.dangling((line) => log.add('XREF_DANGLING', line, 'pointer to an undefined xref'));
    const unreferenced = xrefs.unreferenced(
      (tag) => tag === TAG_HEAD || tag === TAG_TRLR,
      (line) => log.add('XREF_UNREFERENCED', line, 'record is not referenced'),
    );
    const t = checker.terminatorCounts;
    const schema = facts.schemaTags.map((v) => {
      const m = /^(\S+)\s+(\S+)/.exec(v);
      return { tag: m?.[1] ?? v, uri: m?.[2] ?? '' };
    });
    const findings = log.summary();
    return {
      bytes: this.total,
      version: {
        declared: facts.gedcVers,
        family: version.family,
        supported: version.family !== null,
        probable:
          version.family !== null || notGedcom
            ? null
            : probableVersion(this.lineEvidence(), {
                char: facts.char,
                producer: facts.producer,
                formVers: facts.formVers,
                bom: this.bom,
                unicode: this.utf16 !== null || decision.used === 'UTF-8',
              }),
      },
      encoding: { declared: facts.char, detected: decision.used, bom: this.bom, asciiOnly: this.utf16 === null ? stats.asciiOnly : false },
      lines: {
        count: checker.lineCount,
        blank: checker.blankLines,
        terminators: { LF: t[1] ?? 0, CRLF: t[2] ?? 0, CR: t[3] ?? 0, LFCR: t[4] ?? 0, none: t[0] ?? 0 },
        maxLevel: checker.maxLevel,
        maxLineLength: checker.maxLineLength,
      },
      records: { total: this.recordCount, byType: Object.fromEntries(this.tagCounts(() => true, this.recordLines)) },
      xrefs: { defined: xrefs.definedCount, duplicate: xrefs.duplicates, dangling, unreferenced, voidPointers: this.voidPointers },
      findings,
      extensions: {
        tags: this.tagCounts((tag) => tag.charCodeAt(0) === UNDERSCORE, this.recordLines, this.nestedLines).map(([tag, count]) => ({ tag, count })),
        schema,
      },
    };
  }

  /** The tags as read that `pick` keeps, with their lines counted in `counts` (summed), sorted by tag; tags without lines left out. */
  private tagCounts(pick: (tag: string) => boolean, ...counts: readonly number[][]): [string, number][] {
    const out: [string, number][] = [];
    for (let id = 0; id < this.recordLines.length; id++) {
      let n = 0;
      // cast: every counter array has an entry per id
      for (const c of counts) n += c[id] as number;
      const tag = this.tags.text(id);
      if (n > 0 && pick(tag)) out.push([tag, n]);
    }
    return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  }

  /** What the lines showed about the version (inspect/probable-version.ts). */
  private lineEvidence(): LineEvidence {
    const nested = (tag: string): number => {
      const id = this.tags.find(tag);
      return id < 0 || id >= this.nestedLines.length ? 0 : (this.nestedLines[id] as number); // cast: id < nestedLines.length
    };
    return {
      markerLines: (tag) => {
        const id = this.tags.find(tag);
        const records = tag === 'SNOTE' && id >= 0 && id < this.recordLines.length ? (this.recordLines[id] as number) : 0; // cast: as above
        return records + nested(tag);
      },
      conc: nested('CONC'),
      voidPointers: this.nestedVoidPayloads,
    };
  }

  countBytes(n: number): void {
    this.total += n;
  }

  /** The byte order mark is followed by copies of itself, which are not read. */
  bomRepeated(): void {
    this.log.add('BOM_REPEATED', 1, 'the byte order mark is repeated; the copies are not read');
  }

  zipArchive(): void {
    this.log.add('FILE_ZIP_ARCHIVE', 1, ZIP_ARCHIVE_MESSAGE);
  }
}

/**
 * Inspect a GEDCOM byte stream. Pure: reads the chunks once, keeps only counters and the xref
 * sets, never throws on any content. See {@link GedcomInspectResult}.
 */
export async function inspectGedcom(source: ByteSource, progress?: ((bytes: number) => void) | InspectOptions): Promise<GedcomInspectResult> {
  const options: InspectOptions = typeof progress === 'function' ? { onProgress: progress } : (progress ?? {});
  const onProgress = options.onProgress;
  const monitor = options.monitor ?? SILENT_MONITOR;
  const totalBytes = options.totalBytes ?? null;
  monitor.step('parse', 0, totalBytes);
  let pending: Buffer = Buffer.alloc(0);
  let inspection: Inspection | null = null;
  /** UTF-16 input is decoded to UTF-8 before tokenizing; a big-endian odd byte waits for its pair. */
  const utf16: { decoder: StringDecoder | null; bigEndian: boolean; oddByte: Buffer } = { decoder: null, bigEndian: false, oddByte: Buffer.alloc(0) };
  let total = 0;

  const toTokenizable = (chunk: Buffer): Buffer => {
    if (utf16.decoder === null) return chunk;
    let body = utf16.oddByte.length > 0 ? Buffer.concat([utf16.oddByte, chunk]) : chunk;
    if (utf16.bigEndian) {
      const even = body.length & ~1;
      utf16.oddByte = Buffer.from(body.subarray(even));
      body = Buffer.from(body.subarray(0, even)).swap16();
    }
    return Buffer.from(utf16.decoder.write(body), 'utf8');
  };

  /** The inspection of a stream whose first bytes are `head` (BOM and UTF-16 detected there). */
  const begin = (head: Buffer): Inspection => {
    const bom = detectBom(head);
    const noBom = bom === null ? detectUtf16WithoutBom(head) : null;
    const encoding = bom === 'UTF-16LE' || bom === 'UTF-16BE' ? bom : noBom;
    const started = new Inspection(bom, encoding, noBom !== null, monitor, totalBytes);
    if (encoding !== null) {
      utf16.decoder = new StringDecoder('utf16le');
      utf16.bigEndian = encoding === 'UTF-16BE';
    }
    started.countBytes(head.length);
    const start = textStart(head, bom);
    if (start > bomLength(bom)) started.bomRepeated();
    if (isZipArchive(head)) started.zipArchive();
    started.feed(toTokenizable(head.subarray(start)), false);
    return started;
  };

  for await (const raw of source) {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    total += chunk.length;
    onProgress?.(total);
    if (inspection === null) {
      pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      if (pending.length < 64) continue;
      inspection = begin(pending);
      pending = Buffer.alloc(0);
      continue;
    }
    inspection.countBytes(chunk.length);
    inspection.feed(toTokenizable(chunk), false);
  }
  const ins = inspection ?? begin(pending);
  if (utf16.decoder !== null) {
    const rest = utf16.decoder.end();
    if (rest.length > 0) ins.feed(Buffer.from(rest, 'utf8'), false);
  }
  return ins.finish();
}

/** Inspect bytes already in memory (fed in slices, without copying them). */
export function inspectGedcomBytes(bytes: Uint8Array, options: { readonly monitor?: WorkMonitor } = {}): Promise<GedcomInspectResult> {
  return inspectGedcom(slices(bytes), { monitor: options.monitor, totalBytes: bytes.byteLength });
}

function* slices(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += FEED_CHUNK) yield bytes.subarray(at, Math.min(bytes.byteLength, at + FEED_CHUNK));
}

/** Whether the bytes at `k` are the tag HEAD (any case) ending the line or followed by a space. */
function isHeadTag(buf: Buffer, k: number): boolean {
  for (let j = 0; j < 4; j++) if (((buf[k + j] ?? 0) & 0xdf) !== 'HEAD'.charCodeAt(j)) return false;
  const after = buf[k + 4];
  return after === undefined || after === 32 || after === 9 || after === 13 || after === 10;
}
