import { open, rename, unlink } from 'node:fs/promises';
import { GEDZIP_DATASET } from '../../contract/gedzip.js';
import { GEDCOM_LIMITS } from '../../contract/limits.js';
import { isZipArchive } from '../../gedcom/boundary.js';
import { writeGedcomChunks, type GedcomDocumentLike } from '../../gedcom/index.js';
import type { GedzipArchive } from './gedzip-reader.js';
import { writeGedzip, type CopiedMember } from './gedzip-writer.js';
import type { LocalMedium } from './local-media.js';

/** Whether the file at `path` starts like a zip archive (a GEDZIP is recognised by its bytes, whatever its name). */
export async function isZipFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return isZipArchive(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** Every file of `archive` beside its dataset, to be copied into an archive written from it. */
export function mediaMembers(archive: GedzipArchive): CopiedMember[] {
  return archive.memberNames().flatMap((name) => {
    const member = name === GEDZIP_DATASET ? undefined : archive.member(name);
    return member === undefined ? [] : [{ archive, member }];
  });
}

/** Writes `doc` and `members` as a GEDZIP under a temporary name beside `path`, then renames it into place: `path` is never left half written. */
export async function writeGedzipFileAtomically(
  doc: GedcomDocumentLike,
  members: readonly CopiedMember[],
  path: string,
  files: readonly LocalMedium[] = [],
): Promise<void> {
  const temporary = `${path}.tmp-${process.pid}`;
  try {
    await writeGedzip(temporary, writeGedcomChunks(doc), members, GEDCOM_LIMITS.maxArtifactBytes, files);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
