// Builds the shipped sidecar: one bundled ESM file per entry, made for start-up time.
// Native modules stay external and load from node_modules.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';

const entries = process.env.SIDECAR_BUILD_ENTRIES?.split(',') ?? ['src/cli.ts', 'test/support/test-cli.ts'];

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: entries.filter((entry) => !entry.startsWith('test/') || process.env.SIDECAR_SKIP_TEST_ENTRY !== '1'),
  outdir: 'dist',
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
