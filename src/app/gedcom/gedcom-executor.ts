import type { GedcomOperation, GedcomRequests } from '../../contract/gedcom-operations.js';
import type { ProgressReport } from '../jobs/job-work.js';
import type { MintedGrant, ResolvedArtifact } from './artifact-registry.js';

/** What one GEDCOM job asks of the executor: the operation, its request and its resolved inputs. */
export interface GedcomWorkOrder<K extends GedcomOperation = GedcomOperation> {
  readonly operation: K;
  readonly request: GedcomRequests[K];
  /** The inputs in the order of the operation's `inputs` fields. */
  readonly inputs: readonly ResolvedArtifact[];
  /** Output version when the request names none (the `gedcom.export_version` setting). */
  readonly exportVersion: '5.5.1' | '7.0';
  /** Living-person estimate: now (ms since the epoch) and the `privacy.living_threshold_years` setting. */
  readonly nowMs: number;
  readonly livingThresholdYears: number;
  /** Items the advisory prompt may describe; 0 when no advisory review was asked for. */
  readonly advisoryItems: number;
}

/** The prompt of an advisory review, built beside the operation (names and years only, living people redacted). */
export interface AdvisoryPromptText {
  readonly text: string;
  readonly items: number;
  readonly livingRedacted: number;
  readonly restrictedRedacted: number;
}

/** The outcome of one GEDCOM job: its result section (unchecked: the service validates it), its output and its prompt. */
export interface GedcomWorkOutcome {
  readonly section: unknown;
  readonly output: MintedGrant | null;
  readonly prompt: AdvisoryPromptText | null;
}

/** How a running GEDCOM job is watched: cancelled through `signal`, progress reported as it comes. */
export interface GedcomWorkWatch {
  readonly signal: AbortSignal;
  progress(report: ProgressReport): void;
}

/**
 * Runs GEDCOM operations away from the request thread (infra: the worker pool). Rejects with
 * JobCancelledError once `signal` aborted, with a ServiceError carrying a catalogued code
 * otherwise; never with an engine error's text. An output is minted only for a successful run.
 */
export interface GedcomExecutor {
  /** Operations that may run at once; more GEDCOM jobs wait `queued`. */
  readonly capacity: number;
  run(order: GedcomWorkOrder, watch: GedcomWorkWatch): Promise<GedcomWorkOutcome>;
  /** Stops every running operation now (shutdown). */
  close(): Promise<void>;
}
