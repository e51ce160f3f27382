// Builds the shipped sidecar for start-up time: each entry is bundled into one CommonJS file,
// loaded by a tiny ESM loader through node:vm with a V8 code cache written at build time
// (Node 20 has no module compile cache). Native modules stay external, loaded from node_modules.
import { build } from 'esbuild';
import { sidecarLoader, trainSidecarCache, trainWorkerCache, workerLoader } from './code-cache.mjs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';

/** entry -> [bundle name, loader name] */
const ENTRIES = [
  ['src/main/cli.ts', 'sidecar', 'cli'],
  ['test/support/test-cli.ts', 'test-sidecar', 'test-cli'],
];
/** Worker bundles: [entry, bundle name, loader name]; `new Worker(<loader>)` from the directory of the sidecar bundle. */
const WORKERS = [['src/main/gedcom-worker.ts', 'gedcom-worker', 'gedcom-worker']];

// dist/ is CommonJS (dist/package.json): the loaders start without Node's ESM loader.

// Built into a private folder, then each file renamed into dist/: a concurrent reader never sees a partial file.
const staging = `dist/.staging-${process.pid}`;
await mkdir(staging, { recursive: true });
const IMPORT_META_URL = "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;";
const common = {
  outdir: staging,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minifySyntax: true,
  minifyWhitespace: true,
  minifyIdentifiers: true,
  legalComments: 'none',
  sourcemap: false,
  // Only the native binaries stay outside the bundle; the JavaScript that loads them is bundled, so
  // that the V8 code cache covers it. better-sqlite3 is given its binary (nativeBinding), so its
  // `bindings` lookup is never called; the keyring's loader finds its platform package.
  external: ['bindings', '@napi-rs/keyring-*'],
  // The bundle is CommonJS: import.meta.url is the bundle file's URL (the banner defines it).
  define: { 'import.meta.url': 'importMetaUrl' },
  // A dynamic import() of a Node built-in (node:tls, node:https: loaded on first use) becomes a
  // require(): the loader evaluates the bundle with node:vm, where import() cannot load anything.
  supported: { 'dynamic-import': false },
  charset: 'ascii',
  logLevel: 'warning',
};
await build({
  ...common,
  entryPoints: Object.fromEntries(ENTRIES.map(([entry, bundle]) => [bundle, entry])),
  // The bundle is already the function the loader calls: no concatenated copy of the source at start.
  banner: { js: `(function (exports, require, module, __filename, __dirname) {${IMPORT_META_URL}` },
  footer: { js: '})' },
});
await build({
  ...common,
  entryPoints: Object.fromEntries(WORKERS.map(([entry, bundle]) => [bundle, entry])),
  banner: { js: `(function (exports, require, module, __filename, __dirname) {${IMPORT_META_URL}` },
  footer: { js: '})' },
});
// The loader evaluates a bundle with node:vm, where a dynamic import() that esbuild left in place
// (one of an external module) cannot load anything: every lazy load must be of a bundled module.
for (const [, bundle] of ENTRIES) {
  if (/\bimport\(/.test(await readFile(`${staging}/${bundle}.cjs`, 'latin1'))) throw new Error(`${bundle}.cjs keeps a dynamic import() of an external module`);
}
await writeFile(`${staging}/package.json`, '{ "type": "commonjs" }\n');
for (const [, bundle, name] of WORKERS) {
  await writeFile(`${staging}/${name}.js`, workerLoader(bundle));
  await trainWorkerCache(`${staging}/${name}.js`, `${staging}/${bundle}.cjs.cache`);
}
for (const [, bundle, name] of ENTRIES) {
  await writeFile(`${staging}/${name}.js`, sidecarLoader(bundle));
  await trainSidecarCache(`${staging}/${name}.js`, `${staging}/${bundle}.cjs.cache`);
}
for (const name of await readdir(staging)) await rename(`${staging}/${name}`, `dist/${name}`);
await rm(staging, { recursive: true, force: true });
