import type { GedcomNode } from '../model.js';
import { childValue, firstChild } from './node-query.js';

/** A REPO record: an archive or library holding sources. */
export class Repository {
  constructor(readonly node: GedcomNode) {}

  get xref(): string | null {
    return this.node.xref;
  }

  get name(): string | null {
    return childValue(this.node, 'NAME');
  }

  /** ADDR as one text (its CONT lines joined with newlines) plus CITY/CTRY when present. */
  get address(): { text: string; city: string | null; country: string | null } | null {
    const addr = firstChild(this.node, 'ADDR');
    if (addr === undefined) return null;
    return { text: addr.value, city: childValue(addr, 'CITY'), country: childValue(addr, 'CTRY') };
  }
}
