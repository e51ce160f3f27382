import type { GedcomNode } from '../model.js';
import { childValue, childrenWith, firstChild } from './node-query.js';

export interface MediaFile {
  /** FILE as written (5.x path or 7.0 URL). */
  readonly path: string;
  /** FORM (5.x format or 7.0 media type). */
  readonly form: string | null;
  readonly title: string | null;
}

/** An OBJE record (or inline 5.x OBJE structure). */
export class Media {
  constructor(readonly node: GedcomNode) {}

  get xref(): string | null {
    return this.node.xref;
  }

  files(): MediaFile[] {
    return childrenWith(this.node, 'FILE').map((f) => ({
      path: f.value,
      form: childValue(f, 'FORM') ?? childValue(this.node, 'FORM'),
      title: childValue(f, 'TITL') ?? childValue(this.node, 'TITL'),
    }));
  }

  /** Title: FILE.TITL (7.0) or OBJE.TITL (5.x). */
  get title(): string | null {
    const file = firstChild(this.node, 'FILE');
    return (file === undefined ? null : childValue(file, 'TITL')) ?? childValue(this.node, 'TITL');
  }
}
