import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { childValue, childrenWith, isVoidPointer } from './node-query.js';
import { Repository } from './repository.js';

/** A SOUR record. */
export class Source {
  constructor(
    readonly node: GedcomNode,
    private readonly doc: GedcomDocumentLike,
  ) {}

  get xref(): string | null {
    return this.node.xref;
  }

  get title(): string | null {
    return childValue(this.node, 'TITL');
  }

  get author(): string | null {
    return childValue(this.node, 'AUTH');
  }

  get publication(): string | null {
    return childValue(this.node, 'PUBL');
  }

  get abbreviation(): string | null {
    return childValue(this.node, 'ABBR');
  }

  /** TEXT: verbatim text from the source. */
  get text(): string | null {
    return childValue(this.node, 'TEXT');
  }

  /** Repositories this source is held in (REPO pointers that resolve). */
  repositories(): Repository[] {
    const out: Repository[] = [];
    for (const r of childrenWith(this.node, 'REPO')) {
      if (r.pointer === null || isVoidPointer(r.pointer)) continue;
      const rec = this.doc.byXref(r.pointer);
      if (rec !== undefined) out.push(new Repository(rec.root));
    }
    return out;
  }
}
