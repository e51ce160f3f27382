import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusRoot } from '../support/corpus.js';
import { runQuiet } from '../support/quiet-command.js';
import { localState, type LocalStateFixture } from '../support/local-state.js';
import { TEST_APP_BUILD } from '../support/sidecar.js';

/**
 * The client package on its own (issue 35): built (`npm run build:client`), packed with `npm pack`
 * in client/, installed into an empty folder, imported there by its name and used to launch the
 * packaged sidecar (dist/package, what `npm run package` made in this suite's global setup): health,
 * a GEDCOM file imported in process by the registry code the package carries, a job to its result.
 */

const ROOT = resolve('.');
const PACKAGED_ENTRY = join(ROOT, 'dist', 'package', 'cli.js');
const PRES = join(corpusRoot(), 'gedcom/arbre-app-public-gedcoms/files/pres2020.ged');

const CONSUMER = `import { launchSidecar } from '@genealogy-sidecar/client';
const config = JSON.parse(process.argv[2]);
const sidecar = await launchSidecar({ entry: config.entry, appBuild: config.appBuild, args: ['--workspace', config.workspace, '--artifact-root', config.artifactRoot], env: config.env });
try {
  const client = sidecar.client();
  const health = await client.diagnostics.health();
  const source = await client.gedcom.importArtifact(config.file, 'inspect');
  const run = await client.gedcom.run('inspect', { source: source.grant });
  const result = await run.result();
  process.stdout.write(JSON.stringify({ health: health.status, records: result.inspect?.records.total, exit: await sidecar.stop() }) + '\\n');
} catch (error) {
  await sidecar.stop();
  throw error;
}
`;

let fixture: LocalStateFixture;
let project: string;

beforeAll(() => {
  fixture = localState();
  project = mkdtempSync(join(tmpdir(), 'client-pack-'));
  runQuiet(process.execPath, ['scripts/build-client.mjs'], ROOT);
  runQuiet('npm', ['pack', '--ignore-scripts', '--pack-destination', project], join(ROOT, 'client'));
  const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty-shell', private: true, type: 'module' }));
  runQuiet('npm', ['install', '--prefer-offline', '--no-package-lock', '--ignore-scripts', `./${tarball}`], project);
  writeFileSync(join(project, 'consumer.mjs'), CONSUMER);
}, 180_000);

afterAll(() => fixture?.stop());

describe('the packed client in an empty folder', () => {
  it('is imported by its name and launches the packaged sidecar, imports a GEDCOM file in process and runs a job', async () => {
    const config = {
      entry: PACKAGED_ENTRY,
      appBuild: TEST_APP_BUILD,
      workspace: fixture.workspace,
      artifactRoot: mkdtempSync(join(tmpdir(), 'client-pack-artifacts-')),
      env: fixture.secrets.env,
      file: PRES,
    };
    const { stdout } = await promisify(execFile)(process.execPath, ['consumer.mjs', JSON.stringify(config)], { cwd: project, encoding: 'utf8' });
    expect(JSON.parse(stdout.trim().split('\n').pop() ?? '{}')).toEqual({ health: 'ready', records: 3844, exit: 0 });
  }, 120_000);
});
