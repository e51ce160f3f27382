import { createHash } from 'node:crypto';
import type { GedcomOperation } from '../../../contract/gedcom-operations.js';
import type { WorkerTask } from '../worker-protocol.js';

/**
 * The digest of what a run decided (for the runners whose section carries `plan_digest`), the same
 * for its dry run and for a writing run over the same inputs: the operation, every input's SHA-256
 * (in the order the operation names them) and the decisions with what they rest on, as the runner
 * gives them (thresholds, output version, every merged pair, or the change set and its conflicts).
 * A writing run that names a dry run applies its plan only when both digests are equal.
 */
export function planDigest(operation: GedcomOperation, task: WorkerTask, decisions: unknown): string {
  const plan = { operation, inputs: task.inputs.map((input) => input.sha256), decisions };
  return createHash('sha256').update(JSON.stringify(plan), 'utf8').digest('hex');
}
