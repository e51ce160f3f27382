// How a sidecar entry is bundled: one CommonJS file that the loader of scripts/code-cache.mjs
// evaluates through node:vm. Used by scripts/build.mjs (dist/) and by the tests' global setup for
// the test entry (test/.sidecar/, never dist/).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

const UNDICI_CLIENT = resolve(import.meta.dirname, 'undici-client.cjs');

const IMPORT_META_URL = "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;";

/** esbuild's options for bundles written into `outdir`; add `entryPoints`. */
export function sidecarBundleOptions(outdir) {
  return {
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minifySyntax: true,
    minifyWhitespace: true,
    minifyIdentifiers: true,
    legalComments: 'none',
    // Lines of at most about 500 characters: Node writes the message of a failed assert() without one by
    // parsing the source line at the call site, and a bundled dependency's failed assertion (undici asserts
    // its own state) on a line of megabytes held the event loop for tens of seconds (docs/benchmarks.md).
    lineLimit: 500,
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
    // Only undici's Client is used: the rest of undici stays out of the bundle (scripts/undici-client.cjs).
    plugins: [{ name: 'undici-client', setup: (bundler) => bundler.onResolve({ filter: /^undici$/ }, () => ({ path: UNDICI_CLIENT })) }],
    // The bundle is already the function the loader calls: no concatenated copy of the source at start.
    banner: { js: `(function (exports, require, module, __filename, __dirname) {${IMPORT_META_URL}` },
    footer: { js: '})' },
  };
}

/**
 * The loader evaluates a bundle with node:vm, where a dynamic import() that esbuild left in place
 * (one of an external module) cannot load anything: every lazy load must be of a bundled module.
 */
export async function assertNoExternalImport(bundleFile) {
  if (/\bimport\(/.test(await readFile(bundleFile, 'latin1'))) throw new Error(`${bundleFile} keeps a dynamic import() of an external module`);
}
