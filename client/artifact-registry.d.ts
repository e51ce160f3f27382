// The sidecar's artifact registry (src/infra/artifacts/file-artifact-registry.ts): the one copy of
// the artifact store's code, which the client's build (scripts/build-client.mjs) bundles into
// dist/artifact-registry.js and the package maps as `#artifact-registry`. Declared here with only the
// members the client calls; in this repository tsconfig's `paths` type-check the client against the
// class itself, and the client's own build against this declaration.
import type { GedcomOperationScope } from './generated/contract-constants.js';

export interface MintedGrant {
  readonly grant: string;
  readonly scope: string;
  readonly bytes: number;
  readonly sha256: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

export declare class FileArtifactRegistry {
  constructor(root: string);
  prepare(): Promise<void>;
  importFile(path: string, scope: GedcomOperationScope): Promise<MintedGrant>;
  exportTo(grant: string, scope: 'gedcom.output', path: string): Promise<void>;
}
