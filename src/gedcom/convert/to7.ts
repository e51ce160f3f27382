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
 */

import type { GedcomNode } from '../model.js';
import { ageTo7 } from './age.js';
import {
  ENUMS,
  EXID_TYPE,
  KNOWN_EXTENSION_URIS,
  MEDIA_TYPES,
  ORD_STAT,
  ROLE_ENUM,
  ROLE_SYNONYMS,
  ORIGINAL_XREF_TAG,
  TAGS_70,
  TRANSLIT_TYPE_TO_LANG,
  UNPARSED_LINE_TAG,
} from './tables.js';
import { Notes, XrefFactory, child, cloneNode, convertChildrenIteratively, keepUnparsedAsExtension, node, pathOf } from './tree.js';
import type { ConvertJob, ConvertStep, TagPath } from './tree.js';
import { dateTo7, fileTo7, langTo7, stripEscapes, type DualYearPolicy } from './values.js';

export interface To7Options {
  readonly dualYearPolicy?: DualYearPolicy;
}

const VALID_XREF_7 = /^@[A-Z0-9_]+@$/;
const VALID_TAG_7 = /^(?:[A-Z][A-Z0-9_]*|_[A-Z0-9_]+)$/;

const SEX_VALUES: ReadonlySet<string> = new Set(['M', 'F', 'U', 'X']);
const SEX_WORDS: ReadonlyMap<string, string> = new Map([
  ['male', 'M'], ['man', 'M'], ['female', 'F'], ['woman', 'F'], ['unknown', 'U'], ['?', 'U'],
]);
// eslint-disable-next-line no-control-regex
const BANNED_7 = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BANNED_7_ALL = new RegExp(BANNED_7.source, 'g');

const TAG_RENAMES: ReadonlyMap<string, string> = new Map([
  ['EMAI', 'EMAIL'],
  ['_EMAIL', 'EMAIL'],
  ['_UID', 'UID'],
  ['_ASSO', 'ASSO'],
  ['_CRE', 'CREA'],
  ['_CREAT', 'CREA'],
]);

/** Extensions written by the 7.0 -> 5.5.1 conversion for structures 5.5.1 cannot hold. */
const UNPREFIX: ReadonlySet<string> = new Set(['UID', 'CREA', 'PHRASE', 'TRAN', 'SCHMA', 'MIME', 'INIL', 'NO', 'SDATE', 'CROP', 'TIME', 'LANG', 'TITL', 'ASSO', 'EXID']);

const ORD_TAGS: ReadonlySet<string> = new Set(['BAPL', 'CONL', 'ENDL', 'INIL', 'SLGC', 'SLGS']);

