import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { childValue, isVoidPointer } from './node-query.js';
import { Source } from './source.js';

/** A SOUR citation under a fact: a pointer to a source record (or 5.x inline source text). */
export class SourceCitation {
  constructor(
    readonly node: GedcomNode,
    private readonly doc: GedcomDocumentLike,
  ) {}

  /** Pointer to the SOUR record, or null for an inline (5.x) citation or `@VOID@`. */
  get pointer(): string | null {
    return this.node.pointer === null || isVoidPointer(this.node.pointer) ? null : this.node.pointer;
  }

  /** Inline source text (5.x `SOUR text`), or null. */
  get inlineText(): string | null {
    return this.node.pointer === null && this.node.value !== '' ? this.node.value : null;
  }

  /** PAGE: where in the source. */
  get page(): string | null {
    return childValue(this.node, 'PAGE');
  }

  /** QUAY certainty 0-3 as written. */
  get quality(): string | null {
    return childValue(this.node, 'QUAY');
  }

  /** The cited source record, or null when absent or dangling. */
  source(): Source | null {
    const p = this.pointer;
    const rec = p === null ? undefined : this.doc.byXref(p);
    return rec === undefined ? null : new Source(rec.root, this.doc);
  }
}
