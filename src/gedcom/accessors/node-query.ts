import type { GedcomNode } from '../model.js';

/** First direct child with this tag. */
export function firstChild(node: GedcomNode, tag: string): GedcomNode | undefined {
  for (const c of node.children) if (c.tag === tag) return c;
  return undefined;
}

/** All direct children with this tag (or any of these tags), in order. */
export function childrenWith(node: GedcomNode, tags: string | ReadonlySet<string>): GedcomNode[] {
  const out: GedcomNode[] = [];
  for (const c of node.children) if (typeof tags === 'string' ? c.tag === tags : tags.has(c.tag)) out.push(c);
  return out;
}

/** Value of the first child with this tag, or null when there is none or it is empty. */
export function childValue(node: GedcomNode, tag: string): string | null {
  const c = firstChild(node, tag);
  return c === undefined || c.value === '' ? null : c.value;
}

/** True for the GEDCOM 7 null pointer. */
export function isVoidPointer(pointer: string | null): boolean {
  return pointer === '@VOID@';
}
