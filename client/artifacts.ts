import { FileArtifactRegistry } from '#artifact-registry';
import type { ArtifactStore, ImportedArtifact } from './gedcom.js';
import type { GedcomOperationScope } from './generated/contract-constants.js';

/**
 * Why an artifact import or export failed:
 * - `ARTIFACT_NOT_A_FILE`: the input is a folder, a pipe or a device;
 * - `ARTIFACT_TOO_LARGE`: the input is over the sidecar's artifact size bound;
 * - `ARTIFACT_GRANT_INVALID`: the grant to export does not stand (unknown, expired, another scope);
 * - `ARTIFACT_CHANGED`: the stored artifact no longer has its digest;
 * - `ARTIFACT_INPUT_UNREADABLE`: the input cannot be read (missing, no permission): `errno` says which;
 * - `ARTIFACT_OUTPUT_EXISTS`: export never replaces a file;
 * - `ARTIFACT_ROOT_UNUSABLE`: the artifact root cannot be created or used;
 * - `ARTIFACT_IO`: the file system refused the operation (`errno` says how).
 */
export type ArtifactFailureCode =
  | 'ARTIFACT_NOT_A_FILE'
  | 'ARTIFACT_TOO_LARGE'
  | 'ARTIFACT_GRANT_INVALID'
  | 'ARTIFACT_CHANGED'
  | 'ARTIFACT_INPUT_UNREADABLE'
  | 'ARTIFACT_OUTPUT_EXISTS'
  | 'ARTIFACT_ROOT_UNUSABLE'
  | 'ARTIFACT_IO';

/** An artifact import or export that failed, with a stable code (and the system's errno code where there is one). */
export class ArtifactFailed extends Error {
  constructor(
    readonly code: ArtifactFailureCode,
    readonly errno: string | null,
    options: { readonly cause?: unknown } = {},
  ) {
    super(`artifact ${code}${errno === null ? '' : ` (${errno})`}`, options);
    this.name = 'ArtifactFailed';
  }
}

/** The registry's own error codes (src/app/adapter-errors.ts), what each means to the client. */
const REGISTRY_CODES: ReadonlyMap<string, ArtifactFailureCode> = new Map([
  ['ARTIFACT_ERR_NOT_A_FILE', 'ARTIFACT_NOT_A_FILE'],
  ['ARTIFACT_ERR_TOO_LARGE', 'ARTIFACT_TOO_LARGE'],
  ['ARTIFACT_ERR_GRANT_INVALID', 'ARTIFACT_GRANT_INVALID'],
  ['ARTIFACT_ERR_CHANGED', 'ARTIFACT_CHANGED'],
]);
const UNREADABLE_INPUT: ReadonlySet<string> = new Set(['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR', 'ENAMETOOLONG', 'ELOOP']);

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' ? code : null;
}

function failure(error: unknown, action: 'import' | 'export'): ArtifactFailed {
  const code = codeOf(error);
  const known = code === null ? undefined : REGISTRY_CODES.get(code);
  if (known !== undefined) return new ArtifactFailed(known, null, { cause: error });
  const errno = code !== null && /^E[A-Z]+$/.test(code) ? code : null;
  if (action === 'export' && errno === 'EEXIST') return new ArtifactFailed('ARTIFACT_OUTPUT_EXISTS', errno, { cause: error });
  if (action === 'import' && errno !== null && UNREADABLE_INPUT.has(errno)) return new ArtifactFailed('ARTIFACT_INPUT_UNREADABLE', errno, { cause: error });
  return new ArtifactFailed('ARTIFACT_IO', errno, { cause: error });
}

/**
 * The artifact store in the main process (never a renderer): imports a host file into the sidecar's
 * private artifact root as a grant for one operation, and exports an output artifact to a new host
 * file. It runs the sidecar's own registry code in process (no command line is spawned), on the
 * same root the sidecar was started with (`serve --artifact-root`).
 */
export class LocalArtifactStore implements ArtifactStore {
  private readonly registry: FileArtifactRegistry;
  private prepared: Promise<void> | null = null;

  constructor(artifactRoot: string) {
    this.registry = new FileArtifactRegistry(artifactRoot);
  }

  private prepare(): Promise<void> {
    this.prepared ??= this.registry.prepare().catch((error: unknown) => {
      this.prepared = null;
      throw new ArtifactFailed('ARTIFACT_ROOT_UNUSABLE', codeOf(error), { cause: error });
    });
    return this.prepared;
  }

  async importFile(file: string, scope: GedcomOperationScope): Promise<ImportedArtifact> {
    await this.prepare();
    const minted = await this.registry.importFile(file, scope).catch((error: unknown) => {
      throw failure(error, 'import');
    });
    return { grant: minted.grant, scope: minted.scope, bytes: minted.bytes, sha256: minted.sha256, expires_at: new Date(minted.expiresAt).toISOString() };
  }

  async exportOutput(grant: string, file: string): Promise<void> {
    await this.prepare();
    await this.registry.exportTo(grant, 'gedcom.output', file).catch((error: unknown) => {
      throw failure(error, 'export');
    });
  }
}
export type { GedcomOperationScope };
