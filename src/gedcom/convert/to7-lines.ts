/** Line-level rules of the 5.5 / 5.5.1 -> 7.0 conversion: tags 7.0 cannot spell, renamed tags, misplaced lines. */

import type { GedcomNode } from '../model.js';
import { TAGS_70, UNPARSED_LINE_TAG } from './tables.js';
import { pathOf } from './tree.js';
import type { ConvertStep, TagPath } from './tree.js';
import { kept } from './to7-context.js';
import type { To7Context } from './to7-context.js';

const VALID_TAG_7 = /^(?:[A-Z][A-Z0-9_]*|_[A-Z0-9_]+)$/;

const TAG_RENAMES: ReadonlyMap<string, string> = new Map([
  ['EMAI', 'EMAIL'],
  ['_EMAIL', 'EMAIL'],
  ['_UID', 'UID'],
  ['_ASSO', 'ASSO'],
  ['_CRE', 'CREA'],
  ['_CREAT', 'CREA'],
]);

/** Extensions written by the 7.0 -> 5.5.1 conversion for structures 5.5.1 cannot hold. */
const UNPREFIX: ReadonlySet<string> = new Set([
  'UID',
  'CREA',
  'PHRASE',
  'TRAN',
  'SCHMA',
  'MIME',
  'INIL',
  'NO',
  'SDATE',
  'CROP',
  'TIME',
  'LANG',
  'TITL',
  'ASSO',
  'EXID',
]);

/**
 * A line the reader could not read, or whose tag 7.0 cannot spell (`I1@`, `NA-ME`), travels as
 * text in the documented unparsed-line extension; a tag only in the wrong case is upper-cased.
 * Undefined when the line has a tag 7.0 can spell.
 */
export function unspellableLine(ctx: To7Context, n: GedcomNode, path: TagPath | null): ConvertStep | undefined {
  if (n.tag === '') {
    // a line that could not be read never reaches a 7.0 file as it is: kept as a documented extension
    ctx.notes.add('MALFORMED_LINE_KEPT', path, n.line, UNPARSED_LINE_TAG);
    n.tag = UNPARSED_LINE_TAG;
    n.value = ctx.bannedFree(n.raw ?? '', n.line, path);
    delete n.raw;
    return kept(n, pathOf(path, n.tag), true);
  }
  if (!VALID_TAG_7.test(n.tag) && VALID_TAG_7.test(n.tag.toUpperCase())) {
    ctx.notes.add('TAG_CASE_NORMALIZED', path, n.line, n.tag);
    n.tag = n.tag.toUpperCase();
  }
  if (!/^[A-Z0-9_]+$/.test(n.tag)) {
    // a tag 7.0 cannot spell (`I1@`, `NA-ME`): the line travels as text, like an unparsed one
    ctx.notes.add('MALFORMED_LINE_KEPT', path, n.line, UNPARSED_LINE_TAG);
    n.value = ctx.bannedFree([n.xref, n.tag, n.pointer ?? n.value].filter((x) => x !== null && x !== '').join(' '), n.line, path);
    n.tag = UNPARSED_LINE_TAG;
    n.xref = null;
    n.pointer = null;
    return kept(n, pathOf(path, n.tag), true);
  }
  return undefined;
}

/**
 * The 7.0 tag of a line: renames first, so the new tag gets the new rules (EMAI -> EMAIL, _UID ->
 * UID, ...; tags the file documents in SCHMA stay), extensions the 7.0 -> 5.5.1 conversion wrote
 * lose their underscore, and a continuation the reader could not attach becomes an extension.
 */
export function standardTag(ctx: To7Context, n: GedcomNode, path: TagPath | null, inExtension: boolean): void {
  const parent = path?.tag ?? '';
  const renamed = ctx.declared.has(n.tag) ? undefined : TAG_RENAMES.get(n.tag);
  if (renamed && !inExtension) n.tag = renamed;
  else if (
    !inExtension &&
    !ctx.declared.has(n.tag) &&
    n.tag.startsWith('_') &&
    !(n.tag === '_PHRASE' && (parent === 'LANG' || parent === 'SEX')) &&
    (UNPREFIX.has(n.tag.slice(1)) || (n.pointer === '@VOID@' && TAGS_70.has(n.tag.slice(1))))
  ) {
    n.tag = n.tag.slice(1);
  }
  if ((n.tag === 'CONT' || n.tag === 'CONC') && path !== null) {
    // a continuation the reader could not attach (under a pointer, after an xref): 7.0 cannot hold it
    ctx.notes.add('MISPLACED_CONTINUATION_AS_EXTENSION', path, n.line, n.tag);
    n.tag = `_EXT_${n.tag}`;
  }
}

/** Only records have identifiers in 7.0: a substructure's xref is dropped. */
export function substructureXrefDropped(ctx: To7Context, n: GedcomNode, here: TagPath, path: TagPath | null): void {
  if (n.xref === null || path === null) return;
  ctx.notes.add('SUBSTRUCTURE_XREF_DROPPED', here, n.line, n.xref);
  n.xref = null;
}

/** A standard-looking tag 7.0 does not define: the structure is kept whole as `_EXT_<TAG>`. */
export function unknownTagAsExtension(ctx: To7Context, n: GedcomNode, here: TagPath): ConvertStep | undefined {
  if (TAGS_70.has(n.tag) || n.tag.startsWith('_')) return undefined;
  ctx.notes.add('UNKNOWN_TAG_AS_EXTENSION', here, n.line, n.tag);
  n.tag = `_EXT_${n.tag}`;
  return kept(n, pathOf(here.up, n.tag), true);
}
