/** Small helpers over GedcomNode trees for the converters. */

import { createNode, type GedcomNode } from '../model.js';

export function cloneNode(n: GedcomNode): GedcomNode {
  const c: GedcomNode = {
    tag: n.tag,
    xref: n.xref,
    pointer: n.pointer,
    value: n.value,
    children: n.children.map(cloneNode),
    line: n.line,
  };
  if (n.raw !== undefined) c.raw = n.raw;
  return c;
}

export function child(n: GedcomNode, tag: string): GedcomNode | undefined {
  return n.children.find((c) => c.tag === tag);
}

export function node(tag: string, value = '', children: GedcomNode[] = [], pointer: string | null = null): GedcomNode {
  return createNode(tag, value, { children, pointer });
}

/** One thing the conversion changed, removed or could not express. */
export interface ConversionNote {
  /** Stable code, e.g. `REMOVED_SUBN`, `DANGLING_POINTER`, `EXTENSION_KEPT`. */
  readonly code: string;
  /** Tag path of the structure (`INDI.BIRT.DATE`). */
  readonly path: string;
  /** Source line number, 0 when unknown. */
  readonly line: number;
  readonly detail?: string;
}

export class Notes {
  readonly list: ConversionNote[] = [];
  add(code: string, path: readonly string[], line: number, detail?: string): void {
    this.list.push({ code, path: path.join('.'), line, ...(detail !== undefined ? { detail } : {}) });
  }
}

/** Fresh `@X<n>@` identifiers that do not collide with `taken`. */
export class XrefFactory {
  private n = 0;
  constructor(private readonly taken: Set<string>) {}
  next(): string {
    for (;;) {
      this.n++;
      const x = `@X${this.n}@`;
      if (!this.taken.has(x)) {
        this.taken.add(x);
        return x;
      }
    }
  }
}
