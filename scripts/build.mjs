// Builds the shipped sidecar: one bundled ESM file per entry, made for start-up time.
// Native modules stay external and load from node_modules.
import { build } from 'esbuild';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';

const entries = process.env.SIDECAR_BUILD_ENTRIES?.split(',') ?? ['src/cli.ts', 'test/support/test-cli.ts'];

// Built into a private folder, then each file renamed into dist/: a concurrent reader never sees a partial file.
const staging = `dist/.staging-${process.pid}`;
await mkdir(staging, { recursive: true });
await build({
  entryPoints: entries.filter((entry) => !entry.startsWith('test/') || process.env.SIDECAR_SKIP_TEST_ENTRY !== '1'),
  outdir: staging,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  sourcemap: false,
  external: ['better-sqlite3-multiple-ciphers', '@napi-rs/keyring'],
  banner: { js: "import { createRequire as __sidecarRequire } from 'node:module'; const require = __sidecarRequire(import.meta.url);" },
  logLevel: 'warning',
});
for (const name of await readdir(staging)) await rename(`${staging}/${name}`, `dist/${name}`);
await rm(staging, { recursive: true, force: true });
