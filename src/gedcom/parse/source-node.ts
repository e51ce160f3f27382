import type { GedcomNode } from '../model.js';

/** What a {@link SourceNode} reads its value and children from (record-table.ts). */
export interface NodeRows {
  value(row: number): string;
  children(row: number): GedcomNode[];
}

/**
 * A node of a record's compact tree (record-table.ts): tag, xref, pointer and line are set when
 * the node is made; the value is decoded and the children are made when first read, then kept.
 * `value` and `children` are own enumerable accessors placed between `pointer` and `line`, so the
 * node has the keys of a plain node in the same order: spreading it, `JSON.stringify` and deep
 * equality see what they see on a plain node, and assigning either replaces it as on a plain node.
 */
export class SourceNode implements GedcomNode {
  // declared, not defined as fields: the constructor adds them in the order of a plain node's keys
  declare tag: string;
  declare xref: string | null;
  declare pointer: string | null;
  declare value: string;
  declare children: GedcomNode[];
  declare line: number;
  declare raw?: string;
  #value: string | undefined;
  #children: GedcomNode[] | undefined = undefined;
  readonly #rows: NodeRows;
  readonly #row: number;

  static readonly #VALUE: PropertyDescriptor = {
    get(this: SourceNode): string {
      let v = this.#value;
      if (v === undefined) {
        v = this.#rows.value(this.#row);
        this.#value = v;
      }
      return v;
    },
    set(this: SourceNode, v: string): void {
      this.#value = v;
    },
    enumerable: true,
    configurable: true,
  };

  static readonly #CHILDREN: PropertyDescriptor = {
    get(this: SourceNode): GedcomNode[] {
      let c = this.#children;
      if (c === undefined) {
        c = this.#rows.children(this.#row);
        this.#children = c;
      }
      return c;
    },
    set(this: SourceNode, c: GedcomNode[]): void {
      this.#children = c;
    },
    enumerable: true,
    configurable: true,
  };

  constructor(rows: NodeRows, row: number, tag: string, xref: string | null, pointer: string | null, line: number, value: string | undefined) {
    this.tag = tag;
    this.xref = xref;
    this.pointer = pointer;
    Object.defineProperty(this, 'value', SourceNode.#VALUE);
    Object.defineProperty(this, 'children', SourceNode.#CHILDREN);
    this.line = line;
    this.#value = value;
    this.#rows = rows;
    this.#row = row;
  }
}
