import type { GedcomDocumentLike } from '../model.js';

class XrefAllocator {
  private readonly counters = new Map<string, number>();
  constructor(private readonly used: Set<string>) {}
  /** A fresh xref with the same letter prefix as `old`. */
  fresh(old: string): string {
    const prefix = (/^@([A-Za-z_]*)/.exec(old)?.[1] ?? '') || 'X';
    let n = this.counters.get(prefix) ?? 1;
    let candidate = `@${prefix}${n}@`;
    while (this.used.has(candidate)) candidate = `@${prefix}${++n}@`;
    this.counters.set(prefix, n + 1);
    this.used.add(candidate);
    return candidate;
  }
  claim(x: string): boolean {
    if (this.used.has(x)) return false;
    this.used.add(x);
    return true;
  }
}

/**
 * Where each right-side xref goes in the merged output: the left record it merged into or equals,
 * itself when free, or a fresh xref (counted in `remapped`) so it never collides with a left one.
 */
export class OutputXrefs {
  /** Right xref -> output xref. */
  readonly map = new Map<string, string>();
  remapped = 0;
  private sealed = false;
  private readonly used = new Set<string>();
  private readonly allocator = new XrefAllocator(this.used);

  /** Xrefs more than one left record defines. */
  readonly leftDuplicated = new Set<string>();

  constructor(left: GedcomDocumentLike) {
    const used = this.used;
    for (const r of left.records) {
      const x = r.xref;
      if (x === null) continue;
      const size = used.size;
      used.add(x);
      if (used.size === size) this.leftDuplicated.add(x);
    }
  }

  /** A right record's xref: kept when no left record uses it, else a fresh one. */
  place(x: string): void {
    if (this.allocator.claim(x)) this.map.set(x, x);
    else {
      this.map.set(x, this.allocator.fresh(x));
      this.remapped++;
    }
  }

  /**
   * Every xref is settled (applyMerge settles them all before the output is written): the xrefs in
   * use are no longer needed, and are let go before the writing builds its trees.
   */
  seal(): void {
    this.sealed = true;
    this.used.clear();
    this.leftDuplicated.clear();
  }

  /** The output xref of `x`; a pointer the right file does not define stays dangling, but never onto a left record. */
  readonly remap = (x: string): string => {
    const m = this.map.get(x);
    if (m !== undefined) return m;
    if (this.sealed) throw new Error('an xref met after every xref was settled');
    const fresh = this.used.has(x) ? this.allocator.fresh(x) : x;
    if (fresh !== x) this.remapped++;
    this.map.set(x, fresh);
    return fresh;
  };

  /** The output xref of `x`, settled before (see applyMerge). */
  readonly settled = (x: string): string => this.map.get(x) ?? this.remap(x);
}
