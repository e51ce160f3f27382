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
import { EXID_TYPE, MEDIA_TYPES_BACK, ORIGINAL_XREF_TAG, UNPARSED_LINE_TAG } from './tables.js';
import { Notes, XrefFactory, child, cloneNode, keepUnparsedAsExtension, node, pathHas, pathOf } from './tree.js';
import type { TagPath } from './tree.js';
import { dateTo551, fileTo551, langTo551 } from './values.js';
import { FRAME_EXTENSIONS, FrameRecords, headFirst } from './frame-records.js';

const TO_EXTENSION: ReadonlySet<string> = new Set(['UID', 'CREA', 'NO', 'INIL', 'SDATE', 'TRAN', 'MIME', 'CROP', 'SCHMA']);
const LOWER_ENUMS: ReadonlySet<string> = new Set(['PEDI', 'MEDI', 'STAT']);
const NAME_TYPES_551: ReadonlySet<string> = new Set(['AKA', 'BIRTH', 'IMMIGRANT', 'MAIDEN', 'MARRIED']);

export function convertTo551(records: readonly GedcomNode[]): { records: GedcomNode[]; notes: Notes } {
  const notes = new Notes();
  const input = records.map(cloneNode);

  const ext = (n: GedcomNode, here: TagPath | readonly string[]): void => {
    notes.add('EXTENSION_KEPT', here, n.line, n.tag);
    n.tag = `_${n.tag}`;
  };

  const phraseOf = (n: GedcomNode): { phrase: string | undefined; rest: GedcomNode[] } => {
    const p = n.children.find((c) => c.tag === 'PHRASE');
    return { phrase: p?.value, rest: n.children.filter((c) => c !== p) };
  };

  /** A `@VOID@` the 5.5.1 -> 7.0 conversion put in place of a pointer to a missing record gets its identifier back. */
  const restoreVoidPointer = (n: GedcomNode, here: TagPath): boolean => {
    if (n.pointer !== '@VOID@') return false;
    const origin = n.children.find((c) => c.tag === ORIGINAL_XREF_TAG && /^@[^@\s]+@$/.test(c.value));
    if (origin === undefined) return false;
    n.pointer = origin.value;
    n.children = n.children.filter((c) => c !== origin);
    notes.add('DANGLING_POINTER_RESTORED', here, n.line, n.pointer);
    return true;
  };

  /** Converts `n` in place (`inExtension`: below an extension tag); true when its children are to be converted too. */
  const convert = (n: GedcomNode, path: TagPath, inExtension: boolean): boolean => {
    const parent = path.tag;
    if (n.tag === '') {
      notes.add('MALFORMED_LINE_KEPT', path, n.line, UNPARSED_LINE_TAG);
      n.tag = UNPARSED_LINE_TAG;
      n.value = n.raw ?? '';
      delete n.raw;
      return false;
    }
    // structures the 5.5.1 -> 7.0 conversion kept as `_EXT_<TAG>` get their tag back
    if (/^_EXT_[A-Z][A-Z0-9]*$/.test(n.tag) && n.tag !== '_EXT_CONT' && n.tag !== '_EXT_CONC') {
      n.tag = n.tag.slice(5);
      notes.add('EXTENSION_TAG_RESTORED', path, n.line, n.tag);
    }
    const here = pathOf(path, n.tag);
    if (inExtension || n.tag.startsWith('_')) {
      // extensions stay as they are, but what the 5.5.1 -> 7.0 conversion changed inside them comes back
      restoreVoidPointer(n, here);
      if (n.tag === 'DATE' && n.pointer === null) {
        const { phrase, rest } = phraseOf(n);
        const r = dateTo551(n.value, phrase);
        if (phrase !== undefined && !r.keepPhrase) n.children = rest;
        n.value = r.value;
      }
      return true;
    }
    if (n.pointer === '@VOID@' && !restoreVoidPointer(n, here)) {
      ext(n, here);
      return false;
    }
    switch (n.tag) {
      case 'SNOTE':
        n.tag = 'NOTE';
        break;
      case 'NOTE':
        for (const c of n.children) if (c.tag === 'MIME' || c.tag === 'LANG' || c.tag === 'TRAN') ext(c, pathOf(here, c.tag));
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
        return false;
      }
      case 'SEX': {
        const repaired = n.children.find((c) => c.tag === '_PHRASE');
        if (repaired !== undefined) {
          n.value = repaired.value;
          n.children = n.children.filter((c) => c !== repaired);
        }
        break;
      }
      case 'DATE': {
        const { phrase, rest } = phraseOf(n);
        const r = dateTo551(n.value, phrase);
        n.value = r.value;
        n.children = rest;
        if (r.keepPhrase && phrase !== undefined) n.children.unshift(node('_PHRASE', phrase));
        const inTimeContext = pathHas(path, 'CHAN') || parent === 'HEAD';
        for (const c of n.children) if (c.tag === 'TIME' && !inTimeContext) ext(c, pathOf(here, 'TIME'));
        return false;
      }
      case 'AGE': {
        const { phrase, rest } = phraseOf(n);
        const r = ageTo551(n.value, phrase);
        n.value = r.value;
        n.children = rest;
        if (r.keepPhrase && phrase !== undefined) n.children.unshift(node('_PHRASE', phrase));
        return false;
      }
      case 'LANG': {
        const p = n.children.find((c) => c.tag === '_PHRASE' || c.tag === 'PHRASE');
        const name = p && n.value === 'und' ? p.value : langTo551(n.value);
        if ((parent === 'HEAD' || parent === 'SUBM') && name !== undefined) {
          n.value = name;
          n.children = n.children.filter((c) => c !== p);
        } else ext(n, here);
        return false;
      }
      case 'ASSO':
        if (parent !== 'INDI') {
          ext(n, here);
          return false;
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
          for (const c of n.children) if (c.tag === 'TITL' || c.tag === 'CROP') ext(c, pathOf(here, c.tag));
        }
        break;
      case 'HEAD':
        break;
      default:
        if (TO_EXTENSION.has(n.tag)) {
          ext(n, here);
          return false;
        }
    }
    if (LOWER_ENUMS.has(n.tag) && !(n.tag === 'STAT' && parent !== 'FAMC')) {
      const { phrase, rest } = phraseOf(n);
      if (phrase === undefined) n.value = n.value.toLowerCase();
      else if (n.value === 'OTHER' && n.tag !== 'STAT') {
        // 5.5.1 -> 7.0 kept a value outside the enumeration as OTHER + PHRASE: the value comes back
        n.value = phrase;
        n.children = rest;
      }
    }
    if (n.tag === 'RESN') n.value = n.value.toLowerCase();
    // a PHRASE that survived the rules above has no 5.5.1 home
    for (const c of n.children) if (c.tag === 'PHRASE') ext(c, pathOf(here, 'PHRASE'));
    return true;
  };

  /** Convert the children of `owner` (under `path`) and their subtrees, without recursion. */
  const convertChildren = (owner: GedcomNode, path: TagPath): void => {
    const nodes: GedcomNode[] = [];
    const paths: TagPath[] = [];
    const inExt: boolean[] = [];
    const ownerExt = owner.tag.startsWith('_');
    for (let i = owner.children.length - 1; i >= 0; i--) {
      // cast: 0 <= i < owner.children.length
      nodes.push(owner.children[i] as GedcomNode);
      paths.push(path);
      inExt.push(ownerExt);
    }
    for (let n = nodes.pop(); n !== undefined; n = nodes.pop()) {
      // cast: paths is pushed and popped with nodes, so it holds an entry for every node popped
      const p = paths.pop() as TagPath;
      // cast: inExt is pushed and popped with nodes, so it holds an entry for every node popped
      const e = inExt.pop() as boolean;
      if (!convert(n, p, e)) continue;
      const here = pathOf(p, n.tag);
      const childExt = e || n.tag.startsWith('_');
      for (let i = n.children.length - 1; i >= 0; i--) {
        // cast: 0 <= i < n.children.length
        nodes.push(n.children[i] as GedcomNode);
        paths.push(here);
        inExt.push(childExt);
      }
    }
  };

  const out: GedcomNode[] = [];
  const frame = new FrameRecords(notes);
  const written = new Set<string>();
  const fresh = new XrefFactory(new Set(input.map((r) => r.xref).filter((x): x is string => x !== null)));
  for (const r of input) {
    if (r.xref !== null) {
      if (written.has(r.xref) || r.xref === '@VOID@') {
        // a second record with the same identifier (pointers keep reaching the first one), or a record named @VOID@
        notes.add('DUPLICATE_XREF_RENAMED', [r.tag], r.line, r.xref);
        r.xref = fresh.next();
      }
      written.add(r.xref);
    }
    if (frame.dropped(r)) continue;
    if (r.tag === 'HEAD') {
      const rest = r.children.filter((c) => c.tag !== 'GEDC' && c.tag !== 'CHAR');
      const holder = node('HEAD', '', rest);
      convertChildren(holder, pathOf(null, 'HEAD'));
      const gedc = child(r, 'GEDC');
      const extra = gedc ? gedc.children.filter((c) => c.tag !== 'VERS' && c.tag !== 'FORM') : [];
      r.children = [node('GEDC', '', [node('VERS', '5.5.1'), node('FORM', 'LINEAGE-LINKED'), ...extra]), node('CHAR', 'UTF-8'), ...holder.children];
      out.push(r);
      continue;
    }
    if (r.tag === 'SNOTE') {
      r.tag = 'NOTE';
      convertChildren(r, pathOf(null, 'NOTE'));
      for (const c of r.children) if (c.tag === 'MIME' || c.tag === 'LANG' || c.tag === 'TRAN') ext(c, ['NOTE', c.tag]);
      out.push(r);
      continue;
    }
    if (r.tag === '') {
      notes.add('MALFORMED_LINE_KEPT', [], r.line, UNPARSED_LINE_TAG);
      r.tag = UNPARSED_LINE_TAG;
      r.value = r.raw ?? '';
      delete r.raw;
    }
    // a second HEAD or a TRLR with content (FRAME_EXTENSIONS) stays an extension: restored it would be a second HEAD or TRLR
    if (/^_EXT_[A-Z][A-Z0-9]*$/.test(r.tag) && !FRAME_EXTENSIONS.has(r.tag)) {
      r.tag = r.tag.slice(5);
      notes.add('EXTENSION_TAG_RESTORED', [], r.line, r.tag);
    }
    if (r.tag.startsWith('_')) {
      out.push(r);
      continue;
    }
    convertChildren(r, pathOf(null, r.tag));
    out.push(r);
  }
  headFirst(out, notes);
  if (!out.some((r) => r.tag === 'HEAD')) {
    out.unshift(node('HEAD', '', [node('GEDC', '', [node('VERS', '5.5.1'), node('FORM', 'LINEAGE-LINKED')]), node('CHAR', 'UTF-8')]));
    notes.add('ADDED_HEAD', ['HEAD'], 0);
  }
  out.push(node('TRLR'));
  keepUnparsedAsExtension(out, UNPARSED_LINE_TAG, notes);
  return { records: out, notes };
}
