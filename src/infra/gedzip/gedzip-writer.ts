import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { GEDZIP_DATASET } from '../../contract/gedzip.js';
import type { GedzipArchive, GedzipMember } from './gedzip-reader.js';

/** A member to copy into the new archive: its entry in an open input archive. */
export interface CopiedMember {
  readonly archive: GedzipArchive;
  readonly member: GedzipMember;
}

/** What the writer measured of the archive it wrote. */
export interface WrittenArchive {
  readonly bytes: number;
  readonly sha256: string;
}

const DEFLATED = 8;
/** The DOS epoch: the dataset's modification time, so that equal inputs give equal archives. */
const DATASET_MTIME = new Date(1980, 0, 1);

/**
 * Writes a GEDZIP archive to `path` (created, never replaced): the dataset as `gedcom.ged`, deflated,
 * from the engine's chunks, then each member's content copied byte for byte from its input archive
 * (stored or deflated as it was there, with its time). Everything is streamed: one chunk of the
 * dataset or of one member is in memory at a time. The file is synced; any failure removes it.
 */
export async function writeGedzip(path: string, dataset: Iterable<Uint8Array>, members: readonly CopiedMember[], maxBytes: number): Promise<WrittenArchive> {
  const zip = new yazl.ZipFile();
  // cast: yazl's outputStream is a PassThrough (a Readable), typed as the older stream interface
  const output = zip.outputStream as Readable;
  // a source that fails (a cancel inside the engine's writer, a damaged member) ends the output with its error
  const fail = (error: unknown): void => {
    output.destroy(error instanceof Error ? error : new Error('a source of the archive failed'));
  };
  const source = Readable.from(dataset, { objectMode: false });
  source.on('error', fail);
  zip.addReadStream(source, GEDZIP_DATASET, { compress: true, mtime: DATASET_MTIME });
  for (const { archive, member } of members) {
    zip.addReadStreamLazy(member.name, { compress: member.entry.compressionMethod === DEFLATED, mtime: member.entry.getLastModDate() }, (give) => {
      archive.stream(member).then(
        (stream) => {
          stream.on('error', fail);
          give(null, stream);
        },
        (error: unknown) => {
          fail(error);
          give(error, Readable.from([]));
        },
      );
    });
  }
  zip.end();
  const handle = await open(path, 'wx', 0o600);
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of output) {
      // cast: yazl's output stream yields Buffers
      const buffer = chunk as Buffer;
      bytes += buffer.length;
      if (bytes > maxBytes) throw new RangeError('the archive exceeds the largest artifact');
      hash.update(buffer);
      await handle.write(buffer);
    }
    await handle.sync();
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
  return { bytes, sha256: hash.digest('hex') };
}
