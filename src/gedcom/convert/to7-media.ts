/** Multimedia in the 5.5 / 5.5.1 -> 7.0 conversion: inline OBJE to a record and a link; FILE, FORM and FORM.TYPE of OBJE records. */

import type { GedcomNode } from '../model.js';
import { ENUMS, MEDIA_TYPES } from './tables.js';
import { child, cloneNode, node, pathOf } from './tree.js';
import type { ConvertStep, TagPath } from './tree.js';
import { fileTo7 } from './values.js';
import { replaced } from './to7-context.js';
import type { To7Context } from './to7-context.js';

/**
 * An OBJE without a pointer: a new OBJE record gets its lines (a 5.5 loose FORM goes under each
 * FILE), the link keeps TITL and CROP and points to it.
 */
export function mediaLinkToRecord(ctx: To7Context, n: GedcomNode, here: TagPath): ConvertStep {
  const xref = ctx.xrefs.next();
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
      mediaFilesTo7(rec);
      ctx.created.push(rec);
      ctx.notes.add('MEDIA_TO_RECORD', here, n.line, xref);
      return [link];
    },
  };
}

/** An OBJE record: its files fixed once its lines are converted. */
export function mediaRecord(n: GedcomNode, here: TagPath): ConvertStep {
  return replaced(n, here, () => {
    mediaFilesTo7(n);
    return [n];
  });
}

/** OBJE record: FILE payloads to URLs, FORM to media types, FORM.TYPE to FORM.MEDI. */
function mediaFilesTo7(obje: GedcomNode): void {
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
}
