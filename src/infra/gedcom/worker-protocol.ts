import type { GedcomOperation, GedcomRequests } from '../../contract/gedcom-operations.js';
import { GEDCOM_STAGE_NAMES, type GedcomStageName } from '../../contract/gedcom-stages.js';
import { GEDCOM_TASK_FAILURES, type GedcomTaskFailure } from '../../app/adapter-errors.js';
import type { ArtifactFile, WrittenOutput } from '../artifacts/file-artifact-registry.js';
import { isOneOf } from '../../contract/one-of.js';

/**
 * The messages between the main thread and a GEDCOM worker. Only bounded structured data crosses:
 * file locations and digests in, progress, a result section, an output digest and an advisory
 * prompt out. No file content and no error text ever crosses.
 */

/** Slots of the Int32Array over the task's SharedArrayBuffer. */
export const CONTROL = {
  /** 1 once the main thread cancelled the task. */
  cancel: 0,
  /** 0 while a held task waits; anything else wakes it (1 release, 2 cancel). */
  gate: 1,
  slots: 2,
} as const;

/** Test-only behaviour of the test composition: hold at a stage, or fail there on purpose. */
export interface TaskCheckpoint {
  readonly stage: GedcomStageName;
  readonly action: 'hold' | 'throw' | 'overflow_stack' | 'exhaust_memory';
}

export interface WorkerTask {
  readonly operation: GedcomOperation;
  readonly request: GedcomRequests[GedcomOperation];
  readonly inputs: readonly ArtifactFile[];
  /** Where the output is written, or null when the operation writes none (its descriptor's `writesOutput`, or a dry run). */
  readonly outputPath: string | null;
  readonly exportVersion: '5.5.1' | '7.0';
  readonly nowMs: number;
  readonly livingThresholdYears: number;
  readonly advisoryItems: number;
  readonly checkpoint: TaskCheckpoint | null;
}

export interface RunMessage {
  readonly type: 'run';
  readonly task: WorkerTask;
  readonly control: SharedArrayBuffer;
}

export type WorkerMessage =
  | { readonly type: 'progress'; readonly stage: GedcomStageName; readonly done: number; readonly total: number | null }
  | { readonly type: 'held' }
  | {
      readonly type: 'result';
      readonly section: unknown;
      readonly output: WrittenOutput | null;
      readonly prompt: { readonly text: string; readonly items: number; readonly livingRedacted: number; readonly restrictedRedacted: number } | null;
    }
  | { readonly type: 'failed'; readonly code: WorkerFailureCode }
  | { readonly type: 'cancelled' };

/** Codes a worker may report (GEDCOM_TASK_FAILURES); anything else becomes GEDCOM_WORKER_FAILED on the main thread. */
export type WorkerFailureCode = GedcomTaskFailure;

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isStage = (value: unknown): value is GedcomStageName => isOneOf(GEDCOM_STAGE_NAMES, value);
const isFailure = (value: unknown): value is WorkerFailureCode => isOneOf(GEDCOM_TASK_FAILURES, value);

function writtenOf(value: unknown): WrittenOutput | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isCount(value.bytes) || typeof value.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(value.sha256)) return undefined;
  return { bytes: value.bytes, sha256: value.sha256 };
}

function promptOf(value: unknown): { text: string; items: number; livingRedacted: number; restrictedRedacted: number } | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || typeof value.text !== 'string' || !isCount(value.items) || !isCount(value.livingRedacted) || !isCount(value.restrictedRedacted))
    return undefined;
  return { text: value.text, items: value.items, livingRedacted: value.livingRedacted, restrictedRedacted: value.restrictedRedacted };
}

/** A worker's message checked at the thread boundary; null for anything malformed. */
export function workerMessageOf(value: unknown): WorkerMessage | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'progress':
      return isStage(value.stage) && isCount(value.done) && (value.total === null || isCount(value.total))
        ? { type: 'progress', stage: value.stage, done: value.done, total: value.total }
        : null;
    case 'held':
      return { type: 'held' };
    case 'cancelled':
      return { type: 'cancelled' };
    case 'failed':
      return { type: 'failed', code: isFailure(value.code) ? value.code : 'GEDCOM_WORKER_FAILED' };
    case 'result': {
      const output = writtenOf(value.output);
      const prompt = promptOf(value.prompt);
      return output === undefined || prompt === undefined ? null : { type: 'result', section: value.section, output, prompt };
    }
    default:
      return null;
  }
}
