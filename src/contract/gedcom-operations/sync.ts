import { Type } from 'typebox';
import { GEDCOM_LIMITS } from '../limits.js';
import { gedcomOperation } from '../gedcom-operation-descriptor.js';
import {
  ArtifactGrant,
  AssumeVersion,
  Count,
  ExecutionSelection,
  OutputEncodingOrNone,
  PlanDigest,
  PlanFollowed,
  PlanJob,
  Tag,
} from '../gedcom-schema-parts.js';

const ChangeKind = Type.Enum(['added', 'removed', 'modified']);

export const SYNC = gedcomOperation({
  name: 'sync',
  summary: 'Synchronise changes',
  description:
    'The typed record-level change set base -> edited (field paths, no values) applied to target into a new artifact; records the target changed differently are conflicts, reported and not overwritten.',
  action: 'Submits a typed incremental synchronisation.',
  request: Type.Object(
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
  ),
  section: Type.Object(
    {
      dry_run: Type.Boolean(),
      by_type: Type.Array(Type.Object({ tag: Tag, added: Count, removed: Count, modified: Count }, { additionalProperties: false }), { maxItems: 64 }),
      changes: Type.Array(
        Type.Object(
          {
            key: Type.String({ minLength: 1, maxLength: 96 }),
            tag: Tag,
            kind: ChangeKind,
            fields: Type.Array(
              Type.Object(
                { path: Type.String({ minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9_.\\[\\]]+$' }), kind: ChangeKind },
                { additionalProperties: false },
              ),
              { maxItems: GEDCOM_LIMITS.syncPathsPerRecord },
            ),
            field_count: Count,
          },
          { additionalProperties: false },
        ),
        { maxItems: GEDCOM_LIMITS.syncChangesListed },
      ),
      conflicts: Type.Array(
        Type.Object(
          { key: Type.String({ minLength: 1, maxLength: 96 }), tag: Tag, reason: Type.Enum(['target_modified', 'target_removed', 'target_added_differently']) },
          { additionalProperties: false },
        ),
        { maxItems: GEDCOM_LIMITS.syncConflictsListed },
      ),
      counts: Type.Object({ changes: Count, applied: Count, already_present: Count, conflicts: Count }, { additionalProperties: false }),
      output_encoding: OutputEncodingOrNone,
      plan_digest: PlanDigest,
      plan_job: PlanFollowed,
    },
    {
      additionalProperties: false,
      description: 'Record keys are xrefs (or `TAG#n` for records without one); field paths are tags with occurrence numbers, never values.',
    },
  ),
  inputs: ['base', 'edited', 'target'],
  versionChecked: true,
  advisory: null,
  writesOutput: true,
  stages: ['read', 'parse', 'index', 'match', 'apply', 'write'],
});
