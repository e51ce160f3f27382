import { LineScanner } from './lines/scanner.js';
import { LINE_BLANK, LINE_MALFORMED } from './lines/line-flags.js';

/** What the engine needs from HEAD before decoding: read in an ASCII-safe pass. */
export interface HeaderFacts {
  /** True when the first record is HEAD. */
  readonly headFirst: boolean;
  /**
   * Records before HEAD (some programs and hand edits put a NOTE there): the facts are read from
   * the first HEAD wherever it stands, so 0 when HEAD is first or missing.
   */
  readonly recordsBeforeHead: number;
  /** HEAD.GEDC.VERS, trimmed. */
  readonly gedcVers: string | null;
  /** HEAD.CHAR, trimmed. */
  readonly char: string | null;
  /** HEAD.SCHMA.TAG payloads (`_TAG uri`), 7.0 extension declarations. */
  readonly schemaTags: readonly string[];
  /** HEAD.SOUR (the producing system's identifier) and HEAD.SOUR.VERS, trimmed. */
  readonly producer: string | null;
  readonly producerVersion: string | null;
  /** HEAD.GEDC.FORM.VERS (where GEDCOM 5.5.5 repeats its version). */
  readonly formVers: string | null;
  /**
   * True when the first line that is not blank is a GEDCOM line (`level [xref] tag [value]`): what
   * is not GEDCOM (HTML, binary, empty) is never read with an assumed version.
   */
  readonly startsWithGedcomLine: boolean;
}

/**
 * Scan the HEAD record of ASCII-compatible bytes (UTF-8, ANSEL, code pages, or UTF-16
 * transcoded to UTF-8): the first HEAD record within `maxBytes`, first in the file or not. Stops at
 * the level-0 line after it; never throws.
 */
export function readHeaderFacts(bytes: Buffer, maxBytes = 1 << 20): HeaderFacts {
  const s = new LineScanner();
  s.reset(bytes.length > maxBytes ? bytes.subarray(0, maxBytes) : bytes);
  let records = 0;
  let inHead = false;
  let headFirst = false;
  let recordsBeforeHead = 0;
  let gedcVers: string | null = null;
  let char: string | null = null;
  const schemaTags: string[] = [];
  let producer: string | null = null;
  let producerVersion: string | null = null;
  let formVers: string | null = null;
  const path: string[] = [];
  let firstLine: boolean | null = null;
  while (s.next()) {
    if (firstLine === null && (s.flags & LINE_BLANK) === 0) firstLine = (s.flags & LINE_MALFORMED) === 0;
    if (s.level < 0) continue;
    if (s.level === 0) {
      if (inHead) break;
      records++;
      inHead = s.tagIs('HEAD');
      if (inHead) {
        headFirst = records === 1;
        recordsBeforeHead = records - 1;
      }
    }
    if (!inHead) continue;
    path.length = s.level;
    path[s.level] = s.tagText().toUpperCase();
    const value = s.buf.toString('latin1', s.valueStart, s.valueEnd).trim();
    if (s.level === 2 && path[1] === 'GEDC' && path[2] === 'VERS' && gedcVers === null) gedcVers = value;
    else if (s.level === 1 && path[1] === 'CHAR' && char === null) char = value;
    else if (s.level === 2 && path[1] === 'SCHMA' && path[2] === 'TAG') schemaTags.push(value);
    else if (s.level === 1 && path[1] === 'SOUR' && producer === null) producer = value;
    else if (s.level === 2 && path[1] === 'SOUR' && path[2] === 'VERS' && producerVersion === null) producerVersion = value;
    else if (s.level === 3 && path[1] === 'GEDC' && path[2] === 'FORM' && path[3] === 'VERS' && formVers === null) formVers = value;
  }
  return { headFirst, recordsBeforeHead, gedcVers, char, schemaTags, producer, producerVersion, formVers, startsWithGedcomLine: firstLine === true };
}
