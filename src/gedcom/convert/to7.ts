/**
 * GEDCOM 5.5 / 5.5.1 -> 7.0 over record trees, following the published conversion rules
 * (FamilySearch GEDCOM 7.0 specification and the gedcom7code ged5to7 converter's rule list):
 *
 * - HEAD: GEDC.VERS 7.0, GEDC.FORM, CHAR, FILE and SUBN removed; SUBN records removed;
 * - NOTE records -> SNOTE records, NOTE pointers -> SNOTE pointers;
 * - SOUR citations with a text payload -> a new SOUR record (text in its NOTE) and a pointer, the
 *   citation's TEXT moving under DATA;
 * - OBJE without a pointer -> a new OBJE record and a pointer (TITL stays on the link);
 * - RFN / RIN / AFN / _FSFTID -> EXID + TYPE; _UID -> UID; EMAI / _EMAIL -> EMAIL; _ASSO -> ASSO;
 *   _CRE / _CREAT -> CREA; string ALIA -> NAME + TYPE AKA;
 * - ASSO.RELA -> ASSO.ROLE (+ PHRASE); FONE / ROMN -> TRAN + LANG;
 * - DATE (calendars, B.C., dual years, INT, phrases), AGE, LANG, FILE -> URL, FORM -> media type,
 *   FORM.TYPE -> FORM.MEDI, enumerations upper-cased or OTHER + PHRASE;
 * - `@#` escapes in text payloads; xrefs outside `@[A-Z0-9_]+@` renamed; dangling pointers -> @VOID@;
 * - tags that 7.0 does not define and that are not extensions -> `_EXT_<TAG>`.
 * - HEAD.SCHMA lists the known URIs of the extension tags used.
 *
 * CONC / CONT are already folded into node values by the model.
 *
 * Where each rule lives: records by tag in RECORD_RULES below (HEAD in to7-head.ts); every other
 * structure goes through to7-walk.ts: line-level rules (to7-lines.ts), pointers and banned
 * characters (to7-context.ts), payloads by datatype (PAYLOAD_RULES, to7-payloads.ts), then the
 * structure's own rule by tag (STRUCTURE_RULES, to7-structures.ts, with to7-citations.ts,
 * to7-media.ts and to7-enumerations.ts). Xrefs: to7-xrefs.ts.
 */

import type { GedcomNode } from '../model.js';
import { UNPARSED_LINE_TAG } from './tables.js';
import { Notes, cloneNode, keepUnparsedAsExtension, node, pathOf } from './tree.js';
import { stripEscapes, type DualYearPolicy } from './values.js';
import { To7Context } from './to7-context.js';
import { convertHead, declareKnownExtensions, ensureHead } from './to7-head.js';
import { convertChildrenOf, convertSubtree } from './to7-walk.js';
import { XrefPlan } from './to7-xrefs.js';
import { FrameRecords, headFirst } from './frame-records.js';

export interface To7Options {
  readonly dualYearPolicy?: DualYearPolicy;
}

/** Converts one record (its xref already settled); the records that replace it. */
type RecordRule = (ctx: To7Context, r: GedcomNode) => GedcomNode[];

/** HEAD: see convertHead. */
const headRecord: RecordRule = (ctx, r) => [convertHead(r, ctx.notes, ctx.xrefs.subn, (c, p) => convertSubtree(ctx, c, p))];

/** NOTE record -> SNOTE record. */
const sharedNoteRecord: RecordRule = (ctx, r) => {
  r.tag = 'SNOTE';
  ctx.mapPointer(r, pathOf(null, 'SNOTE'), false);
  if (r.value.includes('@#')) r.value = stripEscapes(r.value);
  r.value = ctx.bannedFree(r.value, r.line, null);
  convertChildrenOf(ctx, r, pathOf(null, 'SNOTE'));
  return [r];
};

/** Any other record: through the structure rules (see to7-walk.ts). */
const otherRecord: RecordRule = (ctx, r) => convertSubtree(ctx, r, null);

const RECORD_RULES: ReadonlyMap<string, RecordRule> = new Map([
  ['HEAD', headRecord],
  ['NOTE', sharedNoteRecord],
]);

/** Convert 5.5 / 5.5.1 record trees to 7.0 (the input is not modified); what changed is in `notes`. */
export function convertTo7(records: readonly GedcomNode[], options: To7Options = {}): { records: GedcomNode[]; notes: Notes } {
  const notes = new Notes();
  const input = records.map(cloneNode);
  const xrefs = new XrefPlan(input);
  const headNode = input.find((r) => r.tag === 'HEAD');
  const schemaNode = headNode?.children.find((c) => c.tag === 'SCHMA' || c.tag === '_SCHMA');
  const declared = new Set((schemaNode?.children ?? []).map((t) => t.value.trim().split(/\s+/)[0] ?? ''));
  const headSour = headNode?.children.find((c) => c.tag === 'SOUR')?.value ?? '';
  const ctx = new To7Context(notes, options.dualYearPolicy ?? 'post-slash', xrefs, declared, headSour);

  const out: GedcomNode[] = [];
  const frame = new FrameRecords(notes);
  for (const r of input) {
    if (r.tag === 'SUBN') {
      notes.add('REMOVED_SUBN', ['SUBN'], r.line);
      continue;
    }
    if (frame.dropped(r)) continue;
    xrefs.settleRecord(r, notes);
    out.push(...(RECORD_RULES.get(r.tag) ?? otherRecord)(ctx, r));
  }
  out.push(...ctx.created);
  headFirst(out, notes);
  ensureHead(out, notes);
  declareKnownExtensions(out, schemaNode !== undefined, ctx.extensionTagsUsed);
  out.push(node('TRLR'));
  keepUnparsedAsExtension(out, UNPARSED_LINE_TAG, notes);
  return { records: out, notes };
}
