/** One structure at a time through the 5.5 / 5.5.1 -> 7.0 rules: lines, pointers, payloads, then the structure's own rule. */

import type { GedcomNode } from '../model.js';
import { convertChildrenIteratively, node, pathOf } from './tree.js';
import type { ConvertStep, TagPath } from './tree.js';
import { kept } from './to7-context.js';
import type { To7Context } from './to7-context.js';
import { standardTag, substructureXrefDropped, unspellableLine } from './to7-lines.js';
import { payloadTo7 } from './to7-payloads.js';
import { standardStructureTo7 } from './to7-structures.js';

/** Converts `n` in place; its step names the children to convert and what replaces `n`. */
function convertStructure(ctx: To7Context, n: GedcomNode, path: TagPath | null, inExtension: boolean): ConvertStep {
  const asText = unspellableLine(ctx, n, path);
  if (asText !== undefined) return asText;
  standardTag(ctx, n, path, inExtension);
  const here = pathOf(path, n.tag);
  substructureXrefDropped(ctx, n, here, path);
  ctx.mapPointer(n, here, inExtension);
  const ext = inExtension || n.tag.startsWith('_');
  if (n.tag.startsWith('_')) ctx.extensionTagsUsed.add(n.tag);
  if (n.pointer === null && n.value !== '') n.value = ctx.bannedFree(n.value, n.line, here);
  payloadTo7(ctx, n, here);
  if (!ext) {
    const step = standardStructureTo7(ctx, n, here, path?.tag ?? '');
    if (step !== undefined) return step;
  }
  return kept(n, here, ext);
}

/** Convert one structure and its subtree; the structures that replace it. */
export function convertSubtree(ctx: To7Context, n: GedcomNode, path: TagPath | null): GedcomNode[] {
  const holder = node('', '', [n]);
  convertChildrenIteratively({ owner: holder, path, inExtension: false }, (c, p, e) => convertStructure(ctx, c, p, e));
  return holder.children;
}

/** Convert the children of `owner` (a record) under `path`. */
export function convertChildrenOf(ctx: To7Context, owner: GedcomNode, path: TagPath): void {
  convertChildrenIteratively({ owner, path, inExtension: false }, (c, p, e) => convertStructure(ctx, c, p, e));
}
