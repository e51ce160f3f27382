import { beforeAll, describe, expect, it } from 'vitest';
import { generateGedcomBytes } from '../../../src/gedcom/generate.js';
import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';
import { inspectGedcomBytes } from '../../../src/gedcom/inspect/inspect.js';
import { indexTree } from '../../../src/gedcom/ops/tree-index.js';
import { analyzeQuality } from '../../../src/gedcom/ops/quality.js';
import { mergeDocuments } from '../../../src/gedcom/ops/merge.js';
import { extractSubtree } from '../../../src/gedcom/ops/subtree.js';
import { syncDocuments } from '../../../src/gedcom/ops/sync.js';
import { writeOutputBytes, writeOutputChunks } from '../../../src/gedcom/ops/output.js';
import { julianDay } from '../../../src/gedcom/ops/living.js';
import { WORK_STAGES, WorkCancelled } from '../../../src/gedcom/monitor.js';
import type { WorkMonitor, WorkStage } from '../../../src/gedcom/monitor.js';
import type { GedcomDocument } from '../../../src/gedcom/document.js';

interface Step {
  readonly stage: WorkStage;
  readonly done: number;
  readonly total: number | null;
}

/** Records every step; throws WorkCancelled on step number `cancelAt` (never when null). */
class RecordingMonitor implements WorkMonitor {
  readonly steps: Step[] = [];
  constructor(private readonly cancelAt: number | null = null) {}
  step(stage: WorkStage, done: number, total: number | null): void {
    this.steps.push({ stage, done, total });
    if (this.cancelAt !== null && this.steps.length >= this.cancelAt) throw new WorkCancelled();
  }
  stages(): WorkStage[] {
    return [...new Set(this.steps.map((s) => s.stage))];
  }
}

/** `done` never goes back within a stage, never passes a known total, and stages come in catalogue order. */
function expectOrderly(steps: readonly Step[]): void {
  const last = new Map<WorkStage, number>();
  let stageIndex = -1;
  for (const s of steps) {
    const previous = last.get(s.stage);
    if (previous !== undefined) expect(s.done).toBeGreaterThanOrEqual(previous);
    else {
      const at = WORK_STAGES.indexOf(s.stage);
      expect(at).toBeGreaterThan(stageIndex);
      stageIndex = at;
    }
    if (s.total !== null) expect(s.done).toBeLessThanOrEqual(s.total);
    last.set(s.stage, s.done);
  }
}

const LIVING = { today: julianDay(2025, 1, 1), thresholdYears: 110 };
let bytes: Buffer;
let other: Buffer;

beforeAll(async () => {
  // large enough for several steps per stage (STEP_MASK + 1 lines, records and pairs apart)
  bytes = await generateGedcomBytes({ individuals: 12_000, seed: 3 });
  other = await generateGedcomBytes({ individuals: 6_000, seed: 3 });
});

