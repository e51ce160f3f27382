import type { GedcomGrantScope } from '../../contract/gedcom-operations.js';

/** A grant resolved for one use: what the registry knows of the artifact, never its location. */
export interface ResolvedArtifact {
  readonly grant: string;
  readonly scope: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface MintedGrant {
  readonly grant: string;
  readonly scope: string;
  readonly bytes: number;
  readonly sha256: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

/**
 * The GEDCOM artifact registry (contract.md section 10): a private store of read-only artifacts
 * reached only through opaque, operation-scoped, expiring grants. Operations read inputs and
 * store outputs; importing host files is a main-process facility (CLI, paired client) and is not
 * part of this interface, so no route can reach a host path.
 */
export interface ArtifactRegistry {
  /** The artifact behind a grant for this scope; ARTIFACT_GRANT_INVALID when unknown, expired or for another scope. */
  resolve(grant: string, scope: GedcomGrantScope): Promise<ResolvedArtifact>;
  /** The first bytes of an artifact (boundary checks before a job starts). */
  head(artifact: ResolvedArtifact, maxBytes: number): Promise<Buffer>;
  /** The whole artifact, verified against its recorded digest. */
  read(artifact: ResolvedArtifact): Promise<Buffer>;
  /** Store a new artifact produced by an operation and mint its grant (scope `gedcom.output`). */
  store(chunks: Iterable<Uint8Array>): Promise<MintedGrant>;
  /** Withdraw a grant minted for a job that did not succeed after all, with its artifact; idempotent. */
  discard(grant: string): Promise<void>;
}
