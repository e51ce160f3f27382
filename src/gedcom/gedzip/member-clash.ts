import { GEDZIP_DATASET } from '../../contract/gedzip.js';
import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { fileReferenceOf } from './file-path.js';

/** What the engine knows of an archive's file: its name and what identifies its content. */
export interface GedzipMemberFacts {
  readonly name: string;
  readonly bytes: number;
  readonly crc32: number;
}

/** A member of the output archive taken from an input under another name (a clash resolved by renaming). */
export interface CarriedMember {
  /** The name in the output archive, which the output dataset's FILE structures use. */
  readonly name: string;
  /** Index of the input (in the operation's input order) whose archive holds it. */
  readonly input: number;
  /** Its name in that archive. */
  readonly member: string;
}

/** `media/photo.jpg` -> `media/photo-2.jpg`: a suffix before the last segment's extension (applied alike to a name and to its percent-encoded payload). */
function suffixed(path: string, n: number): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? `${path.slice(0, dot)}-${n}${path.slice(dot)}` : `${path}-${n}`;
}

/**
 * Two archives merged: a name both hold with different content (size or CRC-32) would lose one
 * side's file. The right side's file is carried under a new name, unused in either archive
 * (`-2`, `-3`... before the extension), and the right document's FILE structures that name it are
 * rewritten to the new name (their records are then written canonically). Returns the renamed
 * members; the same content under the same name is one file, carried once.
 */
export function resolveMemberClashes(
  left: readonly GedzipMemberFacts[],
  right: readonly GedzipMemberFacts[],
  rightDoc: GedcomDocumentLike,
  rightInput: number,
): CarriedMember[] {
  const leftByName = new Map(left.map((m) => [m.name, m]));
  const taken = new Set([...left.map((m) => m.name), ...right.map((m) => m.name)]);
  const renames = new Map<string, number>();
  for (const member of right) {
    const other = leftByName.get(member.name);
    // each side's dataset is the merge's input, not a file the output carries
    if (member.name === GEDZIP_DATASET || other === undefined || (other.bytes === member.bytes && other.crc32 === member.crc32)) continue;
    let n = 2;
    while (taken.has(suffixed(member.name, n))) n++;
    taken.add(suffixed(member.name, n));
    renames.set(member.name, n);
  }
  if (renames.size === 0) return [];
  const renamed = (node: GedcomNode): number | undefined => {
    if (node.tag !== 'FILE') return undefined;
    const reference = fileReferenceOf(node.value);
    return reference.kind === 'member' ? renames.get(reference.name) : undefined;
  };
  const names = (node: GedcomNode): boolean => renamed(node) !== undefined || node.children.some(names);
  const rename = (node: GedcomNode): void => {
    const n = renamed(node);
    if (n !== undefined) node.value = suffixed(node.value, n);
    node.children.forEach(rename);
  };
  // a record's tree is kept (and the record written canonically) only when it names a renamed member
  for (const record of rightDoc.records) {
    if (record.tag === 'HEAD' || !names(record.transientRoot())) continue;
    rename(record.root);
    record.markEdited();
  }
  return [...renames].map(([member, n]) => ({ name: suffixed(member, n), input: rightInput, member }));
}
