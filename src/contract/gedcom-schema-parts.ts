import { Type, type Static } from 'typebox';
import { ARTIFACT_GRANT_PATTERN, JOB_ID_PATTERN, JobId } from './jobs.js';
import { GEDCOM_LIMITS } from './limits.js';
import { ConsentName } from './consent.js';
import { ModelName, ProfileName } from './providers.js';
import { ASSUMABLE_GEDCOM_VERSIONS } from './gedcom-versions.js';

/**
 * The pieces GEDCOM operation schemas are built from (spec section 4, GEDCOM rules 1-9;
 * contract.md section 10). Requests name artifacts only by opaque grants; results carry grants,
 * counts, rule names, tag paths and record identifiers (xrefs), never record content (names,
 * dates, places, notes) or paths. Each operation's own request and section are in its
 * descriptor (`gedcom-operations/`).
 */

/** A record identifier the API can name (7.0 allows longer ones: such a record is counted, never listed). */
export const XREF_PATTERN = '^@[A-Za-z0-9_.:-]{1,64}@$';
export const Xref = Type.String({ pattern: XREF_PATTERN, maxLength: 66, description: 'A record identifier as written in the file, with its `@` signs.' });
export const ArtifactGrant = Type.String({
  pattern: ARTIFACT_GRANT_PATTERN,
  description: 'Opaque artifact grant (`agr_` + 32 hex) scoped to one operation; never a path.',
});

export const EXECUTION_MODES = ['offline', 'local', 'cloud'] as const;

export const ExecutionSelection = Type.Object(
  {
    mode: Type.Enum(EXECUTION_MODES, {
      description:
        '`offline`: deterministic only, no provider field allowed. `local`: profile and model of a local provider. `cloud`: profile, model and consent.',
    }),
    profile: Type.Optional(ProfileName),
    model: Type.Optional(ModelName),
    consent: Type.Optional(ConsentName),
    advisory_preview: Type.Optional(
      Type.Boolean({
        description:
          "true: run the deterministic part and build the advisory request exactly as it would be sent, but send nothing; the result's `advisory.payload` holds it (not for `offline`). No consent run is charged.",
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

export const AssumeVersion = Type.Enum(ASSUMABLE_GEDCOM_VERSIONS, {
  description:
    'Read an input that declares no supported GEDCOM version (no HEAD.GEDC.VERS, or 5.0, 5.01, 4.0) as this version. Without it such an input is refused with GEDCOM_VERSION_UNSUPPORTED; an input with a supported version is always read as declared. Inspect reports the probable version with its evidence (`version.probable`).',
});
export const OutputVersion = Type.Enum(['5.5.1', '7.0'], {
  description: "Version of the output artifact; default `gedcom.export_version` for subtree, the left file's version for merge.",
});
export const Generations = Type.Integer({ minimum: 0, maximum: GEDCOM_LIMITS.maxGenerations });

export const PlanJob = Type.Optional(
  Type.String({
    pattern: JOB_ID_PATTERN,
    description:
      'The dry-run job (same operation) whose plan this writing run must apply: the same input digests, the same decisions and thresholds; otherwise the job fails with GEDCOM_PLAN_STALE and writes nothing. Not with `dry_run`.',
  }),
);
export const PlanDigest = Type.Optional(
  Type.String({
    pattern: '^[0-9a-f]{64}$',
    description:
      'SHA-256 of the plan: the operation, the input digests, the thresholds and every decision (merged pairs, or the change set and its conflicts).',
  }),
);
export const PlanFollowed = Type.Optional(
  Type.Union([JobId, Type.Null()], { description: 'The dry-run job whose plan this run applied (`plan_job` of the request); null when none was named.' }),
);

export const Count = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
export const Code = Type.String({ minLength: 1, maxLength: 96, pattern: '^[A-Za-z0-9._:-]+$' });
/** A tag the API lists (an extension tag a file spells otherwise is counted, not listed). */
export const TAG_PATTERN = '^[A-Za-z0-9_]{1,64}$';
export const Tag = Type.String({ minLength: 1, maxLength: 64, pattern: TAG_PATTERN });

const EncodingName = Type.String({ minLength: 1, maxLength: 32 });
/** The encoding an operation wrote its output in, and whether it had to leave the origin's. */
export const OutputEncodingSchema = Type.Object(
  {
    encoding: EncodingName,
    replaced: Type.Union([EncodingName, Type.Null()], {
      description:
        "The origin's encoding when it could not hold every character the output needs, so the output is UTF-8 instead (HEAD.CHAR says so) and nothing is lost; null when the origin's encoding was kept.",
    }),
    unrepresentable: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Characters `replaced` could not hold (each would have been written as `?`); 0 when kept.',
    }),
  },
  { additionalProperties: false },
);
export const OutputEncodingOrNone = Type.Union([OutputEncodingSchema, Type.Null()], {
  description: "The output file's encoding; null for a dry run (no output).",
});
