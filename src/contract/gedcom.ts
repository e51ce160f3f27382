import { SchemaVersion1 } from './api-version.js';
import { Type, type Static } from 'typebox';
import { ARTIFACT_GRANT_PATTERN, JOB_ID_PATTERN, JobArtifactReference, JobId, JobStateSchema } from './jobs.js';
import { GEDCOM_LIMITS } from './limits.js';
import { ConsentName } from './consent.js';
import { ModelName, ProfileName, ProviderIdSchema } from './providers.js';
import { ASSUMABLE_GEDCOM_VERSIONS } from './gedcom-versions.js';

/**
 * GEDCOM operation requests and results (spec section 4, GEDCOM rules 1-9; contract.md section 10).
 * Requests name artifacts only by opaque grants; results carry grants, counts, rule names, tag
 * paths and record identifiers (xrefs), never record content (names, dates, places, notes) or paths.
 */

export const GEDCOM_OPERATIONS = ['inspect', 'merge', 'subtree', 'quality', 'sync'] as const;
export type GedcomOperation = (typeof GEDCOM_OPERATIONS)[number];
/** The grant scope of each operation: `gedcom.<operation>`. */
export type GedcomGrantScope = `gedcom.${GedcomOperation}`;
export const GEDCOM_GRANT_SCOPES: readonly GedcomGrantScope[] = GEDCOM_OPERATIONS.map((op): GedcomGrantScope => `gedcom.${op}`);
/** Scope of artifacts an operation produced: the main process may export them or import them again. */
export const GEDCOM_OUTPUT_SCOPE = 'gedcom.output';

/** A record identifier the API can name (7.0 allows longer ones: such a record is counted, never listed). */
export const XREF_PATTERN = '^@[A-Za-z0-9_.:-]{1,64}@$';
const Xref = Type.String({ pattern: XREF_PATTERN, maxLength: 66, description: 'A record identifier as written in the file, with its `@` signs.' });
const ArtifactGrant = Type.String({ pattern: ARTIFACT_GRANT_PATTERN, description: 'Opaque artifact grant (`agr_` + 32 hex) scoped to one operation; never a path.' });

const EXECUTION_MODES = ['offline', 'local', 'cloud'] as const;

export const ExecutionSelection = Type.Object(
  {
    mode: Type.Enum(EXECUTION_MODES, { description: '`offline`: deterministic only, no provider field allowed. `local`: profile and model of a local provider. `cloud`: profile, model and consent.' }),
    profile: Type.Optional(ProfileName),
    model: Type.Optional(ModelName),
    consent: Type.Optional(ConsentName),
    advisory_preview: Type.Optional(
      Type.Boolean({
        description:
          'true: run the deterministic part and build the advisory request exactly as it would be sent, but send nothing; the result\'s `advisory.payload` holds it (not for `offline`). No consent run is charged.',
      }),
    ),
    advisory_payload_digest: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f]{64}$',
        description:
          'The `advisory.payload.digest` of a preview: the review is sent only if its request is that payload byte for byte, otherwise it fails with ADVISORY_PAYLOAD_STALE and nothing is sent (not for `offline`).',
      }),
    ),
  },
  { additionalProperties: false, description: 'Where the optional advisory review runs. Deterministic results never depend on it.' },
);
export type ExecutionSelection = Static<typeof ExecutionSelection>;

const AssumeVersion = Type.Enum(ASSUMABLE_GEDCOM_VERSIONS, {
  description:
    'Read an input that declares no supported GEDCOM version (no HEAD.GEDC.VERS, or 5.0, 5.01, 4.0) as this version. Without it such an input is refused with GEDCOM_VERSION_UNSUPPORTED; an input with a supported version is always read as declared. Inspect reports the probable version with its evidence (`version.probable`).',
});
const OutputVersion = Type.Enum(['5.5.1', '7.0'], { description: 'Version of the output artifact; default `gedcom.export_version` for subtree, the left file\'s version for merge.' });
const Generations = Type.Integer({ minimum: 0, maximum: GEDCOM_LIMITS.maxGenerations });

