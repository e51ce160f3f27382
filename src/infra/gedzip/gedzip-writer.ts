import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { GEDZIP_DATASET } from '../../contract/gedzip.js';
import type { GedzipArchive, GedzipMember } from './gedzip-reader.js';
import type { LocalMedium } from './local-media.js';

/** A member to copy into the new archive: its entry in an open input archive, and its name there when not the input's. */
export interface CopiedMember {
  readonly archive: GedzipArchive;
  readonly member: GedzipMember;
  readonly name?: string;
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
 * (stored or deflated as it was there, with its time), then each local file of `files` (stored). Everything is streamed: one chunk of the
 * dataset or of one member is in memory at a time. The file is synced; any failure removes it.
 */
export async function writeGedzip(
  path: string,
  dataset: Iterable<Uint8Array>,
  members: readonly CopiedMember[],
  maxBytes: number,
  files: readonly LocalMedium[] = [],
): Promise<WrittenArchive> {
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
  for (const { archive, member, name } of members) {
    zip.addReadStreamLazy(name ?? member.name, { compress: member.entry.compressionMethod === DEFLATED, mtime: member.entry.getLastModDate() }, (give) => {
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
  for (const file of files) zip.addReadStreamLazy(file.name, { compress: false }, (give) => give(null, createReadStream(file.path).on('error', fail)));
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
