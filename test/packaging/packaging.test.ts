import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LocalArtifactStore } from '../../client/artifacts.js';
import { launchSidecar, type LaunchedSidecar, type LaunchOptions } from '../../client/launcher.js';
import { corpusRoot } from '../support/corpus.js';
import { localState, type LocalStateFixture } from '../support/local-state.js';
import { TEST_APP_BUILD } from '../support/sidecar.js';

const PACKAGE = resolve('dist/package');
const EXECUTABLE = join(PACKAGE, process.platform === 'win32' ? 'service-sidecar.exe' : 'service-sidecar');
const PRES = join(corpusRoot(), 'gedcom/arbre-app-public-gedcoms/files/pres2020.ged');

// npm run package ran on the built dist/ in this suite's global setup (test/support/packaging-setup.ts),
// so whether the single executable exists is known when the tests are declared.
const packagingOutput = inject('packagingOutput');
const seaBuilt = existsSync(EXECUTABLE);

let fixture: LocalStateFixture;

beforeAll(() => {
  fixture = localState();
}, 120_000);
afterAll(() => fixture?.stop());

/** Launches a packaged form, checks health and the readiness proof (the launcher does), and runs one GEDCOM job to its end. */
async function launchAndInspect(form: Pick<LaunchOptions, 'entry' | 'execPath'>): Promise<void> {
  const artifactRoot = mkdtempSync(join(tmpdir(), 'packaged-artifacts-'));
  const sidecar = await launchSidecar({
    ...form,
    appBuild: TEST_APP_BUILD,
    env: fixture.secrets.env,
    args: ['--workspace', fixture.workspace, '--artifact-root', artifactRoot],
  });
  try {
    const client = sidecar.client();
    const health = await client.api.GET('/api/v1/health');
    expect(health.data?.status).toBe('ready');
    // The main process imports the file with the packaged command line itself.
    const importer = new LocalArtifactStore(artifactRoot);
    const grant = await importer.importFile(PRES, 'gedcom.inspect');
    const submitted = await client.api.POST('/api/v1/gedcom/inspect', { body: { source: grant.grant, execution: { mode: 'offline' } } });
    expect(submitted.response.status).toBe(202);
    const job = await client.jobs.wait(submitted.data?.job_id ?? '');
    expect(job.state).toBe('succeeded');
    const result = await client.api.GET('/api/v1/gedcom/jobs/{job_id}/result', { params: { path: { job_id: job.job_id } } });
    expect(result.data?.inspect?.records.total).toBe(3844);
  } finally {
    expect(await sidecar.stop()).toBe(0);
  }
}

describe('npm run package (scripts/package.mjs)', () => {
  it("ships the bundle, the worker entry and this platform's natives, and no test entry", () => {
    const files = readdirSync(PACKAGE).filter((name) => !name.startsWith('.'));
    expect(files).toEqual(
      expect.arrayContaining([
        'cli.js',
        'sidecar.cjs',
        'sidecar.cjs.cache',
        'gedcom-worker.js',
        'gedcom-worker.cjs',
        'gedcom-worker.cjs.cache',
        'package.json',
        'node_modules',
      ]),
    );
    expect(files.filter((name) => name.includes('test'))).toEqual([]);
    // The JavaScript that loads the natives is bundled: only the binaries ship beside it. The keyring
    // binding serves the Keychain and the Credential Manager; on Linux the Secret Service needs none
    // (the launches below show that nothing asks for it).
    const keyringBinding = process.platform === 'darwin' || process.platform === 'win32';
    expect(readdirSync(join(PACKAGE, 'node_modules')).sort()).toEqual(
      keyringBinding ? ['@napi-rs', 'better-sqlite3-multiple-ciphers'] : ['better-sqlite3-multiple-ciphers'],
    );
    if (keyringBinding) expect(readdirSync(join(PACKAGE, 'node_modules', '@napi-rs'))).toEqual([expect.stringMatching(/^keyring-/)]);
  });

  it('the plain-Node form launches, answers health with a verified readiness proof, and runs a GEDCOM job', async () => {
    await launchAndInspect({ entry: join(PACKAGE, 'cli.js') });
  }, 60_000);

  it.skipIf(!seaBuilt)(
    'the single executable launches through the launcher (execPath, no entry) and runs a GEDCOM job',
    async () => {
      await launchAndInspect({ entry: null, execPath: EXECUTABLE });
    },
    60_000,
  );

  it('the Electron example of docs/packaging.md starts the sidecar from an unpacked resources folder (Node standing in for Electron)', async () => {
    const resources = mkdtempSync(join(tmpdir(), 'electron-resources-'));
    cpSync(PACKAGE, join(resources, 'app.asar.unpacked', 'sidecar'), { recursive: true, filter: (source) => !source.endsWith('service-sidecar') });
    // @ts-expect-error: the example is plain JavaScript for a shell's main process, without declarations
    const { startSidecar } = (await import('../../docs/examples/electron-main.mjs')) as {
      startSidecar: (options: Record<string, unknown>) => Promise<LaunchedSidecar>;
    };
    const sidecar = await startSidecar({ resourcesPath: resources, appBuild: TEST_APP_BUILD, workspace: fixture.workspace, env: fixture.secrets.env });
    try {
      expect((await sidecar.client().api.GET('/api/v1/health')).data?.status).toBe('ready');
    } finally {
      expect(await sidecar.stop()).toBe(0);
    }
  }, 60_000);

  it('says why when it skips the single executable', () => {
    if (!seaBuilt) expect(packagingOutput).toMatch(/Skipping the single executable: .* has no SEA fuse/);
    else expect(packagingOutput).toContain('Building the Node single executable (SEA)');
  });
});
