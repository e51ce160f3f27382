import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from 'typebox/value';
import { afterAll, describe, expect, it } from 'vitest';
import { GEDCOM_OPERATION_TABLE, GEDCOM_OPERATIONS, type GedcomOperation, type GedcomRequests } from '../../src/contract/gedcom-operations.js';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { SILENT_MONITOR } from '../../src/gedcom/monitor.js';
import type { WorkerTask } from '../../src/infra/gedcom/worker-protocol.js';
import { OperationRefused } from '../../src/gedcom/index.js';
import { runTask } from '../../src/infra/gedcom/worker/task-runner.js';
import { TaskFailure } from '../../src/infra/gedcom/worker/task-failure.js';
import { allGedcomFiles } from '../support/corpus.js';

// What the worker answers for each operation on every file of the corpus must fit the operation's
// section schema: the service checks it and fails the job (GEDCOM_WORKER_FAILED) when it does not,
// so a field the engine fills from a file (an xref, a finding, a probable version's evidence) that
// the contract cannot hold would fail a user's job. The worker's task (the engine's runner over
// the files) runs here in-process.

const GRANT = 'g'.repeat(43);
const OFFLINE = { mode: 'offline' } as const;
const NAMEABLE_XREF = /^@[A-Za-z0-9_]{1,20}@$/;
const output = mkdtempSync(join(tmpdir(), 'operation-sections-'));
afterAll(() => rmSync(output, { recursive: true, force: true }));

function requestOf(operation: GedcomOperation, root: string, assume: { assume_version?: '5.5.1' }): GedcomRequests[GedcomOperation] {
  switch (operation) {
    case 'inspect':
      return { source: GRANT, execution: OFFLINE };
    case 'quality':
      return { source: GRANT, execution: OFFLINE, ...assume };
    case 'subtree':
      return { source: GRANT, root, direction: 'both', generations: 5, include_spouses: true, execution: OFFLINE, ...assume };
    case 'merge':
      return { left: GRANT, right: GRANT, execution: OFFLINE, ...assume };
    case 'sync':
      return { base: GRANT, edited: GRANT, target: GRANT, execution: OFFLINE, ...assume };
  }
}

describe('every operation on every corpus file answers a section its contract schema holds', () => {
  it.each(allGedcomFiles().map((f) => [f.rel, f.path] as const))('%s', async (_, path) => {
    const bytes = readFileSync(path);
    const doc = parseGedcomBytes(bytes);
    const root = doc.records.find((r) => r.tag === 'INDI' && r.xref !== null && NAMEABLE_XREF.test(r.xref))?.xref ?? '@I1@';
    const assume = doc.version.family === null ? { assume_version: '5.5.1' as const } : {};
    const input = { path, bytes: statSync(path).size, sha256: createHash('sha256').update(bytes).digest('hex') };
    for (const operation of GEDCOM_OPERATIONS) {
      const entry = GEDCOM_OPERATION_TABLE[operation];
      const request = requestOf(operation, root, assume);
      const task = {
        operation,
        request,
        inputs: entry.inputs.map(() => input),
        outputPath: entry.writesOutput ? join(output, `${operation}-${createHash('sha256').update(path).digest('hex').slice(0, 16)}.ged`) : null,
        exportVersion: '5.5.1',
        nowMs: Date.UTC(2026, 0, 1),
        livingThresholdYears: 110,
        advisoryItems: 0,
        checkpoint: null,
      } satisfies WorkerTask;
      try {
        const outcome = await runTask(operation, task, SILENT_MONITOR);
        const errors = [...Value.Errors(entry.section, outcome.section)].slice(0, 3).map((e) => `${operation}${e.instancePath}: ${e.message}`);
        expect(errors).toEqual([]);
      } catch (error) {
        // a catalogued refusal (an unsupported version, a root the file does not hold) is an answer too
        if (!(error instanceof TaskFailure) && !(error instanceof OperationRefused)) throw error;
        expect(['GEDCOM_VERSION_UNSUPPORTED', 'GEDCOM_ROOT_UNKNOWN', 'GEDCOM_INPUT_LIMIT']).toContain(error.code);
      } finally {
        if (task.outputPath !== null) rmSync(task.outputPath, { force: true });
      }
    }
  });
});
