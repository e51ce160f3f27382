// Builds the shipped sidecar for start-up time: each entry is bundled into one CommonJS file,
// loaded by a tiny ESM loader through node:vm with a V8 code cache written at build time
// (Node 20 has no module compile cache). Native modules stay external, loaded from node_modules.
import { build } from 'esbuild';
import { sidecarLoader, trainSidecarCache, trainWorkerCache, workerLoader } from './code-cache.mjs';
import { assertNoExternalImport, sidecarBundleOptions } from './sidecar-bundle.mjs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';

/** entry -> [bundle name, loader name]. The test entry is not built here: the tests bundle it into test/.sidecar/. */
const ENTRIES = [['src/main/cli.ts', 'sidecar', 'cli']];
/** Worker bundles: [entry, bundle name, loader name]; `new Worker(<loader>)` from the directory of the sidecar bundle. */
const WORKERS = [['src/main/gedcom-worker.ts', 'gedcom-worker', 'gedcom-worker']];

// dist/ is CommonJS (dist/package.json): the loaders start without Node's ESM loader.

// Built into a private folder, then each file renamed into dist/: a concurrent reader never sees a partial file.
const staging = `dist/.staging-${process.pid}`;
await mkdir(staging, { recursive: true });
await build({ ...sidecarBundleOptions(staging), entryPoints: Object.fromEntries(ENTRIES.map(([entry, bundle]) => [bundle, entry])) });
await build({ ...sidecarBundleOptions(staging), entryPoints: Object.fromEntries(WORKERS.map(([entry, bundle]) => [bundle, entry])) });
for (const [, bundle] of ENTRIES) await assertNoExternalImport(`${staging}/${bundle}.cjs`);
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
