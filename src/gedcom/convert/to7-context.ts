/** What every rule of the 5.5 / 5.5.1 -> 7.0 conversion shares: findings, xrefs, records it creates, extension tags used. */

import type { GedcomNode } from '../model.js';
import { ORIGINAL_XREF_TAG } from './tables.js';
import { node } from './tree.js';
import type { ConvertStep, Notes, TagPath } from './tree.js';
import type { DualYearPolicy } from './values.js';
import { VALID_XREF_7 } from './to7-xrefs.js';
import type { XrefPlan } from './to7-xrefs.js';

// eslint-disable-next-line no-control-regex
const BANNED_7 = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BANNED_7_ALL = new RegExp(BANNED_7.source, 'g');
/** Vertical tab and form feed: line breaks of a kind 7.0 does not allow. */
// eslint-disable-next-line no-control-regex
const VERTICAL_BREAK = /[\u000B\u000C]/;
// eslint-disable-next-line no-control-regex
const VERTICAL_BREAK_ALL = /[\u000B\u000C]/g;

export class To7Context {
  /** Records the conversion creates (from inline source citations and media links), appended after the input's. */
  readonly created: GedcomNode[] = [];
  /** Extension tags written, for HEAD.SCHMA. */
  readonly extensionTagsUsed = new Set<string>();

  constructor(
    readonly notes: Notes,
    readonly policy: DualYearPolicy,
    readonly xrefs: XrefPlan,
    /** Tags the file documents in HEAD.SCHMA: never renamed. */
    readonly declared: ReadonlySet<string>,
    /** HEAD.SOUR (the system that wrote the file), or ''. */
    readonly headSour: string,
  ) {}

  /** A PHRASE (or, under an extension, the documented `_PHRASE`) with `text`. */
  phrase(text: string, underExtension: boolean): GedcomNode {
    if (underExtension) this.extensionTagsUsed.add('_PHRASE');
    return node(underExtension ? '_PHRASE' : 'PHRASE', text);
  }

  /**
   * Characters 7.0 bans (C0 but tab / LF / CR, DEL, C1, lone surrogates, U+FFFE / U+FFFF) become
   * U+FFFD, counted; a vertical tab or form feed, which some programs wrote as a soft line break
   * in notes, becomes a line break (written as CONT).
   */
  bannedFree(text: string, line: number, path: TagPath | null): string {
    if (!BANNED_7.test(text)) return text;
    let out = text;
    if (VERTICAL_BREAK.test(out)) {
      this.notes.add('VERTICAL_BREAK_AS_LINE_BREAK', path, line);
      out = out.replace(VERTICAL_BREAK_ALL, '\n');
      if (!BANNED_7.test(out)) return out;
    }
    this.notes.add('BANNED_CHARACTER_REPLACED', path, line);
    return out.replace(BANNED_7_ALL, '\ufffd');
  }

  /** The pointer of `n` in the output: renamed, kept as text in an extension, or `@VOID@` when its record is missing. */
  mapPointer(n: GedcomNode, path: TagPath, inExtension: boolean): void {
    if (n.pointer === null || n.pointer === '@VOID@') return;
    const to = this.xrefs.rename.get(n.pointer);
    if (to) n.pointer = to;
    // an extension's pointer may mean a record elsewhere (7.0 "relocated" records): kept, noted
    else if ((inExtension || n.tag.startsWith('_')) && !VALID_XREF_7.test(n.pointer)) {
      // 7.0 cannot spell this pointer: it stays as text (a leading `@` is escaped when written)
      this.notes.add('POINTER_AS_TEXT', path, n.line, n.pointer);
      n.value = n.pointer;
      n.pointer = null;
    } else if (inExtension || n.tag.startsWith('_')) this.notes.add('DANGLING_POINTER_IN_EXTENSION', path, n.line, n.pointer);
    else this.voidWithOrigin(n, path);
  }

  /** Identifiers of missing records, kept next to the `@VOID@` that replaces them. */
  private voidWithOrigin(n: GedcomNode, path: TagPath): void {
    this.notes.add('DANGLING_POINTER', path, n.line, n.pointer ?? '');
    n.children.unshift(node(ORIGINAL_XREF_TAG, n.pointer ?? ''));
    n.pointer = '@VOID@';
  }
}

/** Keep `n` (converted in place) and convert its children under `path`. */
export function kept(n: GedcomNode, path: TagPath, inExtension: boolean): ConvertStep {
  return { jobs: [{ owner: n, path, inExtension }], finish: () => [n] };
}

/** Keep what `finish` makes of `n` after its children are converted as standard structures. */
export function replaced(n: GedcomNode, here: TagPath, finish: () => GedcomNode[]): ConvertStep {
  return { jobs: [{ owner: n, path: here, inExtension: false }], finish };
}