export const GedcomInspectRequest = Type.Object({ source: ArtifactGrant, execution: ExecutionSelection }, { additionalProperties: false });
export type GedcomInspectRequest = Static<typeof GedcomInspectRequest>;

const PlanJob = Type.Optional(
  Type.String({
    pattern: JOB_ID_PATTERN,
    description:
      'The dry-run job (same operation) whose plan this writing run must apply: the same input digests, the same decisions and thresholds; otherwise the job fails with GEDCOM_PLAN_STALE and writes nothing. Not with `dry_run`.',
  }),
);
const PlanDigest = Type.Optional(
  Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the plan: the operation, the input digests, the thresholds and every decision (merged pairs, or the change set and its conflicts).' }),
);
const PlanFollowed = Type.Optional(Type.Union([JobId, Type.Null()], { description: 'The dry-run job whose plan this run applied (`plan_job` of the request); null when none was named.' }));

export const GedcomMergeRequest = Type.Object(
  {
    left: ArtifactGrant,
    right: ArtifactGrant,
    dry_run: Type.Optional(Type.Boolean()),
    output_version: Type.Optional(OutputVersion),
    assume_version: Type.Optional(AssumeVersion),
    plan_job: PlanJob,
    execution: ExecutionSelection,
  },
  { additionalProperties: false, description: 'Merge `right` into `left`; both grants scoped to `gedcom.merge`.' },
);
export type GedcomMergeRequest = Static<typeof GedcomMergeRequest>;

export const GedcomSubtreeRequest = Type.Object(
  {
    source: ArtifactGrant,
    root: Xref,
    direction: Type.Enum(['ancestors', 'descendants', 'both']),
    generations: Type.Optional(Generations),
    include_spouses: Type.Optional(Type.Boolean()),
    output_version: Type.Optional(OutputVersion),
    assume_version: Type.Optional(AssumeVersion),
    execution: ExecutionSelection,
  },
  { additionalProperties: false },
);
export type GedcomSubtreeRequest = Static<typeof GedcomSubtreeRequest>;

export const GedcomQualityRequest = Type.Object(
  { source: ArtifactGrant, root: Type.Optional(Xref), generations: Type.Optional(Generations), assume_version: Type.Optional(AssumeVersion), execution: ExecutionSelection },
  { additionalProperties: false, description: 'Whole file, or rooted at an individual with a generation bound.' },
);
export type GedcomQualityRequest = Static<typeof GedcomQualityRequest>;

export const GedcomSyncRequest = Type.Object(
  {
    base: ArtifactGrant,
    edited: ArtifactGrant,
    target: ArtifactGrant,
    dry_run: Type.Optional(Type.Boolean()),
    assume_version: Type.Optional(AssumeVersion),
    plan_job: PlanJob,
    execution: ExecutionSelection,
  },
  { additionalProperties: false, description: 'Apply the change set base -> edited to target; all three grants scoped to `gedcom.sync`.' },
);
export type GedcomSyncRequest = Static<typeof GedcomSyncRequest>;

export const GedcomJobAccepted = Type.Object(
  { schema_version: SchemaVersion1(), job_id: JobId, kind: Type.String({ pattern: '^gedcom\\.[a-z]+$', maxLength: 32 }), state: JobStateSchema },
  { additionalProperties: false, description: 'The submitted job; follow it through the job routes and read the result when it succeeded.' },
);
export type GedcomJobAccepted = Static<typeof GedcomJobAccepted>;

const Count = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const Code = Type.String({ minLength: 1, maxLength: 96, pattern: '^[A-Za-z0-9._:-]+$' });
/** A tag the API lists (an extension tag a file spells otherwise is counted, not listed). */
export const TAG_PATTERN = '^[A-Za-z0-9_]{1,64}$';
const Tag = Type.String({ minLength: 1, maxLength: 64, pattern: TAG_PATTERN });

