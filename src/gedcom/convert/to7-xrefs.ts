/** Identifiers in a 5.5 / 5.5.1 -> 7.0 conversion: which xrefs 7.0 can spell, renames, fresh ones, duplicates. */

import type { GedcomNode } from '../model.js';
import { XrefFactory } from './tree.js';
import type { Notes } from './tree.js';

export const VALID_XREF_7 = /^@[A-Z0-9_]+@$/;

/**
 * The xrefs of the output: every record xref 7.0 cannot spell (or `@VOID@`) gets a fresh `@X<n>@`,
 * SUBN records (removed in 7.0) are set apart, and a record whose xref was already written gets a
 * fresh one so pointers keep reaching the first.
 */
export class XrefPlan {
  /** Source xref -> output xref (the first record of each xref). */
  readonly rename = new Map<string, string>();
  /** Xrefs of SUBN records, which 7.0 removes (HEAD.SUBM pointers to them are dropped). */
  readonly subn = new Set<string>();
  readonly factory: XrefFactory;
  private readonly written = new Set<string>();

  constructor(input: readonly GedcomNode[]) {
    const defined = new Set<string>();
    for (const r of input) if (r.xref) defined.add(r.xref);
    this.factory = new XrefFactory(new Set<string>([...defined].filter((x) => VALID_XREF_7.test(x))));
    for (const r of input) {
      if (!r.xref) continue;
      if (r.tag === 'SUBN') {
        this.subn.add(r.xref);
        continue;
      }
      if (this.rename.has(r.xref)) continue;
      this.rename.set(r.xref, VALID_XREF_7.test(r.xref) && r.xref !== '@VOID@' ? r.xref : this.factory.next());
    }
  }

  /** A fresh identifier for a record the conversion creates. */
  next(): string {
    return this.factory.next();
  }

  /** Give record `r` its output xref; a second record with the same identifier gets a fresh one. */
  settleRecord(r: GedcomNode, notes: Notes): void {
    if (!r.xref) return;
    const x = this.rename.get(r.xref) ?? r.xref;
    if (this.written.has(x)) {
      // a second record with the same identifier: pointers keep reaching the first one
      r.xref = this.factory.next();
      notes.add('DUPLICATE_XREF_RENAMED', [r.tag], r.line, x);
    } else r.xref = x;
    this.written.add(r.xref);
  }
}
