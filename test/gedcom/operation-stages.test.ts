import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GEDCOM_OPERATION_TABLE, GEDCOM_OPERATIONS, type GedcomOperation, type GedcomRequests } from '../../src/contract/gedcom-operations.js';
import type { GedcomStageName } from '../../src/contract/gedcom-stages.js';
import type { WorkMonitor } from '../../src/gedcom/index.js';
import type { WorkerTask } from '../../src/infra/gedcom/worker-protocol.js';
import { runTask } from '../../src/infra/gedcom/worker/task-runner.js';

// The stages an operation's descriptor declares are the stages its runner reports, in that order:
// the descriptor is what a client reads to show progress, the runner is what the engine does.

const FILE = join(import.meta.dirname, '..', 'fixtures', 'gedcom', 'jisco-gedcom.json', 'examples', 'norseGods.ged');
const GRANT = 'g'.repeat(43);
const OFFLINE = { mode: 'offline' } as const;
const output = mkdtempSync(join(tmpdir(), 'operation-stages-'));
afterAll(() => rmSync(output, { recursive: true, force: true }));

function requestOf(operation: GedcomOperation, root: string): GedcomRequests[GedcomOperation] {
  switch (operation) {
    case 'inspect':
      return { source: GRANT, execution: OFFLINE };
    case 'quality':
      return { source: GRANT, execution: OFFLINE };
    case 'subtree':
      return { source: GRANT, root, direction: 'both', execution: OFFLINE };
    case 'merge':
      return { left: GRANT, right: GRANT, execution: OFFLINE };
    case 'sync':
      return { base: GRANT, edited: GRANT, target: GRANT, execution: OFFLINE };
  }
}

describe('each operation reports the stages its descriptor declares, in order', () => {
  const bytes = readFileSync(FILE);
  const root = /^0 (@[^@]+@) INDI/m.exec(bytes.toString('utf8'))?.[1] ?? '@I1@';
  const input = { path: FILE, bytes: statSync(FILE).size, sha256: createHash('sha256').update(bytes).digest('hex') };

  it.each(GEDCOM_OPERATIONS.map((operation) => [operation]))('%s', async (operation) => {
    const entry = GEDCOM_OPERATION_TABLE[operation];
    const seen: GedcomStageName[] = [];
    const monitor: WorkMonitor = { step: (stage) => void (seen.at(-1) === stage ? undefined : seen.push(stage)) };
    const task = {
      operation,
      request: requestOf(operation, root),
      inputs: entry.inputs.map(() => input),
      outputPath: entry.writesOutput ? join(output, `${operation}.ged`) : null,
      exportVersion: '5.5.1',
      nowMs: Date.UTC(2026, 0, 1),
      livingThresholdYears: 110,
      advisoryItems: 0,
      checkpoint: null,
    } satisfies WorkerTask;
    await runTask(operation, task, monitor);
    expect(seen).toEqual(entry.stages);
  });
});
