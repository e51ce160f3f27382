import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { GEDZIP_DATASET } from '../../contract/gedzip.js';
import { GEDZIP_LIMITS } from '../../contract/limits.js';
import { assertSafeName, entryName, isSymlink } from './entry-name.js';
import { GedzipRefused } from './gedzip-refused.js';

const ENCRYPTED_FLAG = 0x1;
const STORED = 0;
const DEFLATED = 8;

/** A file of the archive: its name as the dataset's FILE structures name it, and its central-directory entry. */
export interface GedzipMember {
  readonly name: string;
  readonly entry: Entry;
}

/** Any failure of the zip library (a truncated or inconsistent directory, an inflate error, an entry longer than declared) as one catalogued code. */
function corrupt(error: unknown): GedzipRefused {
  return error instanceof GedzipRefused ? error : new GedzipRefused('GEDZIP_CORRUPT', error);
}

/**
 * A GEDZIP archive opened for reading (GEDCOM 7.0, "The FamilySearch GEDZIP file format"). Its
 * central directory is checked whole before any entry is inflated: entry count, total and
 * per-entry sizes and compression ratios (GEDZIP_LIMITS), names, symbolic links, duplicates,
 * encryption, compression methods and the dataset `gedcom.ged` at the root. Entries are then read
 * as streams, never longer than their declared size. Zip64 archives are read like the others.
 */
export class GedzipArchive {
  private constructor(
    private readonly zip: ZipFile,
    private readonly members: ReadonlyMap<string, GedzipMember>,
    readonly bytes: number,
  ) {}

  static async open(path: string): Promise<GedzipArchive> {
    let zip: ZipFile;
    try {
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: true });
    } catch (error) {
      throw corrupt(error);
    }
    try {
      const members = await GedzipArchive.checkedMembers(zip);
      return new GedzipArchive(zip, members, zip.fileSize);
    } catch (error) {
      zip.close();
      throw corrupt(error);
    }
  }

  private static async checkedMembers(zip: ZipFile): Promise<Map<string, GedzipMember>> {
    if (zip.entryCount > GEDZIP_LIMITS.maxEntries) throw new GedzipRefused('GEDZIP_ENTRY_LIMIT');
    const names = new Set<string>();
    const members = new Map<string, GedzipMember>();
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      assertSafeName(name);
      if (names.has(name)) throw new GedzipRefused('GEDZIP_DUPLICATE_NAME');
      names.add(name);
      if ((entry.generalPurposeBitFlag & ENCRYPTED_FLAG) !== 0) throw new GedzipRefused('GEDZIP_ENCRYPTED');
      if (isSymlink(entry)) throw new GedzipRefused('GEDZIP_SYMLINK');
      if (name.endsWith('/')) continue;
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) throw new GedzipRefused('GEDZIP_UNSUPPORTED');
      total += entry.uncompressedSize;
      if (total > GEDZIP_LIMITS.maxUncompressedBytes) throw new GedzipRefused('GEDZIP_SIZE_LIMIT');
      if (
        entry.uncompressedSize > GEDZIP_LIMITS.ratioFloorBytes &&
        entry.uncompressedSize > Math.max(1, entry.compressedSize) * GEDZIP_LIMITS.maxCompressionRatio
      )
        throw new GedzipRefused('GEDZIP_RATIO_LIMIT');
      members.set(name, { name, entry });
    }
    if (!members.has(GEDZIP_DATASET)) throw new GedzipRefused('GEDZIP_DATASET_MISSING');
    return members;
  }

  /** The names of the archive's files (the dataset included, folders not), in the archive's order. */
  memberNames(): string[] {
    return [...this.members.keys()];
  }

  /** Each file's name, uncompressed size and CRC-32 (what tells two files of one name apart). */
  memberFacts(): { name: string; bytes: number; crc32: number }[] {
    return [...this.members.values()].map(({ name, entry }) => ({ name, bytes: entry.uncompressedSize, crc32: entry.crc32 }));
  }

  member(name: string): GedzipMember | undefined {
    return this.members.get(name);
  }

  /** The uncompressed size of the dataset `gedcom.ged`. */
  get datasetBytes(): number {
    return this.dataset().entry.uncompressedSize;
  }

  private dataset(): GedzipMember {
    const found = this.members.get(GEDZIP_DATASET);
    // the constructor's caller refused an archive without one
    if (found === undefined) throw new GedzipRefused('GEDZIP_DATASET_MISSING');
    return found;
  }

  /** A member's content as a stream; a damaged entry fails it with GEDZIP_CORRUPT. */
  async stream(member: GedzipMember): Promise<Readable> {
    try {
      return await this.zip.openReadStreamPromise(member.entry);
    } catch (error) {
      throw corrupt(error);
    }
  }

  /** The dataset's bytes, in one buffer of its declared size (the entry cannot inflate beyond it). */
  async readDataset(advanced: (bytes: number) => void = () => undefined): Promise<Buffer> {
    const { entry } = this.dataset();
    const buffer = Buffer.allocUnsafe(entry.uncompressedSize);
    let position = 0;
    try {
      for await (const chunk of await this.stream(this.dataset())) {
        // cast: a yauzl read stream yields Buffers
        const bytes = chunk as Buffer;
        if (position + bytes.length > buffer.length) throw new GedzipRefused('GEDZIP_CORRUPT');
        bytes.copy(buffer, position);
        position += bytes.length;
        advanced(bytes.length);
      }
    } catch (error) {
      throw corrupt(error);
    }
    if (position !== buffer.length) throw new GedzipRefused('GEDZIP_CORRUPT');
    return buffer;
  }

  close(): void {
    this.zip.close();
  }
}
