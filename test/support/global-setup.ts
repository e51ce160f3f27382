import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildTestSidecar } from './test-sidecar-build.js';
import { TEST_SIDECAR_ENTRY } from './sidecar.js';

/** End-to-end tests drive the built sidecar and the test entry's bundle; build them once unless the test command just did. */
export default async function setup(): Promise<void> {
  if (process.env.SIDECAR_SKIP_BUILD === '1' && existsSync('dist/cli.js') && existsSync(TEST_SIDECAR_ENTRY)) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  await buildTestSidecar();
}
