import type { GedcomOperation } from '../../contract/gedcom-operations.js';
import { runInspect } from './inspect.js';
import { runMerge } from './merge.js';
import { runQuality } from './quality.js';
import { runSubtree } from './subtree.js';
import { runSync } from './sync.js';
import type { OperationRunner } from './runner.js';

/** The engine's entry for each operation of the contract's table: an operation without one does not compile. */
export const GEDCOM_RUNNERS: { readonly [K in GedcomOperation]: OperationRunner<K> } = {
  inspect: runInspect,
  merge: runMerge,
  subtree: runSubtree,
  quality: runQuality,
  sync: runSync,
};

export { OperationRefused } from './runner.js';
export type { OperationContext } from './runner.js';
