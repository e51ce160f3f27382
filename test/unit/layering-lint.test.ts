import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without declarations
import { importCycles, sourceFiles } from '../../scripts/import-cycles.mjs';

const eslint = new ESLint({ cwd: process.cwd() });

/** Lints `code` as if it were the file at `path` (relative to the repository) and returns the layering messages. */
async function layeringMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(process.cwd(), path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('local/') === true || message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('layering lint rule (eslint/layering-rule.js)', () => {
  it.each([
    [
      'src/contract/probe.ts',
      "import { ServiceError } from '../app/service-error.js';\nexport const x = ServiceError;\n",
      'src/contract may not import src/app/service-error.ts (contract imports nothing of ours)',
    ],
    [
      'src/gedcom/probe.ts',
      "import { ServiceError } from '../app/service-error.js';\nexport const x = ServiceError;\n",
      'src/gedcom may not import src/app/service-error.ts (gedcom imports only contract and its own files)',
    ],
    ['src/gedcom/ops/probe.ts', "import { readFile } from 'node:fs/promises';\nexport const x = readFile;\n", 'gedcom may not import node:fs/promises'],
    [
      'src/app/gedcom/probe.ts',
      "import { parseGedcomBytes } from '../../gedcom/parse/parse.js';\nexport const x = parseGedcomBytes;\n",
      'src/app may not import src/gedcom/parse/parse.ts (app imports contract, app and the gedcom facade',
    ],
    [
      'src/infra/gedcom/probe.ts',
      "import { JobEngine } from '../../app/jobs/job-engine.js';\nexport const x = JobEngine;\n",
      'src/infra may not import src/app/jobs/job-engine.ts (infra imports contract, app ports',
    ],
    // Infra throws its own typed errors (src/app/adapter-errors.ts); only the application speaks the API's catalogue.
    [
      'src/infra/artifacts/probe.ts',
      "import { ServiceError } from '../../app/service-error.js';\nexport const refuse = () => new ServiceError('INTERNAL_FAILURE');\n",
      'src/infra may not import src/app/service-error.ts (infra imports contract, app ports',
    ],
    [
      'src/http/routes/probe.ts',
      "import { OsKeyring } from '../../infra/keyring/os-keyring.js';\nexport const x = OsKeyring;\n",
      'src/http may not import src/infra/keyring/os-keyring.ts (http imports contract and app)',
    ],
    [
      'src/app/chat/probe.ts',
      "export const load = () => import('../../infra/providers/chat-providers.js');\n",
      'src/app may not import src/infra/providers/chat-providers.ts',
    ],
    ['src/contract/probe.ts', "export * from '../http/route-definition.js';\n", 'src/contract may not import src/http/route-definition.ts'],
    [
      'client/probe.ts',
      "import { API_VERSION } from '../src/contract/api-version.js';\nexport const x = API_VERSION;\n",
      'the client is a package of its own and imports nothing from src/',
    ],
    [
      'src/providers/ollama/catalogue-probe.ts',
      "import { RetryPolicy } from '../../infra/providers/retry-policy.js';\nexport type X = RetryPolicy;\n",
      'src/contract may not import src/infra/providers/retry-policy.ts',
    ],
    [
      'src/providers/ollama/catalogue-probe.ts',
      "import { OLLAMA_WIRE } from './wire.js';\nexport const x = OLLAMA_WIRE;\n",
      'src/contract may not import src/providers/ollama/wire.ts',
    ],
    [
      'src/contract/provider-table.ts',
      "import { OLLAMA_WIRE } from '../providers/ollama/wire.js';\nexport const x = OLLAMA_WIRE;\n",
      'src/contract may not import src/providers/ollama/wire.ts',
    ],
    [
      'src/providers/ollama/probe.ts',
      "import { ChatService } from '../../app/chat/chat-service.js';\nexport const x = ChatService;\n",
      'src/infra may not import src/app/chat/chat-service.ts',
    ],
  ])('refuses %s importing across a layer', async (path, code, expected) => {
    const messages = await layeringMessages(path, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it.each([
    ['src/app/gedcom/probe.ts', "import { GedcomError } from '../../gedcom/index.js';\nexport const x = GedcomError;\n"],
    ['src/infra/gedcom/probe.ts', "import { JobCancelledError } from '../../app/jobs/job-work.js';\nexport const x = JobCancelledError;\n"],
    ['src/http/routes/probe.ts', "import { ServiceError } from '../../app/service-error.js';\nexport const x = ServiceError;\n"],
    ['src/main/probe.ts', "import { OsKeyring } from '../infra/keyring/os-keyring.js';\nexport const x = OsKeyring;\n"],
    ['src/gedcom/ops/probe.ts', "import { GEDCOM_VERSIONS } from '../../contract/gedcom-versions.js';\nexport const x = GEDCOM_VERSIONS;\n"],
    ['src/contract/provider-table.ts', "import { OLLAMA } from '../providers/ollama/catalogue.js';\nexport const x = OLLAMA.kind;\n"],
    ['src/providers/ollama/probe.ts', "import { linearBackoff } from '../../infra/providers/retry-policy.js';\nexport const x = linearBackoff;\n"],
  ])('allows %s importing downwards', async (path, code) => {
    expect(await layeringMessages(path, code)).toEqual([]);
  });
});

describe('provider place (eslint/provider-place-rule.js)', () => {
  it.each([
    ['src/app/chat/probe.ts', "export const local = (id: string): boolean => id === 'ollama';\n", 'provider place: ollama is named here (a string)'],
    ['src/infra/providers/probe.ts', 'export const header = `anthropic-version: ${1}`;\n', 'provider place: anthropic is named here (a template)'],
    ['src/contract/probe.ts', "export const reference = 'openai_compatible.api_key';\n", 'provider place: openai_compatible is named here'],
    ['src/infra/providers/probe.ts', 'export const openAiFlavour = 1;\n', 'provider place: openai is named here (the name openAiFlavour)'],
  ])('refuses %s naming a provider', async (path, code, expected) => {
    const messages = await layeringMessages(path, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it.each([
    ['src/providers/ollama/probe.ts', "export const local = (id: string): boolean => id === 'ollama';\n"],
    ['src/app/chat/probe.ts', "// Ollama's own wording is read in its folder.\nexport const x = 'openapi';\n"],
  ])('allows %s', async (path, code) => {
    expect(await layeringMessages(path, code)).toEqual([]);
  });
});

describe('composition rules (eslint/composition-rules.js)', () => {
  it.each([
    ['src/app/jobs/probe.ts', 'let calls = 0;\nexport const count = (): number => ++calls;\n', 'module state: a module-level `let`'],
    [
      'src/http/probe.ts',
      'const seen = new Map<string, number>();\nexport const mark = (key: string): void => void seen.set(key, 1);\n',
      'module state: a module-level `new Map` can be changed by anyone; declare it `ReadonlyMap`',
    ],
    [
      'src/infra/probe.ts',
      'const cache = new WeakMap<object, string>();\nexport const get = (key: object): string | undefined => cache.get(key);\n',
      'module state: a module-level `new WeakMap`',
    ],
    ['src/gedcom/probe.ts', 'export const installed: string[] = [];\n', 'module state: a module-level array without a readonly type'],
    [
      'src/main/probe.ts',
      "import { OsKeyring } from '../infra/keyring/os-keyring.js';\nexport const keyring = (): OsKeyring => new OsKeyring();\n",
      'composition: the entry point src/main/probe.ts constructs OsKeyring from src/infra/keyring/os-keyring.ts',
    ],
  ])('refuses %s', async (path, code, expected) => {
    const messages = await layeringMessages(path, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it.each([
    ['src/gedcom/probe.ts', "export const TAGS: ReadonlySet<string> = new Set(['INDI', 'FAM']);\n"],
    ['src/gedcom/probe.ts', "export const ORDER: readonly string[] = ['HEAD', 'TRLR'];\n"],
    ['src/gedcom/probe.ts', "export const ORDER = ['HEAD', 'TRLR'] as const;\n"],
    [
      'src/http/probe.ts',
      'export class Cache {\n  private readonly seen = new Map<string, number>();\n  size(): number {\n    return this.seen.size;\n  }\n}\n',
    ],
    [
      'src/main/compositions/probe.ts',
      "import { OsKeyring } from '../../infra/keyring/os-keyring.js';\nexport const keyring = (): OsKeyring => new OsKeyring();\n",
    ],
  ])('allows %s', async (path, code) => {
    expect(await layeringMessages(path, code)).toEqual([]);
  });
});

describe('cast rule (eslint/cast-rules.js)', () => {
  const unjustified = 'cast: an `as` cast needs a `// cast: <why it holds>` comment, or a type guard / schema check instead';

  it.each([
    ['src/http/probe.ts', 'export const port = (value: unknown): number => value as number;\n'],
    ['src/gedcom/probe.ts', 'export const first = (values: number[]): number => <number>values[0];\n'],
    ['src/app/probe.ts', '// the value is a number\nexport const port = (value: unknown): number => value as number;\n'],
  ])('refuses an unjustified cast in %s', async (path, code) => {
    expect(await layeringMessages(path, code)).toEqual([unjustified]);
  });

  it('refuses an `as unknown as` double cast even with a `cast:` comment', async () => {
    const messages = await layeringMessages(
      'src/http/probe.ts',
      '// cast: trust me\nexport const n = (value: string): number => value as unknown as number;\n',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('`as unknown as` double cast needs a `// double cast: <why a single cast cannot do>` comment');
  });

  it.each([
    ['src/http/probe.ts', 'export const port = (value: unknown): number => value as number; // cast: the caller passed a number\n'],
    ['src/http/probe.ts', '// cast: the caller passed a number\nexport const port = (value: unknown): number => value as number;\n'],
    [
      'src/http/probe.ts',
      'export const port = (value: unknown): number => {\n  // cast: the caller passed a number,\n  // checked by its schema\n  return value as number;\n};\n',
    ],
    ['src/gedcom/probe.ts', "export const TAGS = ['HEAD', 'TRLR'] as const;\n"],
    ['src/http/probe.ts', '// double cast: the two types do not overlap\nexport const n = (value: string): number => value as unknown as number;\n'],
    ['test/unit/probe.ts', 'export const port = (value: unknown): number => value as number;\n'],
    ['scripts/probe.ts', 'export const port = (value: unknown): number => value as unknown as number;\n'],
  ])('allows %s: a justified cast, `as const`, or a file outside src/', async (path, code) => {
    expect(await layeringMessages(path, code)).toEqual([]);
  });
});

describe('import circles (scripts/import-cycles.mjs)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'import-circles-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('finds a circle through a type-only import, and none once it is broken', () => {
    const a = join(folder, 'a.ts');
    const b = join(folder, 'b.ts');
    const c = join(folder, 'c.ts');
    writeFileSync(a, "import type { B } from './b.js';\nexport interface A { b: B }\n");
    writeFileSync(b, "import type { A } from './a.js';\nexport interface B { a?: A }\n");
    writeFileSync(c, "import type { A } from './a.js';\nexport type C = A;\n");
    const cycles: string[][] = importCycles([a, b, c]);
    expect(cycles.map((cycle) => [...cycle].sort())).toEqual([[a, b].sort()]);
    writeFileSync(b, 'export interface B { label: string }\n');
    expect(importCycles([a, b, c])).toEqual([]);
  });

  it('finds none in src/ and client/', () => {
    const files: string[] = [...sourceFiles(join(process.cwd(), 'src')), ...sourceFiles(join(process.cwd(), 'client'))];
    expect(files.length).toBeGreaterThan(100);
    expect(importCycles(files)).toEqual([]);
  });
});

describe('typed errors in infra', () => {
  it("constructs no ServiceError anywhere under src/infra (the application maps the adapters' errors)", () => {
    const files: string[] = sourceFiles(join(process.cwd(), 'src', 'infra'));
    expect(files.length).toBeGreaterThan(20);
    const speaking = files.filter((file) => /\bnew ServiceError\(/.test(readFileSync(file, 'utf8')));
    expect(speaking).toEqual([]);
  });
});
