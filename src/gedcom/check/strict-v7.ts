/**
 * The engine's strict GEDCOM 7.0 checker: what a file the engine writes as 7.0 must satisfy. It
 * re-reads the bytes with the engine's parser and counts as an error every parse finding 7.0
 * forbids (not only those of severity error: mixed or LF CR terminators, blank lines, leading
 * whitespace, malformed lines, CONC, misplaced continuations, invalid tags and xrefs, duplicate
 * identifiers, a second HEAD, a TRLR with a payload or substructures, records after TRLR, Ctrl-Z
 * or NUL padding at the end, tags not in upper case) plus the structural rules of 7.0 the parser
 * does not judge: HEAD.GEDC.VERS 7.0.x, UTF-8, tags standard or `_` extensions in upper case, xrefs
 * `@[A-Z0-9_]+@`, every pointer reaching a record or `@VOID@`, no continued payload where 7.0 has
 * a single-line datatype (enumerations, dates, ages, languages, media types, coordinates), SEX one
 * of M F U X, DATE payloads that read as 7.0 dates, and no banned character. Walks iteratively.
 */

import { parseGedcomBytes } from '../parse/parse.js';
import { parseDate } from '../date.js';
import type { GedcomNode } from '../model.js';
import { TAGS_70 } from '../convert/tables.js';

/** One violation: a stable code and the 1-based line (0 = whole file). */
export interface StrictFinding {
  readonly code: string;
  readonly line: number;
}

/** Parse findings that 7.0 forbids whatever their default severity. */
const FORBIDDEN_FINDINGS: ReadonlySet<string> = new Set([
  'LINE_TERMINATORS_MIXED',
  'LINE_TERMINATOR_LFCR',
  'LINE_BLANK',
  'LINE_LEADING_WHITESPACE',
  'LINE_MALFORMED',
  'LINE_LEVEL_LEADING_ZERO',
  'LINE_LEVEL_JUMP',
  'LINE_DELIMITER',
  'LINE_TAG_INVALID',
  'LINE_XREF_INVALID',
  'LINE_CONTROL_CHARACTER',
  'HEAD_MISSING',
  'HEAD_NOT_FIRST',
  'HEAD_REPEATED',
  'TRLR_MISSING',
  'TRLR_NOT_EMPTY',
  'CONTENT_AFTER_TRLR',
  'FILE_END_PADDING',
  'BOM_REPEATED',
  'TAG_CASE_NORMALIZED',
  'RECORD_ORPHAN_LINE',
  'RECORD_XREF_VOID',
  'CONC_IN_V7',
  'CONTINUATION_MISPLACED',
  'XREF_DUPLICATE',
  'ENCODING_INVALID_BYTES',
  'ENCODING_NOT_UTF8_V7',
  'ENCODING_UTF16_WITHOUT_BOM',
  'FILE_EMPTY',
  'FILE_NOT_GEDCOM',
  'LINE_OVER_LIMIT',
  'VALUE_OVER_LIMIT',
]);

/** Structures whose 7.0 payload is one line (enumerations and other non-text datatypes). */
const SINGLE_LINE: ReadonlySet<string> = new Set([
  'SEX',
  'DATE',
  'TIME',
  'AGE',
  'LANG',
  'RESN',
  'PEDI',
  'QUAY',
  'STAT',
  'MEDI',
  'ROLE',
  'ADOP',
  'FORM',
  'MIME',
  'LATI',
  'LONG',
  'UID',
  'VERS',
  'TAG',
  'CREA',
  'SDATE',
  'HEIGHT',
  'WIDTH',
  'TOP',
  'LEFT',
]);
const SEX_7: ReadonlySet<string> = new Set(['M', 'F', 'U', 'X']);
const TAG_7 = /^(?:[A-Z][A-Z0-9_]*|_[A-Z0-9_]+)$/;
const XREF_7 = /^@[A-Z0-9_]+@$/;
// eslint-disable-next-line no-control-regex
const BANNED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Check bytes that claim to be GEDCOM 7.0. Never throws; an empty list means valid. */
export function checkStrictV7(bytes: Uint8Array): StrictFinding[] {
  const out: StrictFinding[] = [];
  const doc = parseGedcomBytes(bytes, { keepDiagnosticsPerCode: 5 });
  for (const d of doc.diagnostics) if (d.severity === 'error' || FORBIDDEN_FINDINGS.has(d.code)) out.push({ code: d.code, line: d.line });
  if (doc.version.family !== '7.0') out.push({ code: 'STRICT_VERSION_NOT_70', line: 0 });
  if (doc.encoding.used !== 'UTF-8') out.push({ code: 'STRICT_ENCODING_NOT_UTF8', line: 0 });
  const defined = new Set<string>();
  for (const r of doc.records) if (r.xref !== null) defined.add(r.xref);
  const last = doc.records[doc.records.length - 1];
  if (last === undefined || last.tag !== 'TRLR') out.push({ code: 'STRICT_TRLR_NOT_LAST', line: 0 });
  for (const r of doc.records) {
    const stack: { n: GedcomNode; parent: string; inExtension: boolean }[] = [{ n: r.root, parent: '', inExtension: false }];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      const { n, parent, inExtension } = top;
      checkNode(n, parent, inExtension, defined, out);
      const ext = inExtension || n.tag.startsWith('_');
      // cast: 0 <= i < n.children.length
      for (let i = n.children.length - 1; i >= 0; i--) stack.push({ n: n.children[i] as GedcomNode, parent: n.tag, inExtension: ext });
    }
  }
  return out;
}

function checkNode(n: GedcomNode, parent: string, inExtension: boolean, defined: ReadonlySet<string>, out: StrictFinding[]): void {
  const add = (code: string): void => {
    out.push({ code, line: n.line });
  };
  if (n.raw !== undefined || n.tag === '') {
    add('STRICT_UNPARSED_LINE');
    return;
  }
  if (!TAG_7.test(n.tag)) add('STRICT_TAG_SYNTAX');
  // substructures of an extension are the extension's own business (7.0 section "Extensions")
  else if (!inExtension && !n.tag.startsWith('_') && !TAGS_70.has(n.tag)) add('STRICT_TAG_UNKNOWN');
  if (n.xref !== null && !XREF_7.test(n.xref)) add('STRICT_XREF_SYNTAX');
  if (n.xref !== null && parent !== '') add('STRICT_XREF_ON_SUBSTRUCTURE');
  if (n.pointer !== null && n.pointer !== '@VOID@') {
    if (!XREF_7.test(n.pointer)) add('STRICT_POINTER_SYNTAX');
    // an extension's pointer may reach a record elsewhere (the 7.0 test file extensions.ged has one)
    else if (!defined.has(n.pointer) && !inExtension && !n.tag.startsWith('_')) add('STRICT_POINTER_DANGLING');
  }
  if (n.pointer !== null && n.children.some((c) => c.tag === 'CONT' || c.tag === 'CONC')) add('STRICT_POINTER_CONTINUED');
  if (n.pointer === null && BANNED.test(n.value)) add('STRICT_BANNED_CHARACTER');
  if (inExtension || n.tag.startsWith('_')) return;
  if (SINGLE_LINE.has(n.tag) && n.pointer === null && /[\r\n]/.test(n.value)) add('STRICT_PAYLOAD_CONTINUED');
  if (n.tag === 'SEX' && parent === 'INDI' && !SEX_7.has(n.value)) add('STRICT_SEX_VALUE');
  if (n.tag === 'DATE' && n.pointer === null && n.value !== '' && parseDate(n.value, '7.0').kind === 'invalid') add('STRICT_DATE_VALUE');
}
