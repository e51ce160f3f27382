import { GrowInt32 } from './growable.js';

/**
 * Every xref an index meets while it is built (record definitions and pointer values), as small
 * integers in order of first sight, with what the index needs of each: the person and family
 * numbers of its first INDI / FAM definition, how many records define it, how often a pointer
 * names it and when it was first defined. Lives only while the index is built.
 */
export class XrefTable {
  private readonly ids = new Map<string, number>();
  readonly xrefs: string[] = [];
  readonly person = new GrowInt32(1024);
  readonly family = new GrowInt32(1024);
  readonly definitions = new GrowInt32(1024);
  readonly pointers = new GrowInt32(1024);
  /** Sequence number of the first record defining the xref; -1 when none does. */
  readonly firstDefined = new GrowInt32(1024);
  /** Sequence number of the first pointer naming the xref (in file order); -1 when none does. */
  readonly firstPointed = new GrowInt32(1024);
  private pointed = 0;

  id(xref: string): number {
    const hit = this.ids.get(xref);
    if (hit !== undefined) return hit;
    const id = this.xrefs.length;
    this.ids.set(xref, id);
    this.xrefs.push(xref);
    this.person.push(-1);
    this.family.push(-1);
    this.definitions.push(0);
    this.pointers.push(0);
    this.firstDefined.push(-1);
    this.firstPointed.push(-1);
    return id;
  }

  define(xref: string, sequence: number): number {
    const id = this.id(xref);
    if (this.definitions.get(id) === 0) this.firstDefined.set(id, sequence);
    this.definitions.set(id, this.definitions.get(id) + 1);
    return id;
  }

  /** A pointer line naming `xref`; called in file order. */
  point(xref: string): void {
    this.pointAt(this.id(xref));
  }

  /** A pointer line naming the xref of id `id`; called in file order. */
  pointAt(id: number): void {
    if (this.pointers.get(id) === 0) this.firstPointed.set(id, this.pointed);
    this.pointed++;
    this.pointers.set(id, this.pointers.get(id) + 1);
  }

  get size(): number {
    return this.xrefs.length;
  }
}
