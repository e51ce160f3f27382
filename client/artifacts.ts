import { execFile } from 'node:child_process';
import type { GedcomOperationScope } from './generated/contract-constants.js';

/** A grant minted by the main process for one GEDCOM operation. */
export interface ImportedArtifact {
  readonly grant: string;
  readonly scope: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly expires_at: string;
}

export type { GedcomOperationScope };

/** The CLI's JSON answer, kept only when every field has its type. */
function importedArtifactOf(out: string): ImportedArtifact {
  let value: unknown;
  try {
    value = JSON.parse(out);
  } catch {
    throw new Error('ARTIFACTS_OUTPUT_INVALID');
  }
  if (typeof value !== 'object' || value === null) throw new Error('ARTIFACTS_OUTPUT_INVALID');
  const grant: unknown = Reflect.get(value, 'grant');
  const scope: unknown = Reflect.get(value, 'scope');
  const bytes: unknown = Reflect.get(value, 'bytes');
  const sha256: unknown = Reflect.get(value, 'sha256');
  const expiresAt: unknown = Reflect.get(value, 'expires_at');
  if (typeof grant !== 'string' || typeof scope !== 'string' || typeof bytes !== 'number' || typeof sha256 !== 'string' || typeof expiresAt !== 'string') {
    throw new Error('ARTIFACTS_OUTPUT_INVALID');
  }
  return { grant, scope, bytes, sha256, expires_at: expiresAt };
}

function run(execPath: string, entry: string | null, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(execPath, entry === null ? [...args] : [entry, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } }, (error, stdout, stderr) => {
      if (error) {
        // The command line reports `artifacts <action>: CODE: message` on its first stderr line.
        const code = /^artifacts \w+: ([A-Z][A-Z0-9_]*): /.exec(stderr)?.[1] ?? 'ARTIFACTS_FAILED';
        reject(new Error(code));
      } else resolve(stdout);
    });
  });
}

/**
 * The paired client's artifact helper (main-process side only): imports a host file into the
 * sidecar's private artifact root through the CLI (`artifacts import`) and returns the grant, and
 * exports an output artifact to a host file the main process chose. The renderer never sees a path.
 */
export class ArtifactImporter {
  constructor(
    /** The sidecar entry (dist/cli.js), or null for a single executable that is the sidecar itself. */
    private readonly entry: string | null,
    private readonly artifactRoot: string,
    /** The program to run: this Node by default, or the single executable. */
    private readonly execPath: string = process.execPath,
  ) {}

  async importFile(file: string, operation: GedcomOperationScope): Promise<ImportedArtifact> {
    const out = await run(this.execPath, this.entry, ['artifacts', 'import', file, '--operation', operation, '--artifact-root', this.artifactRoot]);
    return importedArtifactOf(out);
  }

  async exportOutput(grant: string, file: string): Promise<void> {
    await run(this.execPath, this.entry, ['artifacts', 'export', grant, '--out', file, '--artifact-root', this.artifactRoot]);
  }
}
