import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GEDCOM_OUTPUT_SCOPE } from '../../contract/gedcom.js';
import { GEDCOM_GRANT_SCOPES, type GedcomGrantScope } from '../../contract/gedcom-operations.js';
import { ARTIFACT_GRANT_PATTERN } from '../../contract/jobs.js';
import { GEDCOM_LIMITS, GEDCOM_WORKER_LIMITS } from '../../contract/limits.js';
import type { ArtifactRegistry, MintedGrant, ResolvedArtifact } from '../../app/gedcom/artifact-registry.js';
import { ArtifactChangedError, ArtifactGrantInvalidError, ArtifactNotAFileError, ArtifactTooLargeError } from '../../app/adapter-errors.js';
import { createFolders } from '../folders.js';
import { isOneOf } from '../../contract/one-of.js';

/**
 * The artifact registry on disk (contract.md section 10). Layout under the private root (0700):
 *   objects/<32 hex>      artifact bytes, mode 0400 (read-only), never rewritten
 *   grants/agr_<32 hex>   one JSON grant: artifact id, scope, digest, size, expiry
 * Grants are opaque random names; an artifact's location never leaves this module.
 */
const GRANT = new RegExp(ARTIFACT_GRANT_PATTERN);
const OBJECT = /^[0-9a-f]{32}$/;

interface GrantFile {
  readonly v: 1;
  readonly object: string;
  readonly scope: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly expires_at: number;
}

export type ArtifactScope = GedcomGrantScope | typeof GEDCOM_OUTPUT_SCOPE;

export function isArtifactScope(value: string): value is ArtifactScope {
  return value === GEDCOM_OUTPUT_SCOPE || isOneOf(GEDCOM_GRANT_SCOPES, value);
}

/** Where a worker reads one input artifact: its object file and what it must hash to. */
export interface ArtifactFile {
  readonly path: string;
  readonly bytes: number;
  readonly sha256: string;
}

/**
 * A place for one output artifact: the worker writes `tempPath` (a hidden `.part` name next to the
 * objects) and the registry renames it into an object only when the job succeeds.
 */
export interface OutputReservation {
  readonly object: string;
  readonly tempPath: string;
}

/** What the writer of an output measured of it. */
export interface WrittenOutput {
  readonly bytes: number;
  readonly sha256: string;
}

function invalid(): ArtifactGrantInvalidError {
  return new ArtifactGrantInvalidError();
}

export class FileArtifactRegistry implements ArtifactRegistry {
  constructor(
    private readonly root: string,
    private readonly now: () => number = () => Date.now(),
    private readonly ttlMs: number = GEDCOM_LIMITS.grantTtlMs,
  ) {}

  private dir(name: 'objects' | 'grants'): string {
    return join(this.root, name);
  }

  async prepare(): Promise<void> {
    // A few mkdir calls at start: one level at a time, never node's recursive mode (see folders.ts).
    createFolders(this.root, 0o700);
    await chmod(this.root, 0o700);
    createFolders(this.dir('objects'), 0o700);
    createFolders(this.dir('grants'), 0o700);
  }

