import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { childrenWith, firstChild, isVoidPointer } from './node-query.js';
import { FAMILY_EVENT_TAGS, GedcomEvent, NOTE_TAGS } from './event.js';
import { SourceCitation } from './citation.js';
import { Note } from './note.js';
import { Individual } from './individual.js';

/** A FAM record. */
export class Family {
  constructor(
    readonly node: GedcomNode,
    private readonly doc: GedcomDocumentLike,
  ) {}

  get xref(): string | null {
    return this.node.xref;
  }

  private person(tag: string): Individual | null {
    const p = firstChild(this.node, tag)?.pointer ?? null;
    if (p === null || isVoidPointer(p)) return null;
    const rec = this.doc.byXref(p);
    return rec === undefined ? null : new Individual(rec.root, this.doc);
  }

  /** HUSB (a partner; 7.0 gives no gender meaning to the tag). */
  get husband(): Individual | null {
    return this.person('HUSB');
  }

  /** WIFE (a partner). */
  get wife(): Individual | null {
    return this.person('WIFE');
  }

  /** Children in file order; null marks a `@VOID@` placeholder or a dangling pointer. */
  children(): (Individual | null)[] {
    return childrenWith(this.node, 'CHIL').map((c) => {
      if (c.pointer === null || isVoidPointer(c.pointer)) return null;
      const rec = this.doc.byXref(c.pointer);
      return rec === undefined ? null : new Individual(rec.root, this.doc);
    });
  }

  events(): GedcomEvent[] {
    return childrenWith(this.node, FAMILY_EVENT_TAGS).map((e) => new GedcomEvent(e, this.doc));
  }

  get marriage(): GedcomEvent | null {
    const m = firstChild(this.node, 'MARR');
    return m === undefined ? null : new GedcomEvent(m, this.doc);
  }

  citations(): SourceCitation[] {
    return childrenWith(this.node, 'SOUR').map((s) => new SourceCitation(s, this.doc));
  }

  notes(): Note[] {
    return childrenWith(this.node, NOTE_TAGS).map((n) => new Note(n, this.doc));
  }
}