export function convertTo7(
  records: readonly GedcomNode[],
  options: To7Options = {},
): { records: GedcomNode[]; notes: Notes } {
  const policy = options.dualYearPolicy ?? 'post-slash';
  const notes = new Notes();
  const input = records.map(cloneNode);

  // --- xrefs
  const defined = new Set<string>();
  for (const r of input) if (r.xref) defined.add(r.xref);
  const taken = new Set<string>([...defined].filter((x) => VALID_XREF_7.test(x)));
  const factory = new XrefFactory(taken);
  const rename = new Map<string, string>();
  const subnXrefs = new Set<string>();
  for (const r of input) {
    if (!r.xref) continue;
    if (r.tag === 'SUBN') {
      subnXrefs.add(r.xref);
      continue;
    }
    if (rename.has(r.xref)) continue;
    rename.set(r.xref, VALID_XREF_7.test(r.xref) && r.xref !== '@VOID@' ? r.xref : factory.next());
  }
  const headNode = input.find((r) => r.tag === 'HEAD');
  const schemaNode = headNode?.children.find((c) => c.tag === 'SCHMA' || c.tag === '_SCHMA');
  const declared = new Set((schemaNode?.children ?? []).map((t) => t.value.trim().split(/\s+/)[0] ?? ''));
  const headSour = input.find((r) => r.tag === 'HEAD')?.children.find((c) => c.tag === 'SOUR')?.value ?? '';

  const created: GedcomNode[] = [];
  const extensionTagsUsed = new Set<string>();
  const written = new Set<string>();

  /** Identifiers of missing records, kept next to the `@VOID@` that replaces them. */
  const voidWithOrigin = (n: GedcomNode, path: TagPath): void => {
    notes.add('DANGLING_POINTER', path, n.line, n.pointer ?? '');
    n.children.unshift(node(ORIGINAL_XREF_TAG, n.pointer ?? ''));
    n.pointer = '@VOID@';
  };

  const mapPointer = (n: GedcomNode, path: TagPath, inExtension: boolean): void => {
    if (n.pointer === null || n.pointer === '@VOID@') return;
    const to = rename.get(n.pointer);
    if (to) n.pointer = to;
    // an extension's pointer may mean a record elsewhere (7.0 "relocated" records): kept, noted
    else if ((inExtension || n.tag.startsWith('_')) && !VALID_XREF_7.test(n.pointer)) {
      // 7.0 cannot spell this pointer: it stays as text (a leading `@` is escaped when written)
      notes.add('POINTER_AS_TEXT', path, n.line, n.pointer);
      n.value = n.pointer;
      n.pointer = null;
    } else if (inExtension || n.tag.startsWith('_')) notes.add('DANGLING_POINTER_IN_EXTENSION', path, n.line, n.pointer);
    else voidWithOrigin(n, path);
  };

  const phraseNode = (text: string, underExtension: boolean): GedcomNode => {
    if (underExtension) extensionTagsUsed.add('_PHRASE');
    return node(underExtension ? '_PHRASE' : 'PHRASE', text);
  };

  const done = (n: GedcomNode, path: TagPath, inExtension: boolean): ConvertStep => ({ jobs: [{ owner: n, path, inExtension }], finish: () => [n] });

  /** Converts `n` in place; its step names the children to convert and what replaces `n`. */
  const convert = (n: GedcomNode, path: TagPath | null, inExtension: boolean): ConvertStep => {
    const parent = path?.tag ?? '';
    if (n.tag === '') {
      // a line that could not be read never reaches a 7.0 file as it is: kept as a documented extension
      notes.add('MALFORMED_LINE_KEPT', path, n.line, UNPARSED_LINE_TAG);
      n.tag = UNPARSED_LINE_TAG;
      n.value = bannedFree(n.raw ?? '', n.line, path);
      delete n.raw;
      return done(n, pathOf(path, n.tag), true);
    }
    if (!VALID_TAG_7.test(n.tag) && VALID_TAG_7.test(n.tag.toUpperCase())) {
      notes.add('TAG_CASE_NORMALIZED', path, n.line, n.tag);
      n.tag = n.tag.toUpperCase();
    }
    if (!/^[A-Z0-9_]+$/.test(n.tag)) {
      // a tag 7.0 cannot spell (`I1@`, `NA-ME`): the line travels as text, like an unparsed one
      notes.add('MALFORMED_LINE_KEPT', path, n.line, UNPARSED_LINE_TAG);
      n.value = bannedFree([n.xref, n.tag, n.pointer ?? n.value].filter((x) => x !== null && x !== '').join(' '), n.line, path);
      n.tag = UNPARSED_LINE_TAG;
      n.xref = null;
      n.pointer = null;
      return done(n, pathOf(path, n.tag), true);
    }
    // renames first, so the new tag gets the new rules (tags the file documents in SCHMA stay)
    const renamed = declared.has(n.tag) ? undefined : TAG_RENAMES.get(n.tag);
    if (renamed && !inExtension) n.tag = renamed;
    else if (!inExtension && !declared.has(n.tag) && n.tag.startsWith('_') && !(n.tag === '_PHRASE' && (parent === 'LANG' || parent === 'SEX')) && (UNPREFIX.has(n.tag.slice(1)) || (n.pointer === '@VOID@' && TAGS_70.has(n.tag.slice(1))))) {
      n.tag = n.tag.slice(1);
    }
    if ((n.tag === 'CONT' || n.tag === 'CONC') && path !== null) {
      // a continuation the reader could not attach (under a pointer, after an xref): 7.0 cannot hold it
      notes.add('MISPLACED_CONTINUATION_AS_EXTENSION', path, n.line, n.tag);
      n.tag = `_EXT_${n.tag}`;
    }
    const here = pathOf(path, n.tag);
    if (n.xref !== null && path !== null) {
      // only records have identifiers in 7.0
      notes.add('SUBSTRUCTURE_XREF_DROPPED', here, n.line, n.xref);
      n.xref = null;
    }
    mapPointer(n, here, inExtension);
    const ext = inExtension || n.tag.startsWith('_');
    if (n.tag.startsWith('_')) extensionTagsUsed.add(n.tag);
    if (n.pointer === null && n.value !== '') n.value = bannedFree(n.value, n.line, here);

    // payload conversions by datatype (also inside extensions, as the published converter does)
    switch (n.tag) {
      case 'DATE': {
        if (n.pointer === null) {
          const r = dateTo7(n.value, policy);
          if (r.value !== n.value || r.phrase !== undefined) {
            n.value = r.value;
            if (r.phrase !== undefined) n.children.unshift(phraseNode(r.phrase, false));
          }
        }
        break;
      }
      case 'AGE': {
        const r = ageTo7(n.value);
        if (r && !r.value.includes('\n')) {
          n.value = r.value;
          if (r.phrase !== undefined) n.children.unshift(phraseNode(r.phrase, false));
        } else if (n.value.trim() !== '') {
          notes.add('AGE_UNREADABLE', here, n.line, n.value);
          n.children.unshift(phraseNode(n.value, false));
          n.value = '';
        }
        break;
      }
      case 'LANG': {
        const r = langTo7(n.value);
        n.value = r.value;
        if (r.phrase !== undefined) n.children.unshift(phraseNode(r.phrase, true));
        break;
      }
      default:
        if (n.value.includes('@#')) n.value = stripEscapes(n.value);
    }

    if (!ext) {
      const r = convertStandard(n, here, parent);
      if (r !== undefined) return r;
    }
    return done(n, here, ext);
  };

  /** Structure-specific rules; undefined = keep `n` and convert its children normally. */
  const convertStandard = (n: GedcomNode, here: TagPath, parent: string): ConvertStep | undefined => {
    const depth = here.depth;
    const children: ConvertJob[] = [{ owner: n, path: here, inExtension: false }];
    switch (n.tag) {
      case 'NOTE':
        if (n.pointer !== null || (depth === 0 && n.xref !== null)) n.tag = 'SNOTE';
        return undefined;
      case 'RFN': {
        const m = /^([^:]*):(.*)$/s.exec(n.value);
        const type = m ? `${EXID_TYPE.RFN}#${encodeURIComponent(m[1] ?? '')}` : EXID_TYPE.RFN;
        return { jobs: children, finish: () => [node('EXID', m ? (m[2] ?? '') : n.value, [node('TYPE', type), ...n.children])] };
      }
      case 'RIN': {
        const type = headSour ? `${EXID_TYPE.RIN}#${encodeURIComponent(headSour)}` : EXID_TYPE.RIN;
        return { jobs: children, finish: () => [node('EXID', n.value, [node('TYPE', type), ...n.children])] };
      }
      case 'AFN':
        return { jobs: children, finish: () => [node('EXID', n.value, [node('TYPE', EXID_TYPE.AFN), ...n.children])] };
      case '_FSFTID':
      case '_FID':
        return { jobs: children, finish: () => [node('EXID', n.value, [node('TYPE', EXID_TYPE.FSFTID), ...n.children])] };
      case 'ALIA':
        if (n.pointer === null && parent === 'INDI') {
          n.tag = 'NAME';
          return {
            jobs: children,
            finish: () => {
              n.children.push(node('TYPE', 'AKA'));
              return [n];
            },
          };
        }
        return undefined;
      case 'RELA':
        if (parent === 'ASSO') return { jobs: children, finish: () => [withChildren(roleNode(n.value), n.children)] };
        return undefined;
      case 'ROLE': {
        // SOUR.EVEN.ROLE: enumeration or (descriptor)
        const v = n.value.trim();
        const desc = /^\((.*)\)$/s.exec(v);
        if (/^_[A-Z0-9_]+$/.test(v)) return undefined;
        if (ROLE_ENUM.has(v.toUpperCase())) {
          n.value = v.toUpperCase();
          return undefined;
        }
        if (v === '') return undefined;
        if (desc) return { jobs: children, finish: () => [withChildren(node('ROLE', 'OTHER', [phraseNode(desc[1] ?? '', false)]), n.children)] };
        return { jobs: children, finish: () => [withChildren(roleNode(v), n.children)] };
      }
      case 'FONE':
      case 'ROMN':
        return {
          jobs: children,
          finish: () => {
            const type = child(n, 'TYPE');
            n.children = n.children.filter((c) => c !== type);
            const lang = type ? TRANSLIT_TYPE_TO_LANG.get(type.value.trim().toLowerCase()) : undefined;
            const tran = node('TRAN', n.value, n.children);
            if (lang) tran.children.unshift(node('LANG', lang));
            else tran.children.unshift(node('LANG', 'und', [phraseNode(type ? type.value : n.tag, true)]));
            return [tran];
          },
        };
      case 'SOUR':
        if (depth > 0 && n.pointer === null && parent !== 'HEAD') return sourceCitation(n, here);
        return undefined;
      case 'OBJE':
        if (depth > 0 && n.pointer === null) return mediaLink(n, here);
        if (depth === 0) {
          return {
            jobs: children,
            finish: () => {
              fixMediaFiles(n);
              return [n];
            },
          };
        }
        return undefined;
      case 'SEX':
        repairSex(n, here);
        return undefined;
      default:
        break;
    }
    // enumerations
    const enumKey = ENUMS.has(`${parent}.${n.tag}`) ? `${parent}.${n.tag}` : ENUMS.has(n.tag) ? n.tag : undefined;
    if (enumKey && !(n.tag === 'TYPE' && parent !== 'NAME') && n.pointer === null) {
      const e = ENUMS.get(enumKey);
      const up = n.value.trim().toUpperCase();
      if (/^_[A-Z0-9_]+$/.test(n.value.trim())) {
        // 7.0 extension enumeration value: kept
      } else if (e && e.values.has(up)) n.value = up;
      else if (e && e.other && n.value.trim() !== '') {
        n.children.unshift(phraseNode(n.value, false));
        n.value = 'OTHER';
      } else if (e && n.value.trim() !== '') {
        // 7.0 has no OTHER here: the structure is kept whole as an extension
        notes.add('ENUM_VALUE_AS_EXTENSION', here, n.line, n.value);
        n.tag = `_EXT_${n.tag}`;
        return done(n, pathOf(here.up, n.tag), true);
      }
    }
    if (n.tag === 'STAT' && ORD_TAGS.has(parent)) {
      const s = ORD_STAT.get(n.value.trim().toUpperCase());
      if (s) n.value = s;
    }
    if (n.tag === 'RESN') {
      n.value = n.value
        .split(/[,\s]+/)
        .filter((x) => x !== '')
        .map((x) => x.toUpperCase())
        .join(', ');
    }
    if (!TAGS_70.has(n.tag) && !n.tag.startsWith('_')) {
      notes.add('UNKNOWN_TAG_AS_EXTENSION', here, n.line, n.tag);
      n.tag = `_EXT_${n.tag}`;
      return done(n, pathOf(here.up, n.tag), true);
    }
    return undefined;
  };

  /**
   * SEX is an enumeration without OTHER (M, F, U, X) and 7.0 forbids continuing it: the first line
   * gives the value when it is one (or a word for one), else U; any other text is kept in a
   * documented `_PHRASE` extension (the 7.0 PHRASE URI) with a finding.
   */
  const repairSex = (n: GedcomNode, here: TagPath): void => {
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
    notes.add('ENUM_VALUE_REPAIRED', here, n.line, text);
    n.children.unshift(phraseNode(text, true));
  };

  const withChildren = (made: GedcomNode, kids: GedcomNode[]): GedcomNode => {
    made.children.push(...kids);
    return made;
  };

  const roleNode = (value: string): GedcomNode => {
    const v = value.trim();
    if (/^_[A-Z0-9_]+$/.test(v)) return node('ROLE', v);
    if (ROLE_ENUM.has(v.toUpperCase()) && v.toUpperCase() !== 'OTHER') return node('ROLE', v.toUpperCase());
    const syn = ROLE_SYNONYMS.get(v.toLowerCase());
    return node('ROLE', syn ?? 'OTHER', [phraseNode(v, false)]);
  };

  const sourceCitation = (n: GedcomNode, here: TagPath): ConvertStep => {
    const xref = factory.next();
    const recordChildren: GedcomNode[] = [];
    if (n.value !== '') recordChildren.push(node('NOTE', stripEscapes(n.value)));
    created.push(node('SOUR', '', recordChildren));
    const rec = created[created.length - 1];
    if (rec) rec.xref = xref;
    const texts: GedcomNode[] = [];
    const rest: GedcomNode[] = [];
    let dataAt = -1;
    for (const c of n.children) {
      if (c.tag === 'TEXT') {
        if (dataAt < 0) dataAt = rest.length;
        texts.push(c);
      } else rest.push(c);
    }
    if (texts.length > 0) rest.splice(dataAt, 0, node('DATA', '', texts));
    const cite = node('SOUR', '', rest, xref);
    cite.line = n.line;
    notes.add('SOURCE_TEXT_TO_RECORD', here, n.line, xref);
    return { jobs: [{ owner: cite, path: here, inExtension: false }], finish: () => [cite] };
  };

  const mediaLink = (n: GedcomNode, here: TagPath): ConvertStep => {
    const xref = factory.next();
    const link = node('OBJE', '', [], xref);
    link.line = n.line;
    const rec = node('OBJE', '');
    rec.xref = xref;
    const looseForm = child(n, 'FORM'); // 5.5: FORM directly under OBJE
    for (const c of n.children) {
      if (c.tag === 'TITL' || c.tag === 'CROP') link.children.push(c);
      else if (c.tag === 'FORM') continue;
      else rec.children.push(c);
    }
    if (looseForm) {
      const files = rec.children.filter((f) => f.tag === 'FILE');
      for (const f of files) if (!child(f, 'FORM')) f.children.push(cloneNode(looseForm));
      if (files.length === 0) rec.children.push(looseForm); // nowhere better: kept, not dropped
    }
    return {
      jobs: [
        { owner: rec, path: pathOf(null, 'OBJE'), inExtension: false },
        { owner: link, path: here, inExtension: false },
      ],
      finish: () => {
        fixMediaFiles(rec);
        created.push(rec);
        notes.add('MEDIA_TO_RECORD', here, n.line, xref);
        return [link];
      },
    };
  };

  /** OBJE record: FILE payloads to URLs, FORM to media types, FORM.TYPE to FORM.MEDI. */
  const fixMediaFiles = (obje: GedcomNode): void => {
    for (const f of obje.children) {
      if (f.tag !== 'FILE') continue;
      f.value = fileTo7(f.value);
      for (const form of f.children) {
        if (form.tag !== 'FORM') continue;
        const key = form.value.trim().toLowerCase();
        form.value = MEDIA_TYPES.get(key) ?? (key.includes('/') ? key : `application/x-${key}`);
        for (const t of form.children) {
          if (t.tag === 'TYPE' || t.tag === '_EXT_TYPE') {
            t.tag = 'MEDI';
            const up = t.value.trim().toUpperCase();
            const medi = ENUMS.get('MEDI');
            if (medi && !medi.values.has(up)) {
              t.children.unshift(node('PHRASE', t.value));
              t.value = 'OTHER';
            } else t.value = up;
          }
        }
      }
    }
  };

  /** Characters 7.0 bans (C0 but tab / LF / CR, DEL, C1, lone surrogates, U+FFFE / U+FFFF) become U+FFFD, counted. */
  const bannedFree = (text: string, line: number, path: TagPath | null): string => {
    if (!BANNED_7.test(text)) return text;
    notes.add('BANNED_CHARACTER_REPLACED', path, line);
    return text.replace(BANNED_7_ALL, '\ufffd');
  };

  /** Convert one structure and its subtree; the structures that replace it. */
  const convertOne = (n: GedcomNode, path: TagPath | null, inExtension: boolean): GedcomNode[] => {
    const holder = node('', '', [n]);
    convertChildrenIteratively({ owner: holder, path, inExtension }, convert);
    return holder.children;
  };
  /** Convert the children of `owner` (a record) under `path`. */
  const convertChildren = (owner: GedcomNode, path: TagPath): void => {
    convertChildrenIteratively({ owner, path, inExtension: false }, convert);
  };

  // --- records
  const out: GedcomNode[] = [];
  let trailer: GedcomNode | undefined;
  for (const r of input) {
    if (r.tag === 'SUBN') {
      notes.add('REMOVED_SUBN', ['SUBN'], r.line);
      continue;
    }
    if (r.tag === 'TRLR') {
      trailer = r;
      continue;
    }
    if (r.xref) {
      const x = rename.get(r.xref) ?? r.xref;
      if (written.has(x)) {
        // a second record with the same identifier: pointers keep reaching the first one
        r.xref = factory.next();
        notes.add('DUPLICATE_XREF_RENAMED', [r.tag], r.line, x);
      } else r.xref = x;
      written.add(r.xref);
    }
    if (r.tag === 'HEAD') {
      out.push(convertHead(r, notes, subnXrefs, (c, p) => convertOne(c, p, false)));
      continue;
    }
    if (r.tag === 'NOTE') {
      r.tag = 'SNOTE';
      mapPointer(r, pathOf(null, 'SNOTE'), false);
      if (r.value.includes('@#')) r.value = stripEscapes(r.value);
      r.value = bannedFree(r.value, r.line, null);
      convertChildren(r, pathOf(null, 'SNOTE'));
      out.push(r);
      continue;
    }
    out.push(...convertOne(r, null, false));
  }
  out.push(...created);
  if (!out.some((r) => r.tag === 'HEAD')) {
    out.unshift(node('HEAD', '', [node('GEDC', '', [node('VERS', '7.0')])]));
    notes.add('ADDED_HEAD', ['HEAD'], 0);
  }
  // SCHMA for known extension tags
  const head = out.find((r) => r.tag === 'HEAD');
  if (head) {
    const known = schemaNode ? [] : [...extensionTagsUsed].filter((t) => KNOWN_EXTENSION_URIS.has(t)).sort();
    if (known.length > 0) {
      let schma = child(head, 'SCHMA');
      if (!schma) {
        schma = node('SCHMA');
        const gedcIdx = head.children.findIndex((c) => c.tag === 'GEDC');
        head.children.splice(gedcIdx + 1, 0, schma);
      }
      for (const t of known) {
        if (!schma.children.some((c) => c.tag === 'TAG' && c.value.split(' ')[0] === t)) {
          schma.children.push(node('TAG', `${t} ${KNOWN_EXTENSION_URIS.get(t) ?? ''}`));
        }
      }
    }
  }
  out.push(trailer ?? node('TRLR'));
  keepUnparsedAsExtension(out, UNPARSED_LINE_TAG, notes);
  return { records: out, notes };
}

