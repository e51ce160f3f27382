import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without declarations
import { bundleArtifactRegistry } from '../../scripts/client-registry-bundle.mjs';
import { corpusRoot } from '../support/corpus.js';
import { exampleRegions, shownRegions } from '../support/example-regions.js';
import { keyringTool, localState, type LocalStateFixture } from '../support/local-state.js';
import { TEST_APP_BUILD } from '../support/sidecar.js';

/**
 * The example shell (issue 35): examples/shell/first-session.mjs run as a child process, as a shell
 * developer would run it, against the built sidecar (dist/cli.js) with a real keyring: it imports the
 * client by its package name from a project where the built package is installed, and does a user's
 * first session from launch to stop. docs/client.md shows its regions, kept equal here.
 */

const ROOT = resolve('.');
const EXAMPLE = join(ROOT, 'examples', 'shell');
const corpus = (rel: string): string => join(corpusRoot(), 'gedcom', rel);
const TUDOR = corpus('d-jeffrey-gedcom-samples/tudor/EnglishTudorRoyalFamily.ged');
const QUEEN = corpus('d-jeffrey-gedcom-samples/queen/Queen.ged');

let fixture: LocalStateFixture;
let project: string;

beforeAll(async () => {
  fixture = localState('unlocked');
  // a project with the built client installed under its name, and the example's two files
  project = mkdtempSync(join(tmpdir(), 'example-shell-'));
  const installed = join(project, 'node_modules', '@genealogy-sidecar', 'client');
  mkdirSync(installed, { recursive: true });
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'client/tsconfig.json', '--outDir', join(installed, 'dist')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await bundleArtifactRegistry(join(installed, 'dist', 'artifact-registry.js'));
  copyFileSync(join(ROOT, 'client', 'package.json'), join(installed, 'package.json'));
  for (const dependency of ['eventsource-parser', 'openapi-fetch', 'openapi-typescript-helpers'])
    symlinkSync(join(ROOT, 'node_modules', dependency), join(project, 'node_modules', dependency), 'dir');
  for (const file of ['first-session.mjs', 'ollama-fake.mjs']) copyFileSync(join(EXAMPLE, file), join(project, file));
}, 180_000);

afterAll(() => fixture?.stop());

interface Summary {
  diagnostics: string;
  theme: string;
  credential: string;
  consent: string;
  chat: { answer: string; ending: string; runsUsed: number };
  quality: { individuals: number; totals: { error: number; warning: number; info: number }; rules: number };
  merge: { planned: number; merged: number; planJob: boolean };
  shutdown: string;
  exit: number;
}

describe('the example shell (examples/shell/first-session.mjs)', () => {
  it("does a user's first session end to end against the built sidecar with a real keyring", async () => {
    const artifactRoot = mkdtempSync(join(tmpdir(), 'example-artifacts-'));
    const exportTo = join(mkdtempSync(join(tmpdir(), 'example-out-')), 'merged.ged');
    const config = {
      entry: join(ROOT, 'dist', 'cli.js'),
      appBuild: TEST_APP_BUILD,
      workspace: fixture.workspace,
      artifactRoot,
      env: fixture.secrets.env,
      family: TUDOR,
      relatives: QUEEN,
      exportTo,
    };
    const { stdout } = await promisify(execFile)(process.execPath, ['first-session.mjs', JSON.stringify(config)], { cwd: project, encoding: 'utf8' });
    const summary = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Summary;
    expect(summary).toMatchObject({ diagnostics: 'ready', theme: 'dark', credential: 'present', consent: 'active', shutdown: 'ready', exit: 0 });
    expect(summary.chat).toEqual({ answer: 'Anne Boleyn was the second wife of Henry VIII.', ending: 'completed', runsUsed: 1 });
    expect(summary.quality.individuals).toBeGreaterThan(0);
    expect(summary.quality.rules).toBeGreaterThan(0);
    expect(summary.merge.planJob).toBe(true);
    expect(summary.merge.merged).toBe(summary.merge.planned);
    expect(readFileSync(exportTo, 'utf8')).toMatch(/^\uFEFF?0 HEAD/);
    // what the user saw: the diagnostics, a progress bar, the findings, the plan; never the credential
    expect(stdout).toContain('start-up: ready');
    expect(stdout).toMatch(/ \[#{20}\] (\d+)\/\1\n/);
    expect(stdout).toContain('merge plan:');
    expect(stdout).not.toContain('sk-example-not-a-real-key');
    // the credential is in the OS keyring the sidecar used
    expect(JSON.parse(keyringTool(fixture.secrets.env, 'get', 'openai.api_key'))).toBe('sk-example-not-a-real-key');
  }, 180_000);

  it('docs/client.md shows each region of the example as it is', () => {
    const regions = exampleRegions(join(EXAMPLE, 'first-session.mjs'));
    const shown = shownRegions(readFileSync('docs/client.md', 'utf8'));
    expect([...shown.keys()]).toEqual([...regions.keys()]);
    for (const [name, code] of regions) expect(shown.get(name), name).toBe(code);
  });
});
