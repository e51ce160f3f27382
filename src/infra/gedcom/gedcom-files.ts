import { open, type FileHandle } from 'node:fs/promises';
import { parseGedcom, writeGedcomChunks, type GedcomDocument, type GedcomDocumentLike, type ParseOptions, type WriteOptions, type WriteReport } from '../../gedcom/index.js';

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
export async function writeGedcomFile(doc: GedcomDocumentLike, path: string, options: WriteOptions = {}, report?: WriteReport): Promise<void> {
  const handle = await open(path, 'w');
  try {
    for (const chunk of writeGedcomChunks(doc, options, report)) await handle.write(chunk);
  } finally {
    await handle.close();
  }
}