  /**
   * Removes what writers left behind in a process that ended without cleaning up (a crash, a kill):
   * `.part` files of outputs and grants older than the longest an operation may run, so that no
   * writer of any process can still be at them. Returns how many were removed.
   */
  async sweepAbandoned(): Promise<number> {
    let removed = 0;
    for (const folder of [this.dir('objects'), this.dir('grants')]) {
      const names = await readdir(folder).catch(() => []);
      for (const name of names) {
        if (!name.endsWith('.part')) continue;
        const path = join(folder, name);
        const info = await stat(path).catch(() => null);
        if (info === null || !info.isFile() || this.now() - info.mtimeMs <= GEDCOM_WORKER_LIMITS.operationTimeoutMs) continue;
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private async grantFile(grant: string): Promise<GrantFile | null> {
    if (!GRANT.test(grant)) return null;
    try {
      // cast: read as a partial GrantFile only to check each field below (null throws into the catch)
      const parsed = JSON.parse(await readFile(join(this.dir('grants'), grant), 'utf8')) as Partial<GrantFile>;
      if (parsed.v !== 1 || typeof parsed.object !== 'string' || !OBJECT.test(parsed.object) || typeof parsed.scope !== 'string') return null;
      if (typeof parsed.sha256 !== 'string' || typeof parsed.bytes !== 'number' || typeof parsed.expires_at !== 'number') return null;
      return parsed as GrantFile; // cast: v, object, scope, sha256, bytes and expires_at were each checked above
    } catch {
      return null;
    }
  }

  async resolve(grant: string, scope: string): Promise<ResolvedArtifact> {
    const g = await this.grantFile(grant);
    if (g === null || g.scope !== scope || g.expires_at <= this.now()) throw invalid();
    // a grant stands only while its object does: pulled away or cut, it is refused for every operation alike
    const info = await stat(join(this.dir('objects'), g.object)).catch(() => null);
    if (info === null || !info.isFile() || info.size !== g.bytes) throw invalid();
    return { grant, scope: g.scope, bytes: g.bytes, sha256: g.sha256 };
  }

  private async objectOf(artifact: ResolvedArtifact): Promise<string> {
    const g = await this.grantFile(artifact.grant);
    if (g === null || g.sha256 !== artifact.sha256) throw invalid();
    return join(this.dir('objects'), g.object);
  }

  async head(artifact: ResolvedArtifact, maxBytes: number): Promise<Buffer> {
    let handle;
    try {
      handle = await open(await this.objectOf(artifact), 'r');
    } catch (error) {
      // the object pulled away (or made unreadable) under its grant: the grant no longer stands
      if (error instanceof ArtifactGrantInvalidError) throw error;
      throw invalid();
    }
    try {
      const buf = Buffer.alloc(Math.min(maxBytes, artifact.bytes));
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async read(artifact: ResolvedArtifact): Promise<Buffer> {
    const path = await this.objectOf(artifact);
    const bytes = await readFile(path).catch(() => {
      throw invalid();
    });
    if (bytes.length !== artifact.bytes || createHash('sha256').update(bytes).digest('hex') !== artifact.sha256) {
      throw new ArtifactChangedError();
    }
    return bytes;
  }

  /** The object file behind a resolved grant, for a worker that reads and verifies it itself. */
  async locate(artifact: ResolvedArtifact): Promise<ArtifactFile> {
    return { path: await this.objectOf(artifact), bytes: artifact.bytes, sha256: artifact.sha256 };
  }

  /** A fresh temporary name for an output; nothing exists there yet. */
  async reserveOutput(): Promise<OutputReservation> {
    await this.prepare();
    const object = randomBytes(16).toString('hex');
    return { object, tempPath: join(this.dir('objects'), `.${object}.part`) };
  }

  /** Removes whatever a failed or cancelled writer left at a reservation; idempotent. */
  async releaseOutput(reservation: OutputReservation): Promise<void> {
    await rm(reservation.tempPath, { force: true });
  }

  /** Makes a completely written reservation a read-only object and mints its `gedcom.output` grant. */
  adoptOutput(reservation: OutputReservation, written: WrittenOutput): Promise<MintedGrant> {
    return this.commit(reservation, written, GEDCOM_OUTPUT_SCOPE);
  }

  private async commit(reservation: OutputReservation, written: WrittenOutput, scope: ArtifactScope): Promise<MintedGrant> {
    await chmod(reservation.tempPath, 0o400);
    await rename(reservation.tempPath, join(this.dir('objects'), reservation.object));
    const grant = `agr_${randomBytes(16).toString('hex')}`;
    const record: GrantFile = { v: 1, object: reservation.object, scope, sha256: written.sha256, bytes: written.bytes, expires_at: this.now() + this.ttlMs };
    const grantPath = join(this.dir('grants'), grant);
    await writeFile(`${grantPath}.part`, JSON.stringify(record), { mode: 0o600, flag: 'wx' });
    await rename(`${grantPath}.part`, grantPath);
    return { grant, scope, bytes: written.bytes, sha256: record.sha256, expiresAt: record.expires_at };
  }

  async discard(grant: string): Promise<void> {
    const g = await this.grantFile(grant);
    if (g === null) return;
    await rm(join(this.dir('grants'), grant), { force: true });
    await rm(join(this.dir('objects'), g.object), { force: true });
  }

  /** Write chunks into a new read-only object and mint a grant for it; nothing is left behind on failure. */
  private async mint(chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, scope: ArtifactScope): Promise<MintedGrant> {
    const reservation = await this.reserveOutput();
    const hash = createHash('sha256');
    let size = 0;
    try {
      const handle = await open(reservation.tempPath, 'wx', 0o600);
      try {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > GEDCOM_LIMITS.maxArtifactBytes) throw new ArtifactTooLargeError();
          hash.update(chunk);
          await handle.write(chunk);
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      return await this.commit(reservation, { bytes: size, sha256: hash.digest('hex') }, scope);
    } catch (error) {
      await this.releaseOutput(reservation);
      throw error;
    }
  }

  store(chunks: Iterable<Uint8Array>): Promise<MintedGrant> {
    return this.mint(chunks, GEDCOM_OUTPUT_SCOPE);
  }

  /** Main-process side only (CLI, paired client): copy a host file in, read-only, and mint a scoped grant. */
  async importFile(path: string, scope: ArtifactScope): Promise<MintedGrant> {
    const info = await stat(path);
    if (!info.isFile()) throw new ArtifactNotAFileError();
    // cast: a ReadStream opened without an encoding yields Buffer chunks; its typings say `any`
    return this.mint(createReadStream(path) as AsyncIterable<Buffer>, scope);
  }

  /** Main-process side only: copy an artifact out to a host file the caller chose. */
  async exportTo(grant: string, scope: ArtifactScope, path: string): Promise<void> {
    const artifact = await this.resolve(grant, scope);
    await writeFile(path, await this.read(artifact), { flag: 'wx', mode: 0o600 });
  }
}
