// npm run package: the sidecar as a desktop shell ships it, in dist/package/:
//   cli.js, sidecar.cjs, gedcom-worker.js, gedcom-worker.cjs (+ their V8 code caches), package.json   the plain-Node form
//   node_modules/   only the native binaries of this platform (the JavaScript that loads them is bundled)
//   service-sidecar  a Node single executable (SEA) of the same bundle, when this Node has the SEA fuse
// No test entry, no source, no dev dependency. See docs/packaging.md.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const out = 'dist/package';
const require = createRequire(import.meta.url);
const say = (text) => process.stdout.write(`==> ${text}\n`);

// --no-build packages the dist/ already built (the test suite's global setup builds it once).
if (!process.argv.includes('--no-build')) {
  say('Building the sidecar bundles (scripts/build.mjs)');
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const file of ['cli.js', 'sidecar.cjs', 'sidecar.cjs.cache', 'gedcom-worker.js', 'gedcom-worker.cjs', 'gedcom-worker.cjs.cache'])
  copyFileSync(join('dist', file), join(out, file));
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
writeFileSync(
  join(out, 'package.json'),
  `${JSON.stringify({ name: 'service-sidecar', version, private: true, type: 'commonjs', bin: { 'service-sidecar': 'cli.js' } }, null, 2)}\n`,
);

/** Copies one installed package (only the files it needs at run time) into the package's node_modules. */
function copyPackage(name, files) {
  const from = dirname(require.resolve(`${name}/package.json`));
  const to = join(out, 'node_modules', name);
  mkdirSync(to, { recursive: true });
  for (const file of ['package.json', ...files]) {
    if (!existsSync(join(from, file))) throw new Error(`${name}: ${file} is missing; run npm ci first`);
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(from, file), join(to, file), { recursive: true });
  }
}

say('Copying the native modules of this platform');
// The JavaScript of both is in the bundle; only the binaries are loaded from here.
copyPackage('better-sqlite3-multiple-ciphers', ['build/Release/better_sqlite3.node']);
// The keyring binding serves the Keychain and the Credential Manager; elsewhere the service speaks to
// the Secret Service itself (src/infra/keyring/) and never loads it.
if (process.platform === 'darwin' || process.platform === 'win32') {
  const keyringBinding = `@napi-rs/keyring-${process.platform}-${process.arch}${process.platform === 'win32' ? '-msvc' : ''}`;
  const bindingFolder = dirname(require.resolve(`${keyringBinding}/package.json`));
  const bindingFile = readdirSync(bindingFolder).find((name) => name.endsWith('.node'));
  if (bindingFile === undefined) throw new Error(`no native binding in ${bindingFolder}`);
  copyPackage(keyringBinding, [bindingFile]);
}

// The single executable: a small CommonJS entry (the only form SEA runs) that evaluates the same
// bundle and its V8 code cache (same Node, same V8) from embedded assets, with `require` rooted
// beside the executable for the natives, and the GEDCOM worker's files beside it too.
const fuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
if (!readFileSync(process.execPath).includes(fuse)) {
  say(`Skipping the single executable: this Node binary (${process.execPath}) has no SEA fuse`);
} else {
  say('Building the Node single executable (SEA)');
  const work = join(out, '.sea');
  mkdirSync(work, { recursive: true });
  writeFileSync(
    join(work, 'sea-entry.cjs'),
    `'use strict';
const { getAsset } = require('node:sea');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');
const directory = dirname(process.execPath);
const file = join(directory, 'sidecar.cjs');
const script = new Script(getAsset('sidecar.cjs', 'latin1'), { filename: file, cachedData: Buffer.from(getAsset('sidecar.cjs.cache')) });
const bundled = { exports: {} };
script.runInThisContext()(bundled.exports, createRequire(join(directory, 'package.json')), bundled, file, directory);
bundled.exports.runCli(directory);
`,
  );
  writeFileSync(
    join(work, 'sea-config.json'),
    JSON.stringify({
      main: join(work, 'sea-entry.cjs'),
      output: join(work, 'sea.blob'),
      disableExperimentalSEAWarning: true,
      useCodeCache: false,
      assets: { 'sidecar.cjs': join(out, 'sidecar.cjs'), 'sidecar.cjs.cache': join(out, 'sidecar.cjs.cache') },
    }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: 'inherit' });
  const executable = join(out, process.platform === 'win32' ? 'service-sidecar.exe' : 'service-sidecar');
  copyFileSync(process.execPath, executable);
  chmodSync(executable, 0o755);
  const postject = join(dirname(require.resolve('postject/package.json')), 'dist', 'cli.js');
  const macho = process.platform === 'darwin' ? ['--macho-segment-name', 'NODE_SEA'] : [];
  // postject's ELF notes ("Can't find string offset for section name") are noise; its failure is not.
  execFileSync(process.execPath, [postject, executable, 'NODE_SEA_BLOB', join(work, 'sea.blob'), '--sentinel-fuse', fuse, ...macho], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  rmSync(work, { recursive: true, force: true });
}
say(`Packaged into ${out}/`);
