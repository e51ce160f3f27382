/** Small helpers over GedcomNode trees for the converters (iterative: no recursion depth tied to the input). */

import { createNode, type GedcomNode } from '../model.js';
import { GEDCOM_INPUT_LIMITS } from '../limits.js';

/** A deep copy of a tree, built without recursion. */
export function cloneNode(n: GedcomNode): GedcomNode {
  const copyOf = (m: GedcomNode): GedcomNode => {
    const c: GedcomNode = { tag: m.tag, xref: m.xref, pointer: m.pointer, value: m.value, children: [], line: m.line };
    if (m.raw !== undefined) c.raw = m.raw;
    return c;
  };
  const root = copyOf(n);
  const from: GedcomNode[] = [n];
  const to: GedcomNode[] = [root];
  for (let src = from.pop(); src !== undefined; src = from.pop()) {
    // cast: to is pushed and popped with from, so it holds an entry for every node popped from from
    const dst = to.pop() as GedcomNode;
    for (const ch of src.children) {
      const c = copyOf(ch);
      dst.children.push(c);
      from.push(ch);
      to.push(c);
    }
  }
  return root;
}

export function child(n: GedcomNode, tag: string): GedcomNode | undefined {
  return n.children.find((c) => c.tag === tag);
}

export function node(tag: string, value = '', children: GedcomNode[] = [], pointer: string | null = null): GedcomNode {
  return createNode(tag, value, { children, pointer });
}

/**
 * The tag path of a structure as a linked list (shared by siblings), so converting a tree of depth
 * d costs O(d) memory, not O(d^2) copied arrays.
 */
export interface TagPath {
  readonly tag: string;
  readonly up: TagPath | null;
  /** 0 for a record (level-0 structure). */
  readonly depth: number;
}

export function pathOf(up: TagPath | null, tag: string): TagPath {
  return { tag, up, depth: up === null ? 0 : up.depth + 1 };
}

/** The tags of a path from the record down, at most `keep` of the deepest ones (`…` marks a cut). */
function pathTags(p: TagPath | null, keep = 12): string[] {
  const out: string[] = [];
  let cur = p;
  while (cur !== null && out.length < keep) {
    out.push(cur.tag);
    cur = cur.up;
  }
  if (cur !== null) out.push('…');
  return out.reverse();
}

/** True when a structure with `tag` encloses the path's last structure (or is it). */
export function pathHas(p: TagPath | null, tag: string): boolean {
  for (let cur = p; cur !== null; cur = cur.up) if (cur.tag === tag) return true;
  return false;
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

/** `Array.isArray` does not narrow a readonly array, so this guard does. */
function isTagList(path: readonly string[] | TagPath): path is readonly string[] {
  return Array.isArray(path);
}

/** Conversion findings: every one counted by code, the first `conversionNotesKept` kept in full. */
export class Notes {
  readonly list: ConversionNote[] = [];
  readonly counts = new Map<string, number>();
  add(code: string, path: readonly string[] | TagPath | null, line: number, detail?: string): void {
    this.counts.set(code, (this.counts.get(code) ?? 0) + 1);
    if (this.list.length >= GEDCOM_INPUT_LIMITS.conversionNotesKept) return;
    const tags = path === null ? [] : isTagList(path) ? path : pathTags(path);
    this.list.push({ code, path: tags.join('.'), line, ...(detail !== undefined ? { detail: detail.length > 200 ? detail.slice(0, 200) : detail } : {}) });
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

/**
 * What converting one structure gives: the children lists to convert first (`jobs`, each under its
 * own path), then `finish`, which returns the structures that replace it (none = removed).
 */
export interface ConvertStep {
  readonly jobs: readonly ConvertJob[];
  readonly finish: () => GedcomNode[];
}

/** Convert the children of `owner` in place, each child under `path`. */
export interface ConvertJob {
  readonly owner: GedcomNode;
  readonly path: TagPath | null;
  readonly inExtension: boolean;
}

/**
 * Drive a structure-by-structure conversion over whole trees without recursion. `visit` converts one
 * structure and names the children lists to convert before its `finish` runs; siblings are converted
 * in order, depth first, exactly as the recursive formulation would.
 */
export function convertChildrenIteratively(root: ConvertJob, visit: (n: GedcomNode, path: TagPath | null, inExtension: boolean) => ConvertStep): void {
  interface ChildrenFrame {
    readonly kind: 'children';
    readonly job: ConvertJob;
    readonly list: readonly GedcomNode[];
    i: number;
    readonly out: GedcomNode[];
  }
  interface FinishFrame {
    readonly kind: 'finish';
    readonly finish: () => GedcomNode[];
    readonly into: GedcomNode[];
  }
  const stack: (ChildrenFrame | FinishFrame)[] = [];
  const pushJob = (job: ConvertJob): void => {
    stack.push({ kind: 'children', job, list: job.owner.children, i: 0, out: [] });
  };
  pushJob(root);
  while (stack.length > 0) {
    // cast: the loop runs while the stack is not empty
    const top = stack[stack.length - 1] as ChildrenFrame | FinishFrame;
    if (top.kind === 'finish') {
      stack.pop();
      for (const r of top.finish()) top.into.push(r);
      continue;
    }
    if (top.i >= top.list.length) {
      stack.pop();
      top.job.owner.children = top.out;
      continue;
    }
    // cast: top.i < top.list.length, checked above
    const c = top.list[top.i++] as GedcomNode;
    const step = visit(c, top.job.path, top.job.inExtension);
    stack.push({ kind: 'finish', finish: step.finish, into: top.out });
    // cast: 0 <= j < step.jobs.length
    for (let j = step.jobs.length - 1; j >= 0; j--) pushJob(step.jobs[j] as ConvertJob);
  }
}

/**
 * Lines the reader could not tokenize never reach an output file as they are: each one left in
 * `roots` becomes the documented extension `tag` (its text as the payload), with a finding.
 */
export function keepUnparsedAsExtension(roots: readonly GedcomNode[], tag: string, notes: Notes): void {
  const stack: GedcomNode[] = [...roots];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    if (n.raw !== undefined || n.tag === '') {
      notes.add('MALFORMED_LINE_KEPT', [], n.line, tag);
      n.tag = tag;
      n.value = n.raw ?? n.value;
      n.xref = null;
      n.pointer = null;
      delete n.raw;
    }
    for (const c of n.children) stack.push(c);
  }
}
