import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, MODEL, startChatWorld, type ChatWorld } from '../support/chat-world.js';
import { corpusRoot } from '../support/corpus.js';
import { runQuiet } from '../support/quiet-command.js';

/**
 * The client as a package of its own (issue 16, item 1): built, packed with `npm pack`, installed
 * into a scratch project with only its declared dependencies, a shell-like sample type-checked
 * against it, then run against a real sidecar: launch, follow a GEDCOM job to its end, stream a
 * chat run from the loopback fake, patch a setting with a typed key. A CommonJS sample (.cts,
 * compiled to require()) loads the same package through its `require` export condition.
 */

const ROOT = resolve('.');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const QUEEN = join(corpusRoot(), 'gedcom', 'd-jeffrey-gedcom-samples/queen/Queen.ged');

let world: ChatWorld;
let scratch: string;
let artifactRoot: string;

beforeAll(async () => {
  artifactRoot = mkdtempSync(join(tmpdir(), 'consumer-artifacts-'));
  world = await startChatWorld({ args: ['--artifact-root', artifactRoot] });
  await createProfile(world, 'consumer-local', 'ollama');
  world.fakes.ollama.reset();
  world.fakes.ollama.setFallback({ kind: 'text', answer: { pieces: ['Queen Victoria ', 'reigned from 1837 ', 'to 1901.'] } });
  // the sample starts its own sidecar on the same workspace
  await world.sidecar.stop();
  scratch = mkdtempSync(join(tmpdir(), 'client-consumer-'));
  runQuiet(process.execPath, ['scripts/build-client.mjs'], ROOT);
  runQuiet('npm', ['pack', '--ignore-scripts', '--pack-destination', scratch], join(ROOT, 'client'));
  const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'shell-consumer', private: true, type: 'module', dependencies: { '@genealogy-sidecar/client': `file:./${tarball}` } }),
  );
  runQuiet('npm', ['install', '--prefer-offline', '--no-package-lock', '--ignore-scripts'], scratch);
  mkdirSync(join(scratch, 'src'));
  writeFileSync(join(scratch, 'src', 'sample.ts'), readFileSync('test/consumer/sample.ts'));
  writeFileSync(join(scratch, 'src', 'require-sample.cts'), readFileSync('test/consumer/require-sample.cts'));
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        outDir: 'out',
        rootDir: 'src',
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules', '@types')],
        skipLibCheck: false,
      },
      include: ['src'],
    }),
  );
}, 240_000);

afterAll(async () => {
  await world?.close();
});

describe('the packed client in a project of its own', () => {
  it('installs with only its declared dependencies and imports nothing of the service source (the artifact registry is built into its dist)', () => {
    const installed = readdirSync(join(scratch, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed.sort()).toEqual(['@genealogy-sidecar', 'eventsource-parser', 'openapi-fetch', 'openapi-typescript-helpers'].sort());
    const files = readdirSync(join(scratch, 'node_modules', '@genealogy-sidecar', 'client', 'dist'), { recursive: true }).map(String);
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      expect(readFileSync(join(scratch, 'node_modules', '@genealogy-sidecar', 'client', 'dist', file), 'utf8'), file).not.toMatch(/\.\.\/src\/|typebox/);
    }
    expect(files).toContain('artifact-registry.js');
  });

  it('type-checks a shell sample (typed settings keys, no header on any call) and drives a real sidecar with it', async () => {
    runQuiet(process.execPath, [TSC, '-p', 'tsconfig.json'], scratch);
    const config = {
      entry: join(ROOT, 'dist', 'cli.js'),
      workspace: world.fixture.workspace,
      artifactRoot,
      source: QUEEN,
      profile: 'consumer-local',
      model: MODEL,
      env: world.fixture.secrets.env,
    };
    // run asynchronously: the loopback provider fake lives in this process and must keep answering
    const { stdout: out } = await promisify(execFile)(process.execPath, [join(scratch, 'out', 'sample.js'), JSON.stringify(config)], {
      cwd: scratch,
      encoding: 'utf8',
    });
    const summary = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
      health: number;
      theme: string;
      job: { state: string; kinds: string[] };
      chat: { kinds: string[]; characters: number };
    };
    expect(summary.health).toBe(200);
    expect(summary.theme).toBe('dark');
    expect(summary.job.state).toBe('succeeded');
    expect(summary.job.kinds[0]).toBe('queued');
    expect(summary.job.kinds.at(-1)).toBe('succeeded');
    expect(summary.job.kinds).toContain('progress');
    expect(summary.chat.kinds[0]).toBe('active');
    expect(summary.chat.kinds.at(-1)).toBe('completed');
    expect(summary.chat.characters).toBeGreaterThan(0);
  });

  it('is required by a CommonJS consumer (a .cts sample compiled to require()) through the package exports', () => {
    runQuiet(process.execPath, [TSC, '-p', 'tsconfig.json'], scratch);
    expect(readFileSync(join(scratch, 'out', 'require-sample.cjs'), 'utf8')).toContain('require("@genealogy-sidecar/client")');
    const summary: unknown = JSON.parse(runQuiet(process.execPath, [join(scratch, 'out', 'require-sample.cjs')], scratch).trim());
    expect(summary).toEqual({
      launchSidecar: 'function',
      bearerLength: 43,
      allowlist: true,
      errors: ['sidecar launch refused: spawn_failed (ENOENT)', 'RequestFailed', 'StreamInterrupted'],
      helpers: ['function', 'function', 'function'],
    });
  });
});
