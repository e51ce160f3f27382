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

const MergePairSchema = Type.Object({ left: Xref, right: Xref, score: Type.Number({ minimum: 0, maximum: 1000 }) }, { additionalProperties: false });

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
      merged: Type.Array(MergePairSchema, { maxItems: GEDCOM_LIMITS.mergedPairsListed, description: 'Automatic merges, by xref only.' }),
      review: Type.Array(MergePairSchema, { maxItems: GEDCOM_LIMITS.reviewPairs, description: 'Pairs in the review band, by xref only, best first.' }),
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
