import { build } from 'esbuild';

/**
 * Bundles the one piece of the sidecar the paired client shares, the artifact registry
 * (src/infra/artifacts/file-artifact-registry.ts), with what it imports into one ES module at
 * `outfile` (the package's `#artifact-registry`, client/package.json "imports").
 */
export async function bundleArtifactRegistry(outfile) {
  await build({
    entryPoints: ['src/infra/artifacts/file-artifact-registry.ts'],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}
