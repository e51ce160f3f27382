/** Enumerated payloads in the 5.5 / 5.5.1 -> 7.0 conversion: SEX, ROLE / ASSO.RELA, the ENUMS table, ordinance STAT, RESN. */

import type { GedcomNode } from '../model.js';
import { ENUMS, ORD_STAT, ORIGINAL_XREF_TAG, ROLE_ENUM, ROLE_SYNONYMS } from './tables.js';
import { node, pathOf } from './tree.js';
import type { ConvertStep, TagPath } from './tree.js';
import { kept, replaced } from './to7-context.js';
import type { To7Context } from './to7-context.js';

const SEX_VALUES: ReadonlySet<string> = new Set(['M', 'F', 'U', 'X']);
const SEX_WORDS: ReadonlyMap<string, string> = new Map([
  ['male', 'M'],
  ['man', 'M'],
  ['female', 'F'],
  ['woman', 'F'],
  ['unknown', 'U'],
  ['?', 'U'],
]);

const ORD_TAGS: ReadonlySet<string> = new Set(['BAPL', 'CONL', 'ENDL', 'INIL', 'SLGC', 'SLGS']);

const EXTENSION_VALUE = /^_[A-Z0-9_]+$/;

/**
 * SEX is an enumeration without OTHER (M, F, U, X) and 7.0 forbids continuing it: the first line
 * gives the value when it is one (or a word for one), else U; any other text is kept in a
 * documented `_PHRASE` extension (the 7.0 PHRASE URI) with a finding.
 */
export function repairSex(ctx: To7Context, n: GedcomNode, here: TagPath): void {
  if (n.pointer !== null) {
    // a pointer where 7.0 wants an enumeration value: kept as text in the _PHRASE below
    n.value = n.pointer;
    n.pointer = null;
    n.children = n.children.filter((c) => c.tag !== ORIGINAL_XREF_TAG);
  }
  const text = n.value.trim();
  const first = (text.split('\n')[0] ?? '').trim().toUpperCase();
  const value = SEX_VALUES.has(first) ? first : (SEX_WORDS.get(first.toLowerCase()) ?? 'U');
  n.value = value;
  if (text === '' || text.toUpperCase() === value) return;
  ctx.notes.add('ENUM_VALUE_REPAIRED', here, n.line, text);
  n.children.unshift(ctx.phrase(text, true));
}

function withChildren(made: GedcomNode, kids: GedcomNode[]): GedcomNode {
  made.children.push(...kids);
  return made;
}

/** A ROLE for free text: an extension value, an enumeration value, a synonym of one, or OTHER + PHRASE. */
function roleNode(ctx: To7Context, value: string): GedcomNode {
  const v = value.trim();
  if (EXTENSION_VALUE.test(v)) return node('ROLE', v);
  if (ROLE_ENUM.has(v.toUpperCase()) && v.toUpperCase() !== 'OTHER') return node('ROLE', v.toUpperCase());
  const syn = ROLE_SYNONYMS.get(v.toLowerCase());
  return node('ROLE', syn ?? 'OTHER', [ctx.phrase(v, false)]);
}

/** ASSO.RELA -> ASSO.ROLE (+ PHRASE). */
export function relationToRole(ctx: To7Context, n: GedcomNode, here: TagPath, parent: string): ConvertStep | undefined {
  if (parent !== 'ASSO') return undefined;
  return replaced(n, here, () => [withChildren(roleNode(ctx, n.value), n.children)]);
}

/** SOUR.EVEN.ROLE: an enumeration value or a `(descriptor)`, which becomes OTHER + PHRASE. */
export function roleTo7(ctx: To7Context, n: GedcomNode, here: TagPath): ConvertStep | undefined {
  const v = n.value.trim();
  const desc = /^\((.*)\)$/s.exec(v);
  if (EXTENSION_VALUE.test(v)) return undefined;
  if (ROLE_ENUM.has(v.toUpperCase())) {
    n.value = v.toUpperCase();
    return undefined;
  }
  if (v === '') return undefined;
  if (desc) return replaced(n, here, () => [withChildren(node('ROLE', 'OTHER', [ctx.phrase(desc[1] ?? '', false)]), n.children)]);
  return replaced(n, here, () => [withChildren(roleNode(ctx, v), n.children)]);
}

/**
 * A value of an enumeration in the ENUMS table: upper-cased when 7.0 knows it, else OTHER + PHRASE;
 * where 7.0 has no OTHER the structure is kept whole as an extension (the step returned).
 */
export function enumerationTo7(ctx: To7Context, n: GedcomNode, here: TagPath, parent: string): ConvertStep | undefined {
  const enumKey = ENUMS.has(`${parent}.${n.tag}`) ? `${parent}.${n.tag}` : ENUMS.has(n.tag) ? n.tag : undefined;
  if (!enumKey || (n.tag === 'TYPE' && parent !== 'NAME') || n.pointer !== null) return undefined;
  const e = ENUMS.get(enumKey);
  const up = n.value.trim().toUpperCase();
  if (EXTENSION_VALUE.test(n.value.trim())) {
    // 7.0 extension enumeration value: kept
  } else if (e && e.values.has(up)) n.value = up;
  else if (e && e.other && n.value.trim() !== '') {
    n.children.unshift(ctx.phrase(n.value, false));
    n.value = 'OTHER';
  } else if (e && n.value.trim() !== '') {
    // 7.0 has no OTHER here: the structure is kept whole as an extension
    ctx.notes.add('ENUM_VALUE_AS_EXTENSION', here, n.line, n.value);
    n.tag = `_EXT_${n.tag}`;
    return kept(n, pathOf(here.up, n.tag), true);
  }
  return undefined;
}

/** The STAT of an LDS ordinance: the 5.5.1 status word to the 7.0 enumeration value. */
export function ordinanceStatusTo7(n: GedcomNode, parent: string): void {
  if (n.tag !== 'STAT' || !ORD_TAGS.has(parent)) return;
  const s = ORD_STAT.get(n.value.trim().toUpperCase());
  if (s) n.value = s;
}

/** RESN: a list of upper-case values separated by `, `. */
export function restrictionTo7(n: GedcomNode): void {
  if (n.tag !== 'RESN') return;
  n.value = n.value
    .split(/[,\s]+/)
    .filter((x) => x !== '')
    .map((x) => x.toUpperCase())
    .join(', ');
}
