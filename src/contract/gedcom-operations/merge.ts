import { Type } from 'typebox';
import { GEDCOM_LIMITS } from '../limits.js';
import { gedcomOperation } from '../gedcom-operation-descriptor.js';
import {
  ArtifactGrant,
  AssumeVersion,
  Count,
  ExecutionSelection,
  OutputEncodingOrNone,
  OutputVersion,
  PlanDigest,
  PlanFollowed,
  PlanJob,
  Xref,
} from '../gedcom-schema-parts.js';

/** What decided a pair: the components of its score (agreeing names, dates, places, relatives' names) and its family context (relatives merged with each other). */
const MERGE_EVIDENCE_CODES = [
  'identical_record',
  'name',
  'birth_date',
  'death_date',
  'birth_place',
  'death_place',
  'father_name',
  'mother_name',
  'spouse_name',
  'parents_merged',
  'spouse_merged',
  'children_merged',
  'same_identifier',
  'same_content',
  'rare_name',
] as const;

const MergeEvidenceSchema = Type.Object(
  { code: Type.Enum(MERGE_EVIDENCE_CODES), weight: Type.Number({ minimum: 0, maximum: 1000 }) },
  { additionalProperties: false, description: 'One component of the score: a code and its weight, never a name, date or place.' },
);

const MergePairSchema = Type.Object(
  {
    left: Xref,
    right: Xref,
    score: Type.Number({ minimum: 0, maximum: 1000 }),
    evidence: Type.Array(MergeEvidenceSchema, {
      maxItems: GEDCOM_LIMITS.evidencePerPair,
      description: 'The evidence that decided the pair, as codes and weights.',
    }),
  },
  { additionalProperties: false },
);

export const MERGE = gedcomOperation({
  name: 'merge',
  summary: 'Merge two GEDCOM artifacts',
  description:
    'Loss-minimal merge of `right` into `left`: duplicates by blocking and scoring, every line of both kept, xrefs remapped, families of merged couples unified; the output is a new artifact unless `dry_run`. Review-band pairs are reported by xref only.',
  action: 'Submits a loss-minimal merge that writes a new artifact.',
  request: Type.Object(
    {
      left: ArtifactGrant,
      right: ArtifactGrant,
      dry_run: Type.Optional(Type.Boolean()),
      output_version: Type.Optional(OutputVersion),
      assume_version: Type.Optional(AssumeVersion),
      plan_job: PlanJob,
      review_page: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: GEDCOM_LIMITS.reviewPages - 1,
          description: `Which page of the review band to list (${GEDCOM_LIMITS.reviewPairs} pairs a page, best first); 0 when absent.`,
        }),
      ),
      execution: ExecutionSelection,
    },
    { additionalProperties: false, description: 'Merge `right` into `left`; both grants scoped to `gedcom.merge`.' },
  ),
  section: Type.Object(
    {
      dry_run: Type.Boolean(),
      individuals: Type.Object({ left: Count, right: Count, output: Count }, { additionalProperties: false }),
      families: Type.Object({ left: Count, right: Count, output: Count, unified: Count }, { additionalProperties: false }),
      pairs: Type.Object({ candidates: Count, automatic: Count, review: Count, vetoed: Count }, { additionalProperties: false }),
      thresholds: Type.Object({ automatic: Type.Number(), review: Type.Number(), margin: Type.Number() }, { additionalProperties: false }),
      blocking: Type.Object(
        {
          capped_blocks: Count,
          pairs_left_out: Count,
          largest_capped: Type.Array(Type.Object({ left: Count, right: Count }, { additionalProperties: false }), {
            maxItems: GEDCOM_LIMITS.cappedBlocksListed,
            description: 'The largest capped blocks by their people on each side, largest first: sizes only, never a key.',
          }),
        },
        {
          additionalProperties: false,
          description:
            'Blocks (people sharing a blocking key) in which a person was compared with only the nearest of the block by birth date (its cap): how many, at most how many candidate pairs they left uncompared (a pair counted once per capped block), and the largest of them.',
        },
      ),
      merged: Type.Array(MergePairSchema, { maxItems: GEDCOM_LIMITS.mergedPairsListed, description: 'Automatic merges, by xref only.' }),
      review: Type.Array(MergePairSchema, {
        maxItems: GEDCOM_LIMITS.reviewPairs,
        description: 'Pairs in the review band, by xref only, best first: the page `review_page` of them.',
      }),
      review_page: Type.Object(
        {
          index: Type.Integer({ minimum: 0, maximum: GEDCOM_LIMITS.reviewPages - 1 }),
          size: Type.Integer({ minimum: 1, maximum: GEDCOM_LIMITS.reviewPairs }),
          pages: Type.Integer({ minimum: 0, maximum: GEDCOM_LIMITS.reviewPages, description: 'Pages the review band fills, at most the page bound.' }),
        },
        { additionalProperties: false },
      ),
      remapped_xrefs: Count,
      shared_records: Count,
      alternates: Count,
      output_encoding: OutputEncodingOrNone,
      media: Type.Union([Type.Object({ renamed: Count }, { additionalProperties: false }), Type.Null()], {
        description:
          "When an input is a GEDZIP archive (the output is one, carrying the media both sides reference): `renamed` counts the names both archives hold with different content, where the right side's file is carried under a new name (`-2` before its extension) that its FILE structures follow. Null when neither input is a GEDZIP.",
      }),
      plan_digest: PlanDigest,
      plan_job: PlanFollowed,
    },
    { additionalProperties: false },
  ),
  inputs: ['left', 'right'],
  versionChecked: true,
  advisory: 'merge_review',
  writesOutput: true,
  stages: ['read', 'parse', 'index', 'match', 'apply', 'write'],
});
