import { createReadStream } from 'node:fs';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import {
  parseGedcom,
  writeGedcomChunks,
  type GedcomDocument,
  type GedcomDocumentLike,
  type ParseOptions,
  type WriteOptions,
  type WriteReport,
} from '../../gedcom/index.js';

/** Bytes read from the file per chunk. */
const READ_CHUNK_BYTES = 1 << 20;

/** Parses a file: its bytes are read in chunks into one buffer of the file's exact size, then handed to the engine. */
export async function parseGedcomFile(path: string, options: ParseOptions & { onProgress?: (bytes: number) => void } = {}): Promise<GedcomDocument> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    return await parseGedcom(chunksOf(handle, size), { ...options, sizeHint: size });
  } finally {
    await handle.close();
  }
}

async function* chunksOf(handle: FileHandle, size: number): AsyncGenerator<Uint8Array> {
  let position = 0;
  while (position < size) {
    const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK_BYTES, size - position));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** Writes a document to a file, chunk by chunk as the engine produces them. */
async function writeGedcomFile(doc: GedcomDocumentLike, path: string, options: WriteOptions = {}, report?: WriteReport): Promise<void> {
  const handle = await open(path, 'w');
  try {
    for (const chunk of writeGedcomChunks(doc, options, report)) await handle.write(chunk);
  } finally {
    await handle.close();
  }
}

/** The size of a regular file; a folder or a device is refused like a missing file would be (code EISDIR). */
export async function gedcomFileSize(path: string): Promise<number> {
  const found = await stat(path);
  if (!found.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'EISDIR' });
  return found.size;
}

/** Whether anything exists at `path`. */
export function fileExists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The file's bytes as a stream of 1 MiB chunks, for the engine's streaming readers (inspect). */
export function gedcomFileChunks(path: string): AsyncIterable<Uint8Array> {
  return createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });
}

/** Writes a document under a temporary name beside `path`, then renames it into place: `path` is never left half written. */
export async function writeGedcomFileAtomically(doc: GedcomDocumentLike, path: string): Promise<void> {
  const temporary = `${path}.tmp-${process.pid}`;
  try {
    await writeGedcomFile(doc, temporary);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
