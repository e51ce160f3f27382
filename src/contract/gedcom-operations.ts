import type { TSchema } from 'typebox';
import type { ConsentPurpose } from './consent.js';
import type { GedcomStageName } from './gedcom-stages.js';
import {
  GedcomInspectRequest,
  GedcomInspectSummary,
  GedcomMergeRequest,
  GedcomMergeSummary,
  GedcomQualityRequest,
  GedcomQualitySummary,
  GedcomSubtreeRequest,
  GedcomSubtreeSummary,
  GedcomSyncRequest,
  GedcomSyncSummary,
  GEDCOM_OPERATIONS,
  type GedcomOperation,
} from './gedcom.js';

/** Request types by operation (the static types of the request schemas). */
export interface GedcomRequests {
  inspect: GedcomInspectRequest;
  merge: GedcomMergeRequest;
  subtree: GedcomSubtreeRequest;
  quality: GedcomQualityRequest;
  sync: GedcomSyncRequest;
}

/** Result sections by operation: `GedcomJobResult[op]` of a completed job. */
export interface GedcomSections {
  inspect: GedcomInspectSummary;
  merge: GedcomMergeSummary;
  subtree: GedcomSubtreeSummary;
  quality: GedcomQualitySummary;
  sync: GedcomSyncSummary;
}


/**
 * One GEDCOM operation, declared once. The routes, the job kinds (`gedcom.<name>`), the grant
 * scopes, the capability manifest, the OpenAPI contract and the worker dispatch are all derived
 * from this table; the worker's runner table is typed by the same operation names, so an
 * operation without a runner does not compile.
 */
interface GedcomOperationDescriptor<K extends GedcomOperation> {
  readonly name: K;
  readonly operationId: string;
  /** Route summary and description (OpenAPI), and the one-line action summary (capability manifest). */
  readonly summary: string;
  readonly description: string;
  readonly action: string;
  readonly request: TSchema;
  readonly section: TSchema;
  /** Request fields holding the input grants, in the order the worker receives the inputs. */
  readonly inputs: readonly (keyof GedcomRequests[K] & string)[];
  /** Whether each input's HEAD.GEDC.VERS is checked before the job is created (GEDCOM rule 7). */
  readonly versionChecked: boolean;
  /** Consent purpose of the optional advisory review; null when the operation has none. */
  readonly advisory: ConsentPurpose | null;
  /** Whether the operation may write an output artifact. */
  readonly writesOutput: boolean;
  readonly stages: readonly GedcomStageName[];
}

export type GedcomOperationTable = { readonly [K in GedcomOperation]: GedcomOperationDescriptor<K> };

export const GEDCOM_OPERATION_TABLE: GedcomOperationTable = {
  inspect: {
    name: 'inspect',
    operationId: 'submitInternalGedcomInspect',
    summary: 'Inspect a GEDCOM artifact',
    description: 'Deterministic inspection: version, encodings, terminators, record counts, xref integrity, finding codes, extension tags.',
    action: 'Submits a deterministic source inspection.',
    request: GedcomInspectRequest,
    section: GedcomInspectSummary,
    inputs: ['source'],
    versionChecked: false,
    advisory: null,
    writesOutput: false,
    stages: ['read', 'parse'],
  },
  merge: {
    name: 'merge',
    operationId: 'submitInternalGedcomMerge',
    summary: 'Merge two GEDCOM artifacts',
    description:
      'Loss-minimal merge of `right` into `left`: duplicates by blocking and scoring, every line of both kept, xrefs remapped, families of merged couples unified; the output is a new artifact unless `dry_run`. Review-band pairs are reported by xref only.',
    action: 'Submits a loss-minimal merge that writes a new artifact.',
    request: GedcomMergeRequest,
    section: GedcomMergeSummary,
    inputs: ['left', 'right'],
    versionChecked: true,
    advisory: 'merge_review',
    writesOutput: true,
    stages: ['read', 'parse', 'index', 'match', 'apply', 'write'],
  },
  subtree: {
    name: 'subtree',
    operationId: 'submitInternalGedcomSubtree',
    summary: 'Extract a rooted subtree',
    description:
      'Ancestors, descendants or both of `root` within `generations`, optionally with spouses, with the referential closure of sources, repositories, notes, media and submitters; no dangling pointer; output in `output_version` or the `gedcom.export_version` setting.',
    action: 'Submits a rooted subtree extraction.',
    request: GedcomSubtreeRequest,
    section: GedcomSubtreeSummary,
    inputs: ['source'],
    versionChecked: true,
    advisory: null,
    writesOutput: true,
    stages: ['read', 'parse', 'index', 'apply', 'write'],
  },
  quality: {
    name: 'quality',
    operationId: 'submitInternalGedcomQuality',
    summary: 'Analyse data quality',
    description:
      'Gramps Verify person and family rules with their default thresholds over day ranges (year-only dates included), missing sources on vital events, dangling and duplicate xrefs, circular ancestry, invalid dates and probably-living counts; whole file or rooted.',
    action: 'Submits a quality analysis of the whole file or a rooted part.',
    request: GedcomQualityRequest,
    section: GedcomQualitySummary,
    inputs: ['source'],
    versionChecked: true,
    advisory: 'quality_review',
    writesOutput: false,
    stages: ['read', 'parse', 'index', 'analyze'],
  },
  sync: {
    name: 'sync',
    operationId: 'submitInternalGedcomSync',
    summary: 'Synchronise changes',
    description:
      'The typed record-level change set base -> edited (field paths, no values) applied to target into a new artifact; records the target changed differently are conflicts, reported and not overwritten.',
    action: 'Submits a typed incremental synchronisation.',
    request: GedcomSyncRequest,
    section: GedcomSyncSummary,
    inputs: ['base', 'edited', 'target'],
    versionChecked: true,
    advisory: null,
    writesOutput: true,
    stages: ['read', 'parse', 'index', 'apply', 'write'],
  },
};

/** What every entry offers whatever its operation (routes, manifest, submission). */
export type GedcomOperationEntry = Omit<GedcomOperationDescriptor<GedcomOperation>, 'inputs'> & { readonly inputs: readonly string[] };

/** The table's entries in the order of GEDCOM_OPERATIONS. */
export function gedcomOperationEntries(): readonly GedcomOperationEntry[] {
  return GEDCOM_OPERATIONS.map((op): GedcomOperationEntry => GEDCOM_OPERATION_TABLE[op]);
}