const ProbableVersion = Type.Object(
  {
    version: Type.Enum(ASSUMABLE_GEDCOM_VERSIONS),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    evidence: Type.Array(
      Type.Object(
        {
          kind: Type.Enum(['tag', 'continuation', 'charset', 'encoding', 'producer', 'header']),
          signal: Type.String({ maxLength: 40, pattern: '^[A-Za-z0-9@._ -]*$', description: 'A tag, a charset, `CONC`, a producing program: never record content.' }),
          suggests: Type.Enum(ASSUMABLE_GEDCOM_VERSIONS),
          count: Count,
        },
        { additionalProperties: false },
      ),
      { maxItems: GEDCOM_LIMITS.probableVersionEvidence },
    ),
  },
  { additionalProperties: false },
);

export const GedcomInspectSummary = Type.Object(
  {
    bytes: Count,
    version: Type.Object(
      {
        declared: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
        family: Type.Union([Type.String({ maxLength: 16 }), Type.Null()]),
        supported: Type.Boolean(),
        probable: Type.Union([ProbableVersion, Type.Null()], { description: 'For an input without a supported version: the version to assume (`assume_version`), with its evidence; null otherwise, and null when nothing in the input is evidence of a version (an input that is not GEDCOM included).' }),
      },
      { additionalProperties: false },
    ),
    encoding: Type.Object(
      { declared: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]), detected: Type.String({ maxLength: 16 }), bom: Type.Union([Type.String({ maxLength: 16 }), Type.Null()]), ascii_only: Type.Boolean() },
      { additionalProperties: false },
    ),
    lines: Type.Object({ count: Count, max_level: Count, max_line_length: Count }, { additionalProperties: false }),
    records: Type.Object({ total: Count, by_type: Type.Array(Type.Object({ tag: Tag, count: Count }, { additionalProperties: false }), { maxItems: GEDCOM_LIMITS.extensionTagsListed }) }, { additionalProperties: false }),
    xrefs: Type.Object({ defined: Count, duplicate: Count, dangling: Count, unreferenced: Count, void_pointers: Count }, { additionalProperties: false }),
    findings: Type.Array(Type.Object({ code: Code, severity: Type.Enum(['error', 'warning', 'info']), count: Count, first_line: Count }, { additionalProperties: false }), { maxItems: GEDCOM_LIMITS.findingsListed }),
    extension_tags: Type.Array(Type.Object({ tag: Tag, count: Count }, { additionalProperties: false }), { maxItems: GEDCOM_LIMITS.extensionTagsListed }),
  },
  { additionalProperties: false, description: 'Structure of a file: versions, encodings, counts, finding codes; no record content.' },
);
export type GedcomInspectSummary = Static<typeof GedcomInspectSummary>;

const EncodingName = Type.String({ minLength: 1, maxLength: 32 });
/** The encoding an operation wrote its output in, and whether it had to leave the origin's. */
const OutputEncodingSchema = Type.Object(
  {
    encoding: EncodingName,
    replaced: Type.Union([EncodingName, Type.Null()], {
      description: "The origin's encoding when it could not hold every character the output needs, so the output is UTF-8 instead (HEAD.CHAR says so) and nothing is lost; null when the origin's encoding was kept.",
    }),
    unrepresentable: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Characters `replaced` could not hold (each would have been written as `?`); 0 when kept.' }),
  },
  { additionalProperties: false },
);
const OutputEncodingOrNone = Type.Union([OutputEncodingSchema, Type.Null()], { description: 'The output file\'s encoding; null for a dry run (no output).' });

const MergePairSchema = Type.Object({ left: Xref, right: Xref, score: Type.Number({ minimum: 0, maximum: 1000 }) }, { additionalProperties: false });

