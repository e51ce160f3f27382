import { SchemaVersion1 } from './api-version.js';
import { Type, type Static, type TNull, type TUnion } from 'typebox';
import { JobArtifactReference, JobId, JobStateSchema } from './jobs.js';
import { GEDCOM_LIMITS } from './limits.js';
import { ModelName, ProviderIdSchema } from './providers.js';
import { GEDCOM_OPERATION_TABLE, GEDCOM_OPERATIONS, type GedcomOperation, type GedcomOperationTable } from './gedcom-operations.js';
import { Code, Count, EXECUTION_MODES } from './gedcom-schema-parts.js';

/**
 * What every GEDCOM operation shares on the wire (spec section 4, GEDCOM rules 1-9; contract.md
 * section 10): the accepted job, the advisory review and the completed job's result, whose
 * sections are the operations' own (derived from GEDCOM_OPERATION_TABLE).
 */

/** Scope of artifacts an operation produced: the main process may export them or import them again. */
export const GEDCOM_OUTPUT_SCOPE = 'gedcom.output';

export const GedcomJobAccepted = Type.Object(
  { schema_version: SchemaVersion1(), job_id: JobId, kind: Type.String({ pattern: '^gedcom\\.[a-z]+$', maxLength: 32 }), state: JobStateSchema },
  { additionalProperties: false, description: 'The submitted job; follow it through the job routes and read the result when it succeeded.' },
);
export type GedcomJobAccepted = Static<typeof GedcomJobAccepted>;

/** The advisory request a preview built: what would leave the machine, byte for byte (never a credential). */
export const AdvisoryPayloadPreview = Type.Object(
  {
    digest: Type.String({
      pattern: '^[0-9a-f]{64}$',
      description: 'SHA-256 (hex) of the whole request body; name it as `execution.advisory_payload_digest` to send exactly this.',
    }),
    characters: Count,
    provider_id: ProviderIdSchema,
    model: ModelName,
    content_type: Type.Literal('application/json'),
    body: Type.String({
      maxLength: GEDCOM_LIMITS.advisoryPayloadPreviewCharacters,
      description: 'The request body exactly as the provider would receive it (system instruction, redacted content, model parameters).',
    }),
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
        "`previewed`: the request was built and returned in `payload`, nothing was sent (only with `advisory_preview`); `completed`: the review ended with the model's own end; `truncated`: an output bound or the context window cut it (the artifact holds the part received, see `finish_reason`); `refused`: the provider declined and no review was kept; `failed`: see `error_code`.",
    }),
    mode: Type.Enum(EXECUTION_MODES),
    error_code: Type.Union([Code, Type.Null()]),
    finish_reason: Type.Union([Type.Enum(['stop', 'length', 'context_window']), Type.Null()], {
      description: 'How a completed or truncated review ended; null otherwise.',
    }),
    items_reviewed: Count,
    living_redacted: Count,
    restricted_redacted: Type.Optional(Count),
    payload: Type.Optional(AdvisoryPayloadPreview),
  },
  {
    additionalProperties: false,
    description:
      "The model's review is advisory, never evidence; its text is an output artifact (role `advisory`), never part of this result. `living_redacted`: people withheld from the prompt as probably living (both sides of a merge pair when either is); `restricted_redacted` (optional): people withheld for RESN privacy or confidential.",
  },
);
export type AdvisoryReview = Static<typeof AdvisoryReview>;

/** One property per operation: its section for a job of that operation, null otherwise. */
type ResultSections = { readonly [K in GedcomOperation]: TUnion<[GedcomOperationTable[K]['section'], TNull]> };

function resultSections(): ResultSections {
  // cast: one property per operation of the table, in its order, each the operation's section or null
  return Object.fromEntries(
    GEDCOM_OPERATIONS.map((operation) => [operation, Type.Union([GEDCOM_OPERATION_TABLE[operation].section, Type.Null()])]),
  ) as ResultSections;
}

export const GedcomJobResult = Type.Object(
  {
    schema_version: SchemaVersion1(),
    job_id: JobId,
    operation: Type.Enum(GEDCOM_OPERATIONS),
    outputs: Type.Array(JobArtifactReference, { maxItems: 4, description: 'New artifacts, each a new grant (`output`, `advisory`).' }),
    ...resultSections(),
    advisory: AdvisoryReview,
  },
  { additionalProperties: false, description: 'The completed, bounded, path-free and content-free result of one GEDCOM job.' },
);
export type GedcomJobResult = Static<typeof GedcomJobResult>;

export const GedcomJobPathParams = Type.Object({ job_id: JobId }, { additionalProperties: false });
export type GedcomJobPathParams = Static<typeof GedcomJobPathParams>;
