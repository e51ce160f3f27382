/**
 * How a long GEDCOM operation reports its progress and learns that it must stop. The engine calls
 * `step` from its hot loops (every few thousand lines, records or pairs); the caller decides what
 * a report costs (the worker coalesces them) and throws {@link WorkCancelled} from `step` when the
 * work must stop, so cancellation is seen within one step interval wherever the work is.
 */

import { GEDCOM_STAGE_NAMES, type GedcomStageName } from '../contract/gedcom-stages.js';

/** Stable stage names, in the order an operation passes through them (declared in the contract). */
export const WORK_STAGES = GEDCOM_STAGE_NAMES;
export type WorkStage = GedcomStageName;

export interface WorkMonitor {
  /**
   * `done` units of `total` (null when unknown) in `stage`: bytes while reading and parsing,
   * records while indexing and writing, candidate blocks while matching, people while analysing.
   * Throws WorkCancelled when the work was cancelled.
   */
  step(stage: WorkStage, done: number, total: number | null): void;
}

/** Thrown by a monitor's `step` once the work was cancelled. */
export class WorkCancelled extends Error {
  constructor() {
    super('work cancelled');
    this.name = 'WorkCancelled';
  }
}

/** A monitor that never reports and never cancels (the command line, tests, small inputs). */
export const SILENT_MONITOR: WorkMonitor = { step: () => undefined };

/** Lines, records or pairs between two calls of `step` in a hot loop (a power of two minus one, as a mask). */
export const STEP_MASK = 0x0fff;

/**
 * A monitor that reports an inner piece of work as the slice starting at `base` of a larger
 * stage: whatever stage the inner work names, its `done` becomes `base + done` of `total` in
 * `stage`. Lets an operation that indexes two files, or converts then indexes, report one
 * stage whose `done` never goes back.
 */
export function monitorSlice(monitor: WorkMonitor, stage: WorkStage, base: number, total: number | null): WorkMonitor {
  if (monitor === SILENT_MONITOR) return monitor;
  return { step: (_inner, done) => monitor.step(stage, base + done, total) };
}
