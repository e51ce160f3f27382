import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { isVoidPointer } from './node-query.js';

/** A NOTE (5.x record or inline) or SNOTE (7.0 shared note) structure. */
export class Note {
  constructor(
    readonly node: GedcomNode,
    private readonly doc: GedcomDocumentLike,
  ) {}

  /** Pointer to a shared note record, or null for inline text. */
  get pointer(): string | null {
    return this.node.pointer === null || isVoidPointer(this.node.pointer) ? null : this.node.pointer;
  }

  /** The note text: inline text, or the text of the referenced note record ('' when dangling). */
  get text(): string {
    const p = this.pointer;
    if (p === null) return this.node.value;
    return this.doc.byXref(p)?.root.value ?? '';
  }
}