export const GedcomMergeSummary = Type.Object(
  {
    dry_run: Type.Boolean(),
    individuals: Type.Object({ left: Count, right: Count, output: Count }, { additionalProperties: false }),
    families: Type.Object({ left: Count, right: Count, output: Count, unified: Count }, { additionalProperties: false }),
    pairs: Type.Object({ candidates: Count, automatic: Count, review: Count, vetoed: Count }, { additionalProperties: false }),
    thresholds: Type.Object({ automatic: Type.Number(), review: Type.Number(), margin: Type.Number() }, { additionalProperties: false }),
    merged: Type.Array(MergePairSchema, { maxItems: GEDCOM_LIMITS.mergedPairsListed, description: 'Automatic merges, by xref only.' }),
    review: Type.Array(MergePairSchema, { maxItems: GEDCOM_LIMITS.reviewPairs, description: 'Pairs in the review band, by xref only, best first.' }),
    remapped_xrefs: Count,
    shared_records: Count,
    alternates: Count,
    output_encoding: OutputEncodingOrNone,
    plan_digest: PlanDigest,
    plan_job: PlanFollowed,
  },
  { additionalProperties: false },
);
export type GedcomMergeSummary = Static<typeof GedcomMergeSummary>;

export const GedcomSubtreeSummary = Type.Object(
  { individuals: Count, families: Count, referenced_records: Count, pruned_pointers: Count, generations_reached: Count, output_version: Type.String({ maxLength: 16 }), output_encoding: OutputEncodingSchema },
  { additionalProperties: false },
);
export type GedcomSubtreeSummary = Static<typeof GedcomSubtreeSummary>;

const QualityRuleSchema = Type.Object(
  { rule: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z_]+$' }), severity: Type.Enum(['error', 'warning', 'info']), count: Count, affected: Type.Array(Xref, { maxItems: GEDCOM_LIMITS.affectedXrefsPerRule }) },
  { additionalProperties: false },
);

export const GedcomQualitySummary = Type.Object(
  {
    scope: Type.Object({ individuals: Count, families: Count, rooted: Type.Boolean() }, { additionalProperties: false }),
    rules: Type.Array(QualityRuleSchema, { maxItems: 64 }),
    totals: Type.Object({ error: Count, warning: Count, info: Count }, { additionalProperties: false }),
    probably_living: Count,
    living_threshold_years: Type.Integer({ minimum: 90, maximum: 150 }),
  },
  { additionalProperties: false },
);
export type GedcomQualitySummary = Static<typeof GedcomQualitySummary>;

