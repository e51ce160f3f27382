/**
 * GEDCOM 7.0 -> 5.5.1 over record trees, for what 5.5.1 can express. Every structure 5.5.1 cannot
 * hold is kept as an extension (`_` + its tag, substructures unchanged), never dropped:
 *
 * - HEAD: GEDC.VERS 5.5.1 + GEDC.FORM LINEAGE-LINKED, CHAR UTF-8; SCHMA -> _SCHMA;
 * - SNOTE records / pointers -> NOTE; EXID -> RFN / RIN / AFN / _FSFTID by TYPE, else _EXID;
 *   UID -> _UID; CREA, NO, INIL, SDATE, TRAN, MIME, CROP -> `_` extensions;
 * - DATE + PHRASE -> `INT date (phrase)` / `(phrase)`, else DATE + _PHRASE; calendar keywords ->
 *   escapes; BCE -> B.C.; DATE.TIME outside HEAD / CHAN -> _TIME;
 * - AGE (+ PHRASE) -> 5.5.1 age or age word; LANG -> language name (else _LANG);
 * - ASSO.ROLE -> ASSO.RELA; ASSO below INDI level -> _ASSO; enumerations with OTHER + PHRASE ->
 *   user text where 5.5.1 allows it (NAME.TYPE, RELA, EVEN.ROLE), else _PHRASE;
 * - FILE URL -> path; FORM media type -> format; FORM.MEDI -> FORM.TYPE; OBJE link TITL -> _TITL;
 * - pointers to @VOID@ -> `_` + tag (5.5.1 has no null pointer).
 */

import type { GedcomNode } from '../model.js';
import { ageTo551 } from './age.js';
import { EXID_TYPE, MEDIA_TYPES_BACK } from './tables.js';
import { Notes, child, cloneNode, node } from './tree.js';
import { dateTo551, fileTo551, langTo551 } from './values.js';

const TO_EXTENSION = new Set(['UID', 'CREA', 'NO', 'INIL', 'SDATE', 'TRAN', 'MIME', 'CROP', 'SCHMA']);
const LOWER_ENUMS = new Set(['PEDI', 'MEDI', 'STAT']);
const NAME_TYPES_551 = new Set(['AKA', 'BIRTH', 'IMMIGRANT', 'MAIDEN', 'MARRIED']);

