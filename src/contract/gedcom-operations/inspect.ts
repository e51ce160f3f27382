import { Type } from 'typebox';
import { GEDCOM_LIMITS } from '../limits.js';
import { ASSUMABLE_GEDCOM_VERSIONS } from '../gedcom-versions.js';
import { gedcomOperation } from '../gedcom-operation-descriptor.js';
import { ArtifactGrant, Code, Count, ExecutionSelection, Tag } from '../gedcom-schema-parts.js';

const ProbableVersion = Type.Object(
  {
    version: Type.Enum(ASSUMABLE_GEDCOM_VERSIONS),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    evidence: Type.Array(
      Type.Object(
        {
          kind: Type.Enum(['tag', 'continuation', 'charset', 'encoding', 'producer', 'header']),
          signal: Type.String({
            maxLength: 40,
            pattern: '^[A-Za-z0-9@._ -]*$',
            description: 'A tag, a charset, `CONC`, a producing program: never record content.',
          }),
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

export const INSPECT = gedcomOperation({
  name: 'inspect',
  summary: 'Inspect a GEDCOM artifact',
  description:
    'Deterministic inspection: version, encodings, terminators, record counts, xref integrity, finding codes, extension tags; for a GEDZIP archive, its dataset and its media.',
  action: 'Submits a deterministic source inspection.',
  request: Type.Object({ source: ArtifactGrant, execution: ExecutionSelection }, { additionalProperties: false }),
  section: Type.Object(
    {
      bytes: Count,
      version: Type.Object(
        {
          declared: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
          family: Type.Union([Type.String({ maxLength: 16 }), Type.Null()]),
          supported: Type.Boolean(),
          probable: Type.Union([ProbableVersion, Type.Null()], {
            description:
              'For an input without a supported version: the version to assume (`assume_version`), with its evidence; null otherwise, and null when nothing in the input is evidence of a version (an input that is not GEDCOM included).',
          }),
        },
        { additionalProperties: false },
      ),
      encoding: Type.Object(
        {
          declared: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
          detected: Type.String({ maxLength: 16 }),
          bom: Type.Union([Type.String({ maxLength: 16 }), Type.Null()]),
          ascii_only: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
      lines: Type.Object({ count: Count, max_level: Count, max_line_length: Count }, { additionalProperties: false }),
      records: Type.Object(
        {
          total: Count,
          by_type: Type.Array(Type.Object({ tag: Tag, count: Count }, { additionalProperties: false }), { maxItems: GEDCOM_LIMITS.extensionTagsListed }),
        },
        { additionalProperties: false },
      ),
      xrefs: Type.Object({ defined: Count, duplicate: Count, dangling: Count, unreferenced: Count, void_pointers: Count }, { additionalProperties: false }),
      findings: Type.Array(
        Type.Object({ code: Code, severity: Type.Enum(['error', 'warning', 'info']), count: Count, first_line: Count }, { additionalProperties: false }),
        { maxItems: GEDCOM_LIMITS.findingsListed },
      ),
      extension_tags: Type.Array(Type.Object({ tag: Tag, count: Count }, { additionalProperties: false }), { maxItems: GEDCOM_LIMITS.extensionTagsListed }),
      media: Type.Union(
        [
          Type.Object(
            {
              members: Count,
              referenced_present: Count,
              referenced_missing: Count,
              unreferenced: Count,
              external: Count,
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        {
          description:
            'For a GEDZIP input (a zip archive with `gedcom.ged` at its root, whose dataset the other fields describe): its files beside the dataset, the distinct ones FILE structures reference and it holds, the distinct local references it lacks (percent-encoded names decoded as GEDCOM 7.0 says), the files nothing references, and the FILE structures naming a URL outside it. Counts only, never names. Null for a GEDCOM file.',
        },
      ),
    },
    { additionalProperties: false, description: 'Structure of a file: versions, encodings, counts, finding codes; no record content.' },
  ),
  inputs: ['source'],
  versionChecked: false,
  advisory: null,
  writesOutput: false,
  stages: ['read', 'parse'],
});
