/** Source citations in the 5.5 / 5.5.1 -> 7.0 conversion: a citation with a text payload becomes a SOUR record and a pointer. */

import type { GedcomNode } from '../model.js';
import { node } from './tree.js';
import type { ConvertStep, TagPath } from './tree.js';
import { stripEscapes } from './values.js';
import type { To7Context } from './to7-context.js';

/**
 * An inline citation (`SOUR text`): a new SOUR record holds the text in its NOTE, the citation
 * points to it, and the citation's TEXT lines move under DATA (where the first one was).
 */
export function citationToSourceRecord(ctx: To7Context, n: GedcomNode, here: TagPath): ConvertStep {
  const xref = ctx.xrefs.next();
  const recordChildren: GedcomNode[] = [];
  if (n.value !== '') recordChildren.push(node('NOTE', stripEscapes(n.value)));
  const rec = node('SOUR', '', recordChildren);
  rec.xref = xref;
  ctx.created.push(rec);
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
  ctx.notes.add('SOURCE_TEXT_TO_RECORD', here, n.line, xref);
  return { jobs: [{ owner: cite, path: here, inExtension: false }], finish: () => [cite] };
}
