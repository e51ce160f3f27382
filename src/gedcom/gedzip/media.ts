import { GEDZIP_DATASET } from '../../contract/gedzip.js';
import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { fileReferenceOf } from './file-path.js';

/** Every FILE payload of a document that names a file of its media, in record order (a record's tree is read once and not kept). */
export function filePayloads(doc: GedcomDocumentLike): string[] {
  const found: string[] = [];
  const visit = (node: GedcomNode): void => {
    if (node.tag === 'FILE' && node.value !== '') found.push(node.value);
    for (const child of node.children) visit(child);
  };
  for (const record of doc.records) {
    const root = record.transientRoot();
    // HEAD.FILE (5.x) names the GEDCOM file itself, not a medium
    if (record.tag === 'HEAD') for (const child of root.children) if (child.tag !== 'FILE') visit(child);
    if (record.tag !== 'HEAD') visit(root);
  }
  return found;
}

/** How a dataset's FILE structures and an archive's members meet; counts only (names are paths, which no result carries). */
export interface GedzipMediaReport {
  /** Files of the archive beside the dataset (folders not counted). */
  readonly members: number;
  /** Distinct member names that FILE structures reference and the archive holds. */
  readonly referencedPresent: number;
  /** Distinct local references the archive does not hold (a FILE that no archive can hold counts here too). */
  readonly referencedMissing: number;
  /** Members that no FILE structure references. */
  readonly unreferenced: number;
  /** FILE structures that name a file outside the archive (a URL with a scheme: https, file...). */
  readonly external: number;
}

/** The members of `memberNames` (every file entry of the archive) that `payloads` reference, and the report of both. */
export function gedzipMedia(
  payloads: readonly string[],
  memberNames: readonly string[],
): { readonly referenced: readonly string[]; readonly report: GedzipMediaReport } {
  const members = new Set(memberNames.filter((name) => name !== GEDZIP_DATASET));
  const present = new Set<string>();
  const missing = new Set<string>();
  let external = 0;
  for (const payload of payloads) {
    const reference = fileReferenceOf(payload);
    if (reference.kind === 'external') external++;
    else if (reference.kind === 'member' && members.has(reference.name)) present.add(reference.name);
    else missing.add(reference.kind === 'member' ? reference.name : `\u0000${payload}`);
  }
  return {
    referenced: [...present],
    report: { members: members.size, referencedPresent: present.size, referencedMissing: missing.size, unreferenced: members.size - present.size, external },
  };
}

/**
 * Rewrites the FILE payloads for which `rename` answers a new one (HEAD.FILE aside); a record whose
 * tree changed is written canonically. Returns how many FILE structures changed.
 */
export function rewriteFilePayloads(doc: GedcomDocumentLike, rename: (payload: string) => string | null): number {
  let changed = 0;
  const names = (node: GedcomNode): boolean => (node.tag === 'FILE' && rename(node.value) !== null) || node.children.some(names);
  const apply = (node: GedcomNode): void => {
    const next = node.tag === 'FILE' ? rename(node.value) : null;
    if (next !== null) {
      node.value = next;
      changed++;
    }
    node.children.forEach(apply);
  };
  for (const record of doc.records) {
    if (record.tag === 'HEAD' || !names(record.transientRoot())) continue;
    apply(record.root);
    record.markEdited();
  }
  return changed;
}
