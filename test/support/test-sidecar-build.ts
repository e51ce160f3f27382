import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
// @ts-expect-error: a plain ES module script without declarations
import { sidecarLoader } from '../../scripts/code-cache.mjs';
// @ts-expect-error: a plain ES module script without declarations
import { assertNoExternalImport, sidecarBundleOptions } from '../../scripts/sidecar-bundle.mjs';

/** Where the test entry is built: beside the tests, never in dist/ (so never packaged). */
export const TEST_SIDECAR_DIRECTORY = 'test/.sidecar';

/**
 * Bundles the test entry (test/support/test-cli.ts) the way scripts/build.mjs bundles the shipped
 * one, with its loader `test-cli.js`, but without a trained code cache: the tests launch it as a
 * real process over loopback; they do not measure its start.
 */
export async function buildTestSidecar(): Promise<void> {
  // Built into a private folder, then each file renamed in: a concurrent reader never sees a partial file.
  const staging = `${TEST_SIDECAR_DIRECTORY}/.staging-${process.pid}`;
  await mkdir(staging, { recursive: true });
  try {
    await build({ ...sidecarBundleOptions(staging), entryPoints: { 'test-sidecar': 'test/support/test-cli.ts' } });
    await assertNoExternalImport(`${staging}/test-sidecar.cjs`);
    await writeFile(`${staging}/package.json`, '{ "type": "commonjs" }\n');
    await writeFile(`${staging}/test-cli.js`, sidecarLoader('test-sidecar'));
    for (const name of await readdir(staging)) await rename(`${staging}/${name}`, `${TEST_SIDECAR_DIRECTORY}/${name}`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
