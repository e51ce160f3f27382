import type { GedcomNode } from '../model.js';
import { childValue } from './node-query.js';

/** A SUBM record: who contributed the data. */
export class Submitter {
  constructor(readonly node: GedcomNode) {}

  get xref(): string | null {
    return this.node.xref;
  }

  get name(): string | null {
    return childValue(this.node, 'NAME');
  }
}
