import type { GedcomNode } from '../model.js';
import { childValue } from './node-query.js';

/** A personal NAME structure: `Given /Surname/ Suffix` plus optional parts. */
export class PersonalName {
  constructor(readonly node: GedcomNode) {}

  /** The name as written, slashes included. */
  get value(): string {
    return this.node.value;
  }

  /** Surname: SURN, else the text between slashes. */
  get surname(): string | null {
    const surn = childValue(this.node, 'SURN');
    if (surn !== null) return surn;
    const m = /\/([^/]*)\//.exec(this.node.value);
    return m === null ? null : (m[1] ?? '').trim() || null;
  }

  /** Given names: GIVN, else the text before the surname slashes (or the whole value). */
  get given(): string | null {
    const givn = childValue(this.node, 'GIVN');
    if (givn !== null) return givn;
    const slash = this.node.value.indexOf('/');
    const text = (slash < 0 ? this.node.value : this.node.value.slice(0, slash)).trim();
    return text === '' ? null : text;
  }

  get prefix(): string | null {
    return childValue(this.node, 'NPFX');
  }

  get suffix(): string | null {
    return childValue(this.node, 'NSFX');
  }

  get nickname(): string | null {
    return childValue(this.node, 'NICK');
  }

  get surnamePrefix(): string | null {
    return childValue(this.node, 'SPFX');
  }

  /** NAME.TYPE (birth, married, aka, ...), or null. */
  get type(): string | null {
    return childValue(this.node, 'TYPE');
  }

  /** The name without slashes, spaces collapsed ("John Smith Jr."). */
  get display(): string {
    return this.node.value.replace(/\//g, ' ').replace(/\s+/g, ' ').trim();
  }
}
