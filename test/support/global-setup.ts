import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** End-to-end tests drive the built sidecar; build it once unless the test command just did. */
export default function setup(): void {
  if (process.env.SIDECAR_SKIP_BUILD === '1' && existsSync('dist/cli.js')) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
