import { Type } from 'typebox';
import { GEDCOM_LIMITS } from '../limits.js';
import { gedcomOperation } from '../gedcom-operation-descriptor.js';
import { QualityThresholdOverrides } from '../quality-thresholds.js';
import { ArtifactGrant, AssumeVersion, Count, ExecutionSelection, Generations, Xref } from '../gedcom-schema-parts.js';

const QualityRuleSchema = Type.Object(
  {
    rule: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z_]+$' }),
    severity: Type.Enum(['error', 'warning', 'info']),
    count: Count,
    affected: Type.Array(Xref, { maxItems: GEDCOM_LIMITS.affectedXrefsPerRule }),
    pairs: Type.Optional(
      Type.Array(Type.Object({ left: Xref, right: Xref, score: Type.Number({ minimum: 0, maximum: 1000 }) }, { additionalProperties: false }), {
        maxItems: GEDCOM_LIMITS.affectedXrefsPerRule,
        description: '`possible_duplicate` only: two people of the file the merge scorer takes for one, by xref, best first.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const QUALITY = gedcomOperation({
  name: 'quality',
  summary: 'Analyse data quality',
  description:
    'Gramps Verify person and family rules over day ranges (year-only dates included, ABT / CAL / EST widened), checks beyond Gramps (posthumous births, siblings born too close, overlapping marriages, marriages of siblings or of parent and child, impossible and future dates, quick remarriage, duplicate families, living siblings of one given name), missing sources on vital events, dangling and duplicate xrefs, circular ancestry, invalid dates, possible duplicates (the merge scorer inside the file, pairs by xref) and probably-living counts; thresholds overridable; whole file or rooted.',
  action: 'Submits a quality analysis of the whole file or a rooted part.',
  request: Type.Object(
    {
      source: ArtifactGrant,
      root: Type.Optional(Xref),
      generations: Type.Optional(Generations),
      assume_version: Type.Optional(AssumeVersion),
      thresholds: Type.Optional(QualityThresholdOverrides),
      execution: ExecutionSelection,
    },
    { additionalProperties: false, description: 'Whole file, or rooted at an individual with a generation bound.' },
  ),
  section: Type.Object(
    {
      scope: Type.Object({ individuals: Count, families: Count, rooted: Type.Boolean() }, { additionalProperties: false }),
      rules: Type.Array(QualityRuleSchema, { maxItems: 64 }),
      totals: Type.Object({ error: Count, warning: Count, info: Count }, { additionalProperties: false }),
      probably_living: Count,
      living_threshold_years: Type.Integer({ minimum: 90, maximum: 150 }),
    },
    { additionalProperties: false },
  ),
  inputs: ['source'],
  versionChecked: true,
  advisory: 'quality_review',
  writesOutput: false,
  stages: ['read', 'parse', 'index', 'analyze'],
});
