import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SILENT_EVENT_LOG } from '../../src/app/event-log.js';
import type { ProgressReport } from '../../src/app/jobs/job-work.js';
import { GEDCOM_LIMITS } from '../../src/contract/limits.js';
import { FileArtifactRegistry } from '../../src/infra/artifacts/file-artifact-registry.js';
import { defaultPoolSize, GedcomWorkerPool, type WorkerScript } from '../../src/infra/gedcom/worker-pool.js';
import { corpusRoot } from '../support/corpus.js';

const QUEEN = join(corpusRoot(), 'gedcom', 'd-jeffrey-gedcom-samples/queen/Queen.ged');

function pool(artifacts: FileArtifactRegistry, script: WorkerScript): GedcomWorkerPool {
  return new GedcomWorkerPool({
    script,
    size: 1,
    maxOldGenerationMb: 512,
    artifacts,
    checkpoints: null,
    now: () => 0,
    timers: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
    log: SILENT_EVENT_LOG,
  });
}

const order = { exportVersion: '7.0', nowMs: Date.UTC(2026, 10, 23), livingThresholdYears: 110, advisoryItems: 0 } as const;

describe('GEDCOM worker pool', () => {
  it('sizes itself from the machine: parallelism minus one, at least one, at most the named limit', () => {
    expect(defaultPoolSize(1)).toBe(1);
    expect(defaultPoolSize(2)).toBe(1);
    expect(defaultPoolSize(4)).toBe(3);
    expect(defaultPoolSize(64)).toBe(4);
  });

  it('runs tasks in workers started from the built loader (bundle and V8 code cache), with the same output each time', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pool-artifacts-'));
    const artifacts = new FileArtifactRegistry(root);
    await artifacts.prepare();
    const minted = await artifacts.importFile(QUEEN, 'gedcom.subtree');
    const input = await artifacts.resolve(minted.grant, 'gedcom.subtree');
    const request = { source: minted.grant, root: '@I101@', direction: 'both', generations: 2, execution: { mode: 'offline' } } as const;
    const outcomes = [];
    const script = { kind: 'file', path: resolve('dist/gedcom-worker.js') } as const;
    for (let run = 0; run < 2; run++) {
      const progress: ProgressReport[] = [];
      const workers = pool(artifacts, script);
      const outcome = await workers.run(
        { ...order, operation: 'subtree', request, inputs: [input] },
        { signal: new AbortController().signal, progress: (p) => progress.push(p) },
      );
      await workers.close();
      expect(outcome.output?.scope).toBe('gedcom.output');
      expect(outcome.output?.bytes).toBeLessThanOrEqual(GEDCOM_LIMITS.maxArtifactBytes);
      expect(progress.map((p) => p.stage)).toContain('write');
      outcomes.push({ section: outcome.section, sha256: outcome.output?.sha256 });
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
    // two outputs adopted, no temporary name left
    expect(readdirSync(join(root, 'objects')).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});
