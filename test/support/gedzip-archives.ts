import yazl from 'yazl';
import { GedzipArchive } from '../../src/infra/gedzip/gedzip-reader.js';

/** One entry of an archive built for a test. */
export interface ArchiveEntry {
  readonly name: string;
  readonly data: Buffer;
  readonly compress?: boolean;
  /** Unix mode with its file type bits (0o120777 marks a symbolic link). */
  readonly mode?: number;
}

/** A zip archive built in memory with yazl (a GEDZIP when one entry is `gedcom.ged`). */
export async function buildZip(entries: readonly ArchiveEntry[], options: { readonly zip64?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries)
    zip.addBuffer(e.data, e.name, {
      compress: e.compress ?? true,
      mtime: new Date(2020, 0, 1),
      forceZip64Format: options.zip64 ?? false,
      ...(e.mode === undefined ? {} : { mode: e.mode }),
    });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Replaces every occurrence of an entry name's bytes by others of the same length (local header and central directory alike). */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  const a = Buffer.from(from);
  const b = Buffer.from(to);
  if (a.length !== b.length) throw new Error('same length only');
  const out = Buffer.from(zip);
  for (let at = out.indexOf(a); at !== -1; at = out.indexOf(a, at + 1)) b.copy(out, at);
  return out;
}

const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Offsets of every central-directory header and local header. */
function headers(zip: Buffer, signature: number): number[] {
  const found: number[] = [];
  for (let at = 0; at + 4 <= zip.length; at++) if (zip.readUInt32LE(at) === signature) found.push(at);
  return found;
}

/** Sets a field of the central-directory header of the entry named `name` (and, for the flags, of its local header too). */
export function patchCentral(zip: Buffer, name: string, field: 'flags' | 'uncompressedSize', value: number): Buffer {
  const out = Buffer.from(zip);
  const nameBytes = Buffer.from(name);
  for (const at of headers(out, CENTRAL)) {
    const nameLength = out.readUInt16LE(at + 28);
    if (!out.subarray(at + 46, at + 46 + nameLength).equals(nameBytes)) continue;
    if (field === 'uncompressedSize') out.writeUInt32LE(value, at + 24);
    else {
      out.writeUInt16LE(value, at + 8);
      const local = out.readUInt32LE(at + 42);
      if (out.readUInt32LE(local) === LOCAL) out.writeUInt16LE(value, local + 6);
    }
  }
  return out;
}

/** Offset of the central directory (from the end record). */
export function centralDirectoryOffset(zip: Buffer): number {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return zip.readUInt32LE(end + 16);
}

/** Every file of an archive by name, read through the project's GEDZIP reader. */
export async function archiveContents(path: string): Promise<Map<string, Buffer>> {
  const archive = await GedzipArchive.open(path);
  try {
    const out = new Map<string, Buffer>();
    for (const name of archive.memberNames()) {
      const member = archive.member(name);
      if (member === undefined) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of await archive.stream(member)) chunks.push(Buffer.from(chunk as Buffer));
      out.set(name, Buffer.concat(chunks));
    }
    return out;
  } finally {
    archive.close();
  }
}
