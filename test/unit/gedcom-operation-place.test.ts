import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { GEDCOM_OPERATIONS } from '../../src/contract/gedcom-operations.js';
// @ts-expect-error: a plain ES module script without declarations
import { gedcomOperationNames } from '../../eslint/gedcom-operation-rule.js';

const eslint = new ESLint({ cwd: process.cwd() });

/** Lints `code` as if it were the file at `path` (relative to the repository) and returns the rule's messages. */
async function placeMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(process.cwd(), path) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'operations/gedcom-operation-place').map((message) => message.message);
}

describe('an operation is named only in its place (eslint/gedcom-operation-rule.js)', () => {
  it('knows the operations the table lists, one descriptor file each', () => {
    expect([...gedcomOperationNames()].sort()).toEqual([...GEDCOM_OPERATIONS].sort());
  });

  it.each([
    ['src/app/gedcom/probe.ts', 'export const SECTIONS = { inspect: null };\n', 'names the GEDCOM operation `inspect` outside its place'],
    ['src/app/gedcom/probe.ts', "export const kind = (op: string): boolean => op === 'merge';\n", 'names the GEDCOM operation `merge`'],
    ['src/infra/gedcom/worker/probe.ts', 'export function subtreeSection(): number {\n  return 1;\n}\n', 'names the GEDCOM operation `subtree`'],
    ['src/http/routes/probe.ts', "export const PATH = '/api/v1/gedcom/quality';\n", 'names the GEDCOM operation `quality`'],
    ['src/app/jobs/probe.ts', "export const KIND = 'gedcom.sync';\n", 'names the GEDCOM operation `sync`'],
    ['src/contract/probe.ts', 'export interface GedcomMergeRequest {\n  readonly left: string;\n}\n', 'names the GEDCOM operation `merge`'],
    ['client/probe.ts', 'export const scope = `gedcom.inspect`;\n', 'names the GEDCOM operation `inspect`'],
    ['src/contract/gedcom-operations/merge.ts', "export const X = { sync: 1 };\nexport const Y = 'gedcom.sync';\n", 'names the GEDCOM operation `sync`'],
    [
      'src/contract/gedcom-operations/merge.ts',
      "declare function gedcomOperation(d: object): object;\nexport const MERGE = gedcomOperation({ name: 'merged' });\n",
      'must be named `merge` after its file',
    ],
  ])('refuses %s', async (path, code, expected) => {
    const messages = await placeMessages(path, code);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]).toContain(expected);
  });

  it.each([
    ['src/gedcom/runners/probe.ts', 'export const RUNNERS = { merge: 1, sync: 2 };\n'],
    ['src/contract/gedcom-operations/sync.ts', "export const SYNC = { name: 'sync', scope: 'gedcom.sync' };\n"],
    ['src/infra/gedcom/worker/probe.ts', "import { readFileSync } from 'node:fs';\nexport const read = (path: string): Buffer => readFileSync(path);\n"],
    ['src/app/chat/probe.ts', "export const MODE = 'sync';\n"],
    ['src/app/gedcom/probe.ts', "export const TEXT = 'A merge keeps every line of both files.';\n"],
  ])('allows %s', async (path, code) => {
    expect(await placeMessages(path, code)).toEqual([]);
  });
});
