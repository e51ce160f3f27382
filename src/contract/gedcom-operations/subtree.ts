import { Type } from 'typebox';
import { gedcomOperation } from '../gedcom-operation-descriptor.js';
import { ArtifactGrant, AssumeVersion, Count, ExecutionSelection, Generations, OutputEncodingSchema, OutputVersion, Xref } from '../gedcom-schema-parts.js';

export const SUBTREE = gedcomOperation({
  name: 'subtree',
  summary: 'Extract a rooted subtree',
  description:
    'Ancestors, descendants or both of `root` within `generations`, optionally with spouses, with the referential closure of sources, repositories, notes, media and submitters; no dangling pointer; output in `output_version` or the `gedcom.export_version` setting.',
  action: 'Submits a rooted subtree extraction.',
  request: Type.Object(
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
  ),
  section: Type.Object(
    {
      individuals: Count,
      families: Count,
      referenced_records: Count,
      pruned_pointers: Count,
      generations_reached: Count,
      output_version: Type.String({ maxLength: 16 }),
      output_encoding: OutputEncodingSchema,
    },
    { additionalProperties: false },
  ),
  inputs: ['source'],
  versionChecked: true,
  advisory: null,
  writesOutput: true,
  stages: ['read', 'parse', 'index', 'apply', 'write'],
});
