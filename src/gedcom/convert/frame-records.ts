/**
 * HEAD and TRLR in a conversion, both directions: an output has one HEAD, first, and one empty TRLR,
 * last (5.5.1 and 7.0 alike). What an input has beyond that is kept, never dropped silently:
 *
 * - a second HEAD (two files concatenated) becomes the extension record `_EXT_HEAD`, its
 *   substructures unchanged, where it was (`HEAD_REPEATED_AS_EXTENSION`);
 * - a TRLR with a payload, an xref, a pointer or substructures (lines after it) becomes the extension
 *   record `_EXT_TRLR` with all of them (`TRLR_CONTENT_AS_EXTENSION`); 7.0 -> 5.5.1 keeps both
 *   extensions as they are, so neither becomes a second HEAD or TRLR;
 * - an empty TRLR is dropped (the output's own is written last); every one after the first is a
 *   finding (`REPEATED_TRLR_REMOVED`);
 * - a HEAD that is not the first record moves first (`HEAD_MOVED_FIRST`).
 */

import type { GedcomNode } from '../model.js';
import type { Notes } from './tree.js';

/** Extension records that stand for a second HEAD or a TRLR with content (never restored as HEAD / TRLR). */
export const FRAME_EXTENSIONS: ReadonlySet<string> = new Set(['_EXT_HEAD', '_EXT_TRLR']);

/** Decides, record by record in file order, what becomes of HEAD and TRLR records. */
export class FrameRecords {
  private headSeen = false;
  private emptyTrailers = 0;

  constructor(private readonly notes: Notes) {}

  /**
   * True when record `r` is an empty TRLR (left out: the output writes its own). A second HEAD or a
   * TRLR with content is renamed to its extension record in place and kept (false).
   */
  dropped(r: GedcomNode): boolean {
    if (r.tag === 'HEAD') {
      if (this.headSeen) {
        this.notes.add('HEAD_REPEATED_AS_EXTENSION', ['HEAD'], r.line, '_EXT_HEAD');
        r.tag = '_EXT_HEAD';
      }
      this.headSeen = true;
      return false;
    }
    if (r.tag !== 'TRLR') return false;
    if (r.value !== '' || r.xref !== null || r.pointer !== null || r.children.length > 0) {
      this.notes.add('TRLR_CONTENT_AS_EXTENSION', ['TRLR'], r.line, r.pointer ?? r.value);
      r.tag = '_EXT_TRLR';
      return false;
    }
    if (++this.emptyTrailers > 1) this.notes.add('REPEATED_TRLR_REMOVED', ['TRLR'], r.line);
    return true;
  }
}

/** Move the HEAD record first when it is not (a finding). */
export function headFirst(out: GedcomNode[], notes: Notes): void {
  const at = out.findIndex((r) => r.tag === 'HEAD');
  if (at <= 0) return;
  // cast: 0 < at < out.length, so splice removes one record
  const head = out.splice(at, 1)[0] as GedcomNode;
  notes.add('HEAD_MOVED_FIRST', ['HEAD'], head.line);
  out.unshift(head);
}
