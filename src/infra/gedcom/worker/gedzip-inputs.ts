import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { GEDCOM_LIMITS } from '../../../contract/limits.js';
import { filePayloads, gedzipMedia, writeOutputChunks, type CarriedMember, type GedcomDocumentLike, type WorkMonitor } from '../../../gedcom/index.js';
import type { ArtifactFile, WrittenOutput } from '../../artifacts/file-artifact-registry.js';
import { isZipFile } from '../../gedzip/gedzip-files.js';
import { GedzipArchive } from '../../gedzip/gedzip-reader.js';
import { writeGedzip, type CopiedMember } from '../../gedzip/gedzip-writer.js';
import { TaskFailure } from './task-failure.js';

/** A GEDZIP input of a task: the archive, checked and open, and its dataset's bytes. */
export interface GedzipInput {
  readonly archive: GedzipArchive;
  readonly dataset: Buffer;
}

async function startsLikeZip(path: string): Promise<boolean> {
  try {
    return await isZipFile(path);
  } catch (error) {
    throw new TaskFailure('ARTIFACT_GRANT_INVALID', error);
  }
}

/** The whole file hashed as a stream: an archive is read where its entries lie, so it is verified against its grant first. */
async function verify(file: ArtifactFile): Promise<void> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file.path)) {
    // cast: a file read stream without an encoding yields Buffers
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    hash.update(buffer);
  }
  if (bytes !== file.bytes || hash.digest('hex') !== file.sha256) throw new TaskFailure('INTERNAL_FAILURE');
}

/**
 * Opens every input that is a zip archive (recognised by its bytes, whatever its name) as a
 * GEDZIP: verified against its grant's digest, its directory checked, its dataset read (stage
 * 'read'). A refused archive closes the ones already open and fails the task with its code.
 */
export async function openGedzipInputs(files: readonly ArtifactFile[], monitor: WorkMonitor): Promise<(GedzipInput | null)[]> {
  const opened: (GedzipInput | null)[] = [];
  try {
    for (const file of files) {
      if (!(await startsLikeZip(file.path))) {
        opened.push(null);
        continue;
      }
      await verify(file);
      const archive = await GedzipArchive.open(file.path);
      try {
        let done = 0;
        const dataset = await archive.readDataset((n) => monitor.step('read', (done += n), archive.datasetBytes));
        opened.push({ archive, dataset });
      } catch (error) {
        archive.close();
        throw error;
      }
    }
  } catch (error) {
    closeGedzipInputs(opened);
    throw error;
  }
  return opened;
}

export function closeGedzipInputs(inputs: readonly (GedzipInput | null)[]): void {
  for (const input of inputs) input?.archive.close();
}

/**
 * Writes `doc` as a GEDZIP to `path`: its dataset, and every member its FILE structures reference,
 * taken from the first input archive that holds it (input order: a merge's left before its right),
 * or from where `carried` says for a member the runner renamed (a merge's name clash).
 */
export async function writeGedzipOutput(
  path: string,
  doc: GedcomDocumentLike,
  inputs: readonly (GedzipInput | null)[],
  carried: readonly CarriedMember[],
  monitor: WorkMonitor,
): Promise<WrittenOutput> {
  const archives = inputs.flatMap((input) => (input === null ? [] : [input.archive]));
  const renamed = new Map(carried.map((c) => [c.name, c]));
  const names = [...new Set([...archives.flatMap((archive) => archive.memberNames()), ...renamed.keys()])];
  const { referenced } = gedzipMedia(filePayloads(doc), names);
  const members: CopiedMember[] = referenced.flatMap((name) => {
    const moved = renamed.get(name);
    if (moved !== undefined) {
      const archive = inputs[moved.input]?.archive;
      const member = archive?.member(moved.member);
      return archive === undefined || member === undefined ? [] : [{ archive, member, name }];
    }
    for (const archive of archives) {
      const member = archive.member(name);
      if (member !== undefined) return [{ archive, member }];
    }
    return [];
  });
  try {
    return await writeGedzip(path, writeOutputChunks(doc, monitor), members, GEDCOM_LIMITS.maxArtifactBytes);
  } catch (error) {
    if (error instanceof RangeError) throw new TaskFailure('GEDCOM_RESOURCE_LIMIT', error);
    throw error;
  }
}
