/**
 * What happens to each standard structure in the 5.5 / 5.5.1 -> 7.0 conversion, by tag
 * (STRUCTURE_RULES); a tag without a rule of its own gets the value rules of `otherStructure`.
 */

import type { GedcomNode } from '../model.js';
import { EXID_TYPE, TRANSLIT_TYPE_TO_LANG } from './tables.js';
import { child, node } from './tree.js';
import type { ConvertStep, TagPath } from './tree.js';
import { replaced } from './to7-context.js';
import type { To7Context } from './to7-context.js';
import { citationToSourceRecord } from './to7-citations.js';
import { enumerationTo7, ordinanceStatusTo7, relationToRole, repairSex, restrictionTo7, roleTo7 } from './to7-enumerations.js';
import { unknownTagAsExtension } from './to7-lines.js';
import { mediaLinkToRecord, mediaRecord } from './to7-media.js';

/** Converts one standard structure; undefined = keep `n` and convert its children normally. */
type StructureRule = (ctx: To7Context, n: GedcomNode, here: TagPath, parent: string) => ConvertStep | undefined;

/** NOTE pointers (and a NOTE record) -> SNOTE. */
const noteTo7: StructureRule = (_ctx, n, here) => {
  if (n.pointer !== null || (here.depth === 0 && n.xref !== null)) n.tag = 'SNOTE';
  return undefined;
};

/** An identifier line -> EXID + TYPE (the URI of the identifier's system). */
function externalId(n: GedcomNode, here: TagPath, value: string, type: string): ConvertStep {
  return replaced(n, here, () => [node('EXID', value, [node('TYPE', type), ...n.children])]);
}

/** RFN -> EXID; a `system:id` value names the system in TYPE. */
const recordFileNumber: StructureRule = (_ctx, n, here) => {
  const m = /^([^:]*):(.*)$/s.exec(n.value);
  const type = m ? `${EXID_TYPE.RFN}#${encodeURIComponent(m[1] ?? '')}` : EXID_TYPE.RFN;
  return externalId(n, here, m ? (m[2] ?? '') : n.value, type);
};

/** RIN -> EXID whose TYPE names the system that wrote the file (HEAD.SOUR). */
const recordIdNumber: StructureRule = (ctx, n, here) =>
  externalId(n, here, n.value, ctx.headSour ? `${EXID_TYPE.RIN}#${encodeURIComponent(ctx.headSour)}` : EXID_TYPE.RIN);

/** AFN (Ancestral File number) -> EXID. */
const ancestralFileNumber: StructureRule = (_ctx, n, here) => externalId(n, here, n.value, EXID_TYPE.AFN);

/** _FSFTID / _FID (FamilySearch Family Tree id) -> EXID. */
const familySearchId: StructureRule = (_ctx, n, here) => externalId(n, here, n.value, EXID_TYPE.FSFTID);

/** INDI.ALIA with a name (not a pointer) -> NAME + TYPE AKA. */
const aliasToName: StructureRule = (_ctx, n, here, parent) => {
  if (n.pointer !== null || parent !== 'INDI') return undefined;
  n.tag = 'NAME';
  return replaced(n, here, () => {
    n.children.push(node('TYPE', 'AKA'));
    return [n];
  });
};

/** FONE / ROMN -> TRAN + LANG (from the TYPE of the transliteration, else `und` + `_PHRASE`). */
const transliteration: StructureRule = (ctx, n, here) =>
  replaced(n, here, () => {
    const type = child(n, 'TYPE');
    n.children = n.children.filter((c) => c !== type);
    const lang = type ? TRANSLIT_TYPE_TO_LANG.get(type.value.trim().toLowerCase()) : undefined;
    const tran = node('TRAN', n.value, n.children);
    if (lang) tran.children.unshift(node('LANG', lang));
    else tran.children.unshift(node('LANG', 'und', [ctx.phrase(type ? type.value : n.tag, true)]));
    return [tran];
  });

/** SOUR: a citation without a pointer (not HEAD.SOUR) -> a SOUR record and a pointer. */
const sourceTo7: StructureRule = (ctx, n, here, parent) =>
  here.depth > 0 && n.pointer === null && parent !== 'HEAD' ? citationToSourceRecord(ctx, n, here) : undefined;

/** OBJE: an inline link -> an OBJE record and a pointer; an OBJE record gets its files fixed. */
const mediaTo7: StructureRule = (ctx, n, here) => {
  if (here.depth > 0 && n.pointer === null) return mediaLinkToRecord(ctx, n, here);
  if (here.depth === 0) return mediaRecord(n, here);
  return undefined;
};

/** SEX: one of M, F, U, X (other text kept in a `_PHRASE`). */
const sexTo7: StructureRule = (ctx, n, here) => {
  repairSex(ctx, n, here);
  return undefined;
};

const STRUCTURE_RULES: ReadonlyMap<string, StructureRule> = new Map([
  ['NOTE', noteTo7],
  ['RFN', recordFileNumber],
  ['RIN', recordIdNumber],
  ['AFN', ancestralFileNumber],
  ['_FSFTID', familySearchId],
  ['_FID', familySearchId],
  ['ALIA', aliasToName],
  ['RELA', relationToRole],
  ['ROLE', roleTo7],
  ['FONE', transliteration],
  ['ROMN', transliteration],
  ['SOUR', sourceTo7],
  ['OBJE', mediaTo7],
  ['SEX', sexTo7],
]);

/** Any other structure: enumeration values, ordinance STAT, RESN; a tag 7.0 does not define -> `_EXT_<TAG>`. */
const otherStructure: StructureRule = (ctx, n, here, parent) => {
  const asExtension = enumerationTo7(ctx, n, here, parent);
  if (asExtension !== undefined) return asExtension;
  ordinanceStatusTo7(n, parent);
  restrictionTo7(n);
  return unknownTagAsExtension(ctx, n, here);
};

/** Apply the rule of the standard structure `n` (see STRUCTURE_RULES); undefined = keep `n`, convert its children. */
export function standardStructureTo7(ctx: To7Context, n: GedcomNode, here: TagPath, parent: string): ConvertStep | undefined {
  const rule = STRUCTURE_RULES.get(n.tag) ?? otherStructure;
  return rule(ctx, n, here, parent);
}