describe('work monitor', () => {
  it('sees parse, index, analyze, match, apply and write progress in order', async () => {
    const parse = new RecordingMonitor();
    const doc = parseGedcomBytes(bytes, { monitor: parse });
    expect(parse.stages()).toEqual(['parse']);
    expect(parse.steps.length).toBeGreaterThan(3);
    expect(parse.steps.at(-1)).toEqual({ stage: 'parse', done: bytes.length, total: bytes.length });
    expectOrderly(parse.steps);

    const inspect = new RecordingMonitor();
    await inspectGedcomBytes(bytes, { monitor: inspect });
    expect(inspect.steps.length).toBeGreaterThan(3);
    expect(inspect.steps.at(-1)).toEqual({ stage: 'parse', done: bytes.length, total: bytes.length });
    expectOrderly(inspect.steps);

    const quality = new RecordingMonitor();
    analyzeQuality(doc, { living: LIVING, monitor: quality });
    expect(quality.stages()).toEqual(['index', 'analyze']);
    expectOrderly(quality.steps);

    const merge = new RecordingMonitor();
    const merged = mergeDocuments(doc, parseGedcomBytes(other), { monitor: merge });
    expect(merge.stages()).toEqual(['index', 'match', 'apply']);
    expectOrderly(merge.steps);

    const write = new RecordingMonitor();
    const out = Buffer.concat([...writeOutputChunks(merged.document!, write)]);
    expect(out.equals(writeOutputBytes(merged.document!))).toBe(true);
    expect(write.stages()).toEqual(['write']);
    expectOrderly(write.steps);

    const subtree = new RecordingMonitor();
    extractSubtree(doc, { root: doc.records.find((r) => r.tag === 'INDI')!.xref!, direction: 'both', outputVersion: '7.0', monitor: subtree });
    expect(subtree.stages()).toEqual(['index', 'apply']);
    expectOrderly(subtree.steps);

    const sync = new RecordingMonitor();
    syncDocuments(doc, parseGedcomBytes(other), doc, { monitor: sync });
    expect(sync.stages()).toEqual(['index', 'match', 'apply']);
    expectOrderly(sync.steps);
  });

  describe('a monitor that cancels stops the work and leaves the input as it was', () => {
    let doc: GedcomDocument;
    beforeAll(() => {
      doc = parseGedcomBytes(bytes);
    });
    const untouched = (d: GedcomDocument): void => {
      expect(d.records.every((r) => !r.materialized && !r.edited)).toBe(true);
    };

    it.each([2, 5])('parse, cancelled at step %i', (n) => {
      const copy = Buffer.from(bytes);
      const monitor = new RecordingMonitor(n);
      expect(() => parseGedcomBytes(copy, { monitor })).toThrow(WorkCancelled);
      expect(monitor.steps).toHaveLength(n);
      expect(copy.equals(bytes)).toBe(true);
    });

    it('inspect', async () => {
      const monitor = new RecordingMonitor(3);
      await expect(inspectGedcomBytes(bytes, { monitor })).rejects.toBeInstanceOf(WorkCancelled);
      expect(monitor.steps).toHaveLength(3);
    });

    it('index', () => {
      const monitor = new RecordingMonitor(3);
      expect(() => indexTree(doc, { monitor })).toThrow(WorkCancelled);
      expect(monitor.steps.every((s) => s.stage === 'index')).toBe(true);
      untouched(doc);
    });

    it.each([2, 4])('quality, cancelled at step %i', (n) => {
      const monitor = new RecordingMonitor(n);
      const index = indexTree(doc);
      expect(() => analyzeQuality(doc, { living: LIVING, monitor }, index)).toThrow(WorkCancelled);
      expect(monitor.steps.at(-1)?.stage).toBe('analyze');
      untouched(doc);
    });

    it.each([2, 6, 12, 20])('merge, cancelled at step %i', (n) => {
      const right = parseGedcomBytes(other);
      const monitor = new RecordingMonitor(n);
      expect(() => mergeDocuments(doc, right, { monitor })).toThrow(WorkCancelled);
      expect(monitor.steps).toHaveLength(n);
      untouched(doc);
      untouched(right);
    });

    it('merge, cancelled in each of its stages', () => {
      const right = parseGedcomBytes(other);
      const full = new RecordingMonitor();
      mergeDocuments(doc, right, { monitor: full, dryRun: false });
      for (const stage of ['index', 'match', 'apply'] as const) {
        const at = full.steps.findIndex((s) => s.stage === stage) + 2;
        const monitor = new RecordingMonitor(at);
        expect(() => mergeDocuments(doc, right, { monitor })).toThrow(WorkCancelled);
        expect(monitor.steps.at(-1)?.stage).toBe(stage);
      }
      untouched(doc);
      untouched(right);
    });

    it('write', () => {
      const monitor = new RecordingMonitor(3);
      expect(() => [...writeOutputChunks(doc, monitor)]).toThrow(WorkCancelled);
    });
  });
});
