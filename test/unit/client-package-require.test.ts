import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without declarations
import { bundleArtifactRegistry } from '../../scripts/client-registry-bundle.mjs';

/**
 * The client's package.json lets a CommonJS consumer `require()` it (Node >= 20.19 loads an ES
 * module without top-level await that way): the client's sources, transpiled as they are, installed
 * with its package.json into a scratch project, required from a .cjs file by a separate Node.
 * test/e2e/client-package.test.ts does the same with the packed, type-checked build.
 */

const CLIENT = resolve('client');
const SOURCES = [
  ...readdirSync(CLIENT).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts')),
  ...readdirSync(join(CLIENT, 'generated')).map((name) => join('generated', name)),
];

let scratch: string;

/** Await expressions (and `for await`) outside any function: what makes an ES module impossible to require(). */
function topLevelAwaits(file: string): number[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier !== undefined))
      lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'client-require-'));
  const installed = join(scratch, 'node_modules', '@genealogy-sidecar', 'client');
  for (const file of SOURCES) {
    const { outputText } = ts.transpileModule(readFileSync(join(CLIENT, file), 'utf8'), {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    const target = join(installed, 'dist', file.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  // the package's `#artifact-registry`, as its build bundles it
  await bundleArtifactRegistry(join(installed, 'dist', 'artifact-registry.js'));
  copyFileSync(join(CLIENT, 'package.json'), join(installed, 'package.json'));
  // its declared dependencies, as installed for the repository
  for (const dependency of ['eventsource-parser', 'openapi-fetch', 'openapi-typescript-helpers'])
    symlinkSync(resolve('node_modules', dependency), join(scratch, 'node_modules', dependency), 'dir');
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'cjs-consumer', private: true, type: 'commonjs' }));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the client for a CommonJS consumer', () => {
  it('has no top-level await in any module (require() of an ES module refuses one)', () => {
    for (const file of SOURCES) expect(topLevelAwaits(join(CLIENT, file)), file).toEqual([]);
  });

  it('is required from a .cjs file through the package exports', () => {
    writeFileSync(
      join(scratch, 'consumer.cjs'),
      `const client = require('@genealogy-sidecar/client');
process.stdout.write(JSON.stringify({ resolved: require.resolve('@genealogy-sidecar/client'), launchSidecar: typeof client.launchSidecar, createSidecarClient: typeof client.createSidecarClient, StreamInterrupted: typeof client.StreamInterrupted, LocalArtifactStore: typeof client.LocalArtifactStore }));`,
    );
    const out = execFileSync(process.execPath, ['consumer.cjs'], { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(JSON.parse(out)).toEqual({
      resolved: join(scratch, 'node_modules', '@genealogy-sidecar', 'client', 'dist', 'index.js'),
      launchSidecar: 'function',
      createSidecarClient: 'function',
      StreamInterrupted: 'function',
      LocalArtifactStore: 'function',
    });
  });
});
