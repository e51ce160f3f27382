// An individual and a family point at each other (FAMS/FAMC one way, HUSB/WIFE/CHIL the other),
// so their two views live in one module.
import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { childValue, childrenWith, firstChild, isVoidPointer } from './node-query.js';
import { FAMILY_EVENT_TAGS, GedcomEvent, INDIVIDUAL_EVENT_TAGS, NOTE_TAGS } from './event.js';
import { PersonalName } from './name.js';
import { SourceCitation } from './citation.js';
import { Note } from './note.js';
import { Media } from './media.js';

/** Membership of a person in a family as a child (FAMC) with its pedigree. */
export interface ChildLink {
  readonly family: Family;
  /** PEDI (birth, adopted, foster, sealing, OTHER ...) as written, or null. */
  readonly pedigree: string | null;
}

/** An INDI record. */
export class Individual {
  constructor(
    readonly node: GedcomNode,
    private readonly doc: GedcomDocumentLike,
  ) {}

  get xref(): string | null {
    return this.node.xref;
  }

  names(): PersonalName[] {
    return childrenWith(this.node, 'NAME').map((n) => new PersonalName(n));
  }

  /** The first NAME, or null. */
  get name(): PersonalName | null {
    const n = firstChild(this.node, 'NAME');
    return n === undefined ? null : new PersonalName(n);
  }

  /** SEX as written (M, F, X, U), or null. */
  get sex(): string | null {
    return childValue(this.node, 'SEX');
  }

  events(): GedcomEvent[] {
    return childrenWith(this.node, INDIVIDUAL_EVENT_TAGS).map((e) => new GedcomEvent(e, this.doc));
  }

  private event(tag: string): GedcomEvent | null {
    const e = firstChild(this.node, tag);
    return e === undefined ? null : new GedcomEvent(e, this.doc);
  }

  get birth(): GedcomEvent | null {
    return this.event('BIRT');
  }

  get death(): GedcomEvent | null {
    return this.event('DEAT');
  }

  /** Families where this person is a partner (FAMS), resolving pointers. */
  familiesAsSpouse(): Family[] {
    const out: Family[] = [];
    for (const f of childrenWith(this.node, 'FAMS')) {
      const rec = f.pointer === null || isVoidPointer(f.pointer) ? undefined : this.doc.byXref(f.pointer);
      if (rec !== undefined) out.push(new Family(rec.root, this.doc));
    }
    return out;
  }

  /** Families where this person is a child (FAMC) with their pedigree. */
  familiesAsChild(): ChildLink[] {
    const out: ChildLink[] = [];
    for (const f of childrenWith(this.node, 'FAMC')) {
      const rec = f.pointer === null || isVoidPointer(f.pointer) ? undefined : this.doc.byXref(f.pointer);
      if (rec !== undefined) out.push({ family: new Family(rec.root, this.doc), pedigree: childValue(f, 'PEDI') });
    }
    return out;
  }

  citations(): SourceCitation[] {
    return childrenWith(this.node, 'SOUR').map((s) => new SourceCitation(s, this.doc));
  }

  notes(): Note[] {
    return childrenWith(this.node, NOTE_TAGS).map((n) => new Note(n, this.doc));
  }

  /** Media links (OBJE pointers resolved, inline 5.x OBJE structures as they are). */
  media(): Media[] {
    const out: Media[] = [];
    for (const o of childrenWith(this.node, 'OBJE')) {
      if (o.pointer === null) out.push(new Media(o));
      else if (!isVoidPointer(o.pointer)) {
        const rec = this.doc.byXref(o.pointer);
        if (rec !== undefined) out.push(new Media(rec.root));
      }
    }
    return out;
  }
}

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