function convertHead(
  head: GedcomNode,
  notes: Notes,
  subnXrefs: ReadonlySet<string>,
  convertChild: (c: GedcomNode, path: TagPath) => GedcomNode[],
): GedcomNode {
  const kept: GedcomNode[] = [];
  const headPath = pathOf(null, 'HEAD');
  let gedc: GedcomNode | undefined;
  /** A removed header structure that carries substructures is kept as an extension so they survive. */
  const removeOrKeep = (c: GedcomNode, code: string): void => {
    notes.add(code, ['HEAD', c.tag], c.line, c.pointer ?? c.value);
    if (c.children.length === 0) return;
    notes.add('REMOVED_STRUCTURE_KEPT_AS_EXTENSION', ['HEAD', c.tag], c.line, `_EXT_${c.tag}`);
    c.tag = `_EXT_${c.tag}`;
    if (c.pointer !== null) {
      c.value = c.pointer;
      c.pointer = null;
    }
    kept.push(c);
  };
  for (const c of head.children) {
    switch (c.tag) {
      case 'CHAR':
        removeOrKeep(c, 'REMOVED_HEAD_CHAR');
        break;
      case 'FILE':
        removeOrKeep(c, 'REMOVED_HEAD_FILE');
        break;
      case 'SUBN':
        removeOrKeep(c, 'REMOVED_HEAD_SUBN');
        break;
      case 'GEDC':
        gedc = c;
        break;
      case 'SUBM':
        if (c.pointer !== null && subnXrefs.has(c.pointer)) break;
        kept.push(...convertChild(c, headPath));
        break;
      case 'SOUR':
      case 'DEST':
      case 'COPR':
        // system id / destination / copyright: plain text, substructures standard
        if (c.value.includes('@#')) c.value = c.value.replace(/@#[^@]*@ ?/g, '');
        c.children = c.children.flatMap((cc) => convertChild(cc, pathOf(headPath, c.tag)));
        kept.push(c);
        break;
      default:
        kept.push(...convertChild(c, headPath));
    }
  }
  const vers = node('VERS', '7.0');
  const newGedc = node('GEDC', '', [vers]);
  if (gedc) {
    for (const g of gedc.children) {
      if (g.tag === 'VERS') {
        vers.children.push(...g.children);
        continue;
      }
      if (g.tag === 'FORM') {
        notes.add('REMOVED_GEDC_FORM', ['HEAD', 'GEDC', 'FORM'], g.line, g.value);
        if (g.children.length > 0) {
          g.tag = '_EXT_FORM';
          newGedc.children.push(g);
        }
        continue;
      }
      newGedc.children.push(g);
    }
  }
  head.children = [newGedc, ...kept];
  return head;
}