export function convertTo551(records: readonly GedcomNode[]): { records: GedcomNode[]; notes: Notes } {
  const notes = new Notes();
  const input = records.map(cloneNode);

  const ext = (n: GedcomNode, here: readonly string[]): void => {
    notes.add('EXTENSION_KEPT', here, n.line, n.tag);
    n.tag = `_${n.tag}`;
  };

  const phraseOf = (n: GedcomNode): { phrase: string | undefined; rest: GedcomNode[] } => {
    const p = n.children.find((c) => c.tag === 'PHRASE');
    return { phrase: p?.value, rest: n.children.filter((c) => c !== p) };
  };

  const convert = (n: GedcomNode, path: readonly string[]): void => {
    const parent = path[path.length - 1] ?? '';
    const here = [...path, n.tag];
    if (n.tag === '' || n.tag.startsWith('_')) return; // extensions stay as they are
    if (n.pointer === '@VOID@') {
      ext(n, here);
      return;
    }
    switch (n.tag) {
      case 'SNOTE':
        n.tag = 'NOTE';
        break;
      case 'NOTE':
        for (const c of n.children) if (c.tag === 'MIME' || c.tag === 'LANG' || c.tag === 'TRAN') ext(c, [...here, c.tag]);
        break;
      case 'EXID': {
        const type = child(n, 'TYPE')?.value ?? '';
        const others = n.children.filter((c) => c.tag !== 'TYPE');
        if (others.length === 0 && type.startsWith(EXID_TYPE.RFN)) {
          const frag = type.slice(EXID_TYPE.RFN.length + 1);
          n.tag = 'RFN';
          n.value = frag ? `${decodeURIComponent(frag)}:${n.value}` : n.value;
          n.children = [];
        } else if (others.length === 0 && type.startsWith(EXID_TYPE.RIN)) {
          n.tag = 'RIN';
          n.children = [];
        } else if (others.length === 0 && type === EXID_TYPE.AFN) {
          n.tag = 'AFN';
          n.children = [];
        } else if (others.length === 0 && type === EXID_TYPE.FSFTID) {
          n.tag = '_FSFTID';
          n.children = [];
        } else ext(n, here);
        return;
      }
      case 'DATE': {
        const { phrase, rest } = phraseOf(n);
        const r = dateTo551(n.value, phrase);
        n.value = r.value;
        n.children = rest;
        if (r.keepPhrase && phrase !== undefined) n.children.unshift(node('_PHRASE', phrase));
        const inTimeContext = path.includes('CHAN') || parent === 'HEAD';
        for (const c of n.children) if (c.tag === 'TIME' && !inTimeContext) ext(c, [...here, 'TIME']);
        return;
      }
      case 'AGE': {
        const { phrase, rest } = phraseOf(n);
        const r = ageTo551(n.value, phrase);
        n.value = r.value;
        n.children = rest;
        if (r.keepPhrase && phrase !== undefined) n.children.unshift(node('_PHRASE', phrase));
        return;
      }
      case 'LANG': {
        const p = n.children.find((c) => c.tag === '_PHRASE' || c.tag === 'PHRASE');
        const name = p && n.value === 'und' ? p.value : langTo551(n.value);
        if ((parent === 'HEAD' || parent === 'SUBM') && name !== undefined) {
          n.value = name;
          n.children = n.children.filter((c) => c !== p);
        } else ext(n, here);
        return;
      }
      case 'ASSO':
        if (parent !== 'INDI') {
          ext(n, here);
          return;
        }
        break;
      case 'ROLE': {
        const { phrase, rest } = phraseOf(n);
        if (parent === 'ASSO') {
          n.tag = 'RELA';
          n.value = phrase ?? n.value;
          n.children = rest;
        } else if (phrase !== undefined && n.value === 'OTHER') {
          n.value = `(${phrase})`;
          n.children = rest;
        }
        break;
      }
      case 'TYPE':
        if (parent === 'NAME') {
          const { phrase, rest } = phraseOf(n);
          if (n.value === 'OTHER' && phrase !== undefined) {
            n.value = phrase;
            n.children = rest;
          } else if (NAME_TYPES_551.has(n.value)) n.value = n.value.toLowerCase();
        }
        break;
      case 'FILE':
        if (parent === 'OBJE') n.value = fileTo551(n.value);
        break;
      case 'FORM':
        if (parent === 'FILE') {
          const mt = n.value.trim().toLowerCase();
          n.value = MEDIA_TYPES_BACK.get(mt) ?? (mt.startsWith('application/x-') ? mt.slice('application/x-'.length) : n.value);
          for (const c of n.children) if (c.tag === 'MEDI') c.tag = 'TYPE';
        }
        break;
      case 'OBJE':
        if (n.pointer !== null) {
          for (const c of n.children) if (c.tag === 'TITL' || c.tag === 'CROP') ext(c, [...here, c.tag]);
        }
        break;
      case 'HEAD':
        break;
      default:
        if (TO_EXTENSION.has(n.tag)) {
          ext(n, here);
          return;
        }
    }
    if (LOWER_ENUMS.has(n.tag) && !(n.tag === 'STAT' && parent !== 'FAMC')) {
      const { phrase } = phraseOf(n);
      if (phrase === undefined) n.value = n.value.toLowerCase();
    }
    if (n.tag === 'RESN') n.value = n.value.toLowerCase();
    // a PHRASE that survived the rules above has no 5.5.1 home
    for (const c of n.children) if (c.tag === 'PHRASE') ext(c, [...here, 'PHRASE']);
    for (const c of n.children) convert(c, here);
  };

  const out: GedcomNode[] = [];
  for (const r of input) {
    if (r.tag === 'HEAD') {
      const rest = r.children.filter((c) => c.tag !== 'GEDC' && c.tag !== 'CHAR');
      for (const c of rest) convert(c, ['HEAD']);
      const gedc = child(r, 'GEDC');
      const extra = gedc ? gedc.children.filter((c) => c.tag !== 'VERS' && c.tag !== 'FORM') : [];
      r.children = [
        node('GEDC', '', [node('VERS', '5.5.1'), node('FORM', 'LINEAGE-LINKED'), ...extra]),
        node('CHAR', 'UTF-8'),
        ...rest,
      ];
      out.push(r);
      continue;
    }
    if (r.tag === 'SNOTE') {
      r.tag = 'NOTE';
      for (const c of r.children) convert(c, ['NOTE']);
      for (const c of r.children) if (c.tag === 'MIME' || c.tag === 'LANG' || c.tag === 'TRAN') ext(c, ['NOTE', c.tag]);
      out.push(r);
      continue;
    }
    if (r.tag === 'TRLR' || r.tag.startsWith('_')) {
      out.push(r);
      continue;
    }
    for (const c of r.children) convert(c, [r.tag]);
    out.push(r);
  }
  return { records: out, notes };
}