const ChangeKind = Type.Enum(['added', 'removed', 'modified']);
export const GedcomSyncSummary = Type.Object(
  {
    dry_run: Type.Boolean(),
    by_type: Type.Array(Type.Object({ tag: Tag, added: Count, removed: Count, modified: Count }, { additionalProperties: false }), { maxItems: 64 }),
    changes: Type.Array(
      Type.Object(
        {
          key: Type.String({ minLength: 1, maxLength: 96 }),
          tag: Tag,
          kind: ChangeKind,
          fields: Type.Array(Type.Object({ path: Type.String({ minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9_.\\[\\]]+$' }), kind: ChangeKind }, { additionalProperties: false }), { maxItems: GEDCOM_LIMITS.syncPathsPerRecord }),
          field_count: Count,
        },
        { additionalProperties: false },
      ),
      { maxItems: GEDCOM_LIMITS.syncChangesListed },
    ),
    conflicts: Type.Array(
      Type.Object({ key: Type.String({ minLength: 1, maxLength: 96 }), tag: Tag, reason: Type.Enum(['target_modified', 'target_removed', 'target_added_differently']) }, { additionalProperties: false }),
      { maxItems: GEDCOM_LIMITS.syncConflictsListed },
    ),
    counts: Type.Object({ changes: Count, applied: Count, already_present: Count, conflicts: Count }, { additionalProperties: false }),
    output_encoding: OutputEncodingOrNone,
    plan_digest: PlanDigest,
    plan_job: PlanFollowed,
  },
  { additionalProperties: false, description: 'Record keys are xrefs (or `TAG#n` for records without one); field paths are tags with occurrence numbers, never values.' },
);
export type GedcomSyncSummary = Static<typeof GedcomSyncSummary>;

/** The advisory request a preview built: what would leave the machine, byte for byte (never a credential). */
export const AdvisoryPayloadPreview = Type.Object(
  {
    digest: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 (hex) of the whole request body; name it as `execution.advisory_payload_digest` to send exactly this.' }),
    characters: Count,
    provider_id: ProviderIdSchema,
    model: ModelName,
    content_type: Type.Literal('application/json'),
    body: Type.String({ maxLength: GEDCOM_LIMITS.advisoryPayloadPreviewCharacters, description: 'The request body exactly as the provider would receive it (system instruction, redacted content, model parameters).' }),
    body_truncated: Type.Boolean({ description: 'true when `body` is cut at the preview bound; the digest and `characters` still cover the whole body.' }),
  },
  { additionalProperties: false },
);
export type AdvisoryPayloadPreview = Static<typeof AdvisoryPayloadPreview>;

export const AdvisoryReview = Type.Object(
  {
    label: Type.Literal('advisory'),
    status: Type.Enum(['not_requested', 'not_applicable', 'previewed', 'completed', 'truncated', 'refused', 'failed'], {
      description:
        '`previewed`: the request was built and returned in `payload`, nothing was sent (only with `advisory_preview`); `completed`: the review ended with the model\'s own end; `truncated`: an output bound or the context window cut it (the artifact holds the part received, see `finish_reason`); `refused`: the provider declined and no review was kept; `failed`: see `error_code`.',
    }),
    mode: Type.Enum(EXECUTION_MODES),
    error_code: Type.Union([Code, Type.Null()]),
    finish_reason: Type.Union([Type.Enum(['stop', 'length', 'context_window']), Type.Null()], { description: 'How a completed or truncated review ended; null otherwise.' }),
    items_reviewed: Count,
    living_redacted: Count,
    restricted_redacted: Type.Optional(Count),
    payload: Type.Optional(AdvisoryPayloadPreview),
  },
  {
    additionalProperties: false,
    description:
      'The model\'s review is advisory, never evidence; its text is an output artifact (role `advisory`), never part of this result. `living_redacted`: people withheld from the prompt as probably living (both sides of a merge pair when either is); `restricted_redacted` (optional): people withheld for RESN privacy or confidential.',
  },
);
export type AdvisoryReview = Static<typeof AdvisoryReview>;

export const GedcomJobResult = Type.Object(
  {
    schema_version: SchemaVersion1(),
    job_id: JobId,
    operation: Type.Enum(GEDCOM_OPERATIONS),
    outputs: Type.Array(JobArtifactReference, { maxItems: 4, description: 'New artifacts, each a new grant (`output`, `advisory`).' }),
    inspect: Type.Union([GedcomInspectSummary, Type.Null()]),
    merge: Type.Union([GedcomMergeSummary, Type.Null()]),
    subtree: Type.Union([GedcomSubtreeSummary, Type.Null()]),
    quality: Type.Union([GedcomQualitySummary, Type.Null()]),
    sync: Type.Union([GedcomSyncSummary, Type.Null()]),
    advisory: AdvisoryReview,
  },
  { additionalProperties: false, description: 'The completed, bounded, path-free and content-free result of one GEDCOM job.' },
);
export type GedcomJobResult = Static<typeof GedcomJobResult>;

export const GedcomJobPathParams = Type.Object({ job_id: JobId }, { additionalProperties: false });
export type GedcomJobPathParams = Static<typeof GedcomJobPathParams>;
