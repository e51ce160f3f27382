import type { GedcomOperation, GedcomRequests } from '../../../contract/gedcom-operations.js';
import {
  monitorSlice,
  parseGedcomBytes,
  todayJulianDay,
  writeOutputChunks,
  type CarriedMember,
  type GedcomDocumentLike,
  type OperationContext,
  type WorkMonitor,
} from '../../../gedcom/index.js';
import type { WrittenOutput } from '../../artifacts/file-artifact-registry.js';
import type { WorkerTask } from '../worker-protocol.js';
import { readInputs, writeOutput } from './artifact-io.js';
import { writeGedzipOutput, type GedzipInput } from './gedzip-inputs.js';
import { planDigest } from './plan-digest.js';
import { TaskFailure } from './task-failure.js';

/** The engine's context for one task (its inputs read lazily, parsed with progress), and what the task wrote. */
export interface TaskContext<K extends GedcomOperation> extends OperationContext<K> {
  /** The output the runner wrote, or null when it wrote none. */
  written(): WrittenOutput | null;
  /** Writes the output the runner handed over when it is a GEDZIP (streamed after the runner returned). */
  finish(): Promise<void>;
}

/**
 * The context of one task over its control and output path: the file side of the engine's runner.
 * A GEDZIP input (`gedzip`, opened before) gives its dataset as its bytes; when any input is one,
 * the output is a GEDZIP too.
 */
export function taskContext<K extends GedcomOperation>(
  task: WorkerTask,
  request: GedcomRequests[K],
  monitor: WorkMonitor,
  gedzip: readonly (GedzipInput | null)[] = [],
): TaskContext<K> {
  let bytes: Buffer[] | null = null;
  let output: WrittenOutput | null = null;
  let pendingArchive: { readonly doc: GedcomDocumentLike; readonly carried: readonly CarriedMember[] } | null = null;
  const readAll = (): Buffer[] =>
    (bytes ??= readInputs(
      task.inputs,
      monitor,
      gedzip.map((input) => input?.dataset ?? null),
    ));
  return {
    request,
    monitor,
    archives: task.inputs.map((_, i) => gedzip[i]?.archive.memberFacts() ?? null),
    bytes: readAll,
    documents(lines = []) {
      const inputs = readAll();
      const total = inputs.reduce((sum, b) => sum + b.length, 0);
      let base = 0;
      const assumeVersion = 'assume_version' in request ? (request.assume_version ?? null) : null;
      const docs = inputs.map((b, i) => {
        const sink = lines[i];
        const doc = parseGedcomBytes(b, {
          monitor: monitorSlice(monitor, 'parse', base, total),
          assumeVersion,
          ...(sink === undefined ? {} : { lines: sink }),
        });
        base += b.length;
        if (doc.version.family === null) throw new TaskFailure('GEDCOM_VERSION_UNSUPPORTED');
        if (doc.diagnostics.some((d) => d.code === 'LINE_OVER_LIMIT' || d.code === 'VALUE_OVER_LIMIT')) throw new TaskFailure('GEDCOM_INPUT_LIMIT');
        return doc;
      });
      bytes = null;
      return docs;
    },
    write(doc, carried = []) {
      if (task.outputPath === null) return;
      if (gedzip.some((input) => input !== null)) pendingArchive = { doc, carried };
      else output = writeOutput(task.outputPath, writeOutputChunks(doc, monitor));
    },
    written: () => output,
    async finish() {
      if (pendingArchive !== null && task.outputPath !== null)
        output = await writeGedzipOutput(task.outputPath, pendingArchive.doc, gedzip, pendingArchive.carried, monitor);
    },
    planDigest: (decisions) => planDigest(task.operation, task, decisions),
    exportVersion: task.exportVersion,
    advisoryItems: task.advisoryItems,
    living: { today: todayJulianDay(new Date(task.nowMs)), thresholdYears: task.livingThresholdYears },
  };
}
