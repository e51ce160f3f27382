import type { GedcomOperation, GedcomRequests, GedcomSections } from '../../contract/gedcom-operations.js';
import type { GedcomDocument } from '../document.js';
import type { ParseLineSink } from '../parse/line-sink.js';
import type { GedcomDocumentLike } from '../model.js';
import type { WorkMonitor } from '../monitor.js';
import type { AdvisoryPrompt } from '../ops/advisory-prompt.js';
import type { CarriedMember, GedzipMemberFacts } from '../gedzip/member-clash.js';

/**
 * What an operation's runner has at hand. The caller (the worker) implements it: it reads and
 * verifies the inputs, parses them (refusing an unsupported version or an input over the limits),
 * writes the output where the job's output goes and digests a plan with the inputs' digests.
 */
export interface OperationContext<K extends GedcomOperation> {
  readonly request: GedcomRequests[K];
  readonly monitor: WorkMonitor;
  /** For each input, in the order of `bytes()`: the files of its GEDZIP archive (dataset included), or null for a GEDCOM file. */
  readonly archives: readonly (readonly GedzipMemberFacts[] | null)[];
  /** Every input's bytes, read and verified (stage 'read'), in the order the descriptor's `inputs` names them; a GEDZIP input's are its dataset's. */
  bytes(): Buffer[];
  /**
   * Every input parsed (stages 'read' then 'parse'). `lines[i]`, when given, is told input i's
   * lines as the parse tokenizes them (an index built in the same pass: IndexFold).
   */
  documents(lines?: readonly (ParseLineSink | undefined)[]): GedcomDocument[];
  /**
   * Writes the output document (stage 'write') when the job has an output; does nothing otherwise (a dry run).
   * With a GEDZIP input the output is a GEDZIP: `carried` names members taken under another name (a merge's clash).
   */
  write(doc: GedcomDocumentLike, carried?: readonly CarriedMember[]): void;
  /** The digest of the decisions of a run (see `plan_digest`): equal for a dry run and a writing run that decide alike. */
  planDigest(decisions: unknown): string;
  /** Output version when the request names none (the `gedcom.export_version` setting). */
  readonly exportVersion: '5.5.1' | '7.0';
  /** Items the advisory prompt may describe; 0 when no advisory review was asked for (no prompt is built). */
  readonly advisoryItems: number;
  readonly living: { readonly today: number; readonly thresholdYears: number };
}

/** A runner's answer: the operation's result section and, when a review was asked for, its prompt. */
interface OperationOutcome<K extends GedcomOperation> {
  readonly section: GedcomSections[K];
  readonly prompt: AdvisoryPrompt | null;
}

/** The engine's entry for one operation: the request in, the engine's work, the contract's section out. */
export type OperationRunner<K extends GedcomOperation> = (ctx: OperationContext<K>) => Promise<OperationOutcome<K>> | OperationOutcome<K>;

/** A refusal an operation answers with a catalogued code (a root the file does not hold). */
export class OperationRefused extends Error {
  constructor(readonly code: 'GEDCOM_ROOT_UNKNOWN') {
    super(code);
    this.name = 'OperationRefused';
  }
}
