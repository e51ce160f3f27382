import { SchemaVersion1 } from './api-version.js';
import { Type, type Static } from 'typebox';
import { CODE_PATTERN } from './errors.js';
import { JOB_LIMITS, PAGINATION } from './limits.js';
import { PageMetadata } from './pagination.js';
import { isOneOf } from './one-of.js';

/** Job snapshots and events (contract.md section 7). Every field is bounded and sanitized. */

export const JOB_ID_PATTERN = '^job_[0-9a-f]{32}$';
export const JOB_KIND_PATTERN = '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$';
export const ARTIFACT_GRANT_PATTERN = '^agr_[0-9a-f]{32}$';
const NAME_PATTERN = '^[a-z][a-z0-9_.-]*$';

export const JOB_STATES = ['queued', 'running', 'cancelling', 'succeeded', 'failed', 'cancelled', 'interrupted'] as const;
export type JobState = (typeof JOB_STATES)[number];
const TERMINAL_JOB_STATES = ['succeeded', 'failed', 'cancelled', 'interrupted'] as const;
export type TerminalJobState = (typeof TERMINAL_JOB_STATES)[number];

export const JOB_EVENT_KINDS = ['queued', 'started', 'progress', 'artifact', 'cancel-requested', ...TERMINAL_JOB_STATES] as const;
export type JobEventKind = (typeof JOB_EVENT_KINDS)[number];

export function isTerminalState(state: JobState): state is TerminalJobState {
  return isOneOf(TERMINAL_JOB_STATES, state);
}

export const JobId = Type.String({ pattern: JOB_ID_PATTERN, description: '`job_` and 32 lowercase hex digits.' });

export const JobStateSchema = Type.Union(
  [
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('cancelling'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
    Type.Literal('interrupted'),
  ],
  { description: 'queued, running, cancelling; terminal: succeeded, failed, cancelled, interrupted.' },
);

export const JobProgress = Type.Object(
  {
    completed: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    total: Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()]),
    stage: Type.Union([Type.String({ minLength: 1, maxLength: 64, pattern: NAME_PATTERN }), Type.Null()]),
    eta_ms: Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()], {
      description: 'Estimated milliseconds until the stage completes, when its rate and total are known; otherwise null.',
    }),
  },
  {
    additionalProperties: false,
    description: 'Units completed in the current stage, its total when known, a stable stage name and the estimated time left in the stage.',
  },
);
export type JobProgress = Static<typeof JobProgress>;

export const JobArtifactReference = Type.Object(
  {
    grant: Type.String({ pattern: ARTIFACT_GRANT_PATTERN, description: 'Opaque artifact grant; never a path.' }),
    role: Type.String({ minLength: 1, maxLength: 64, pattern: NAME_PATTERN, description: 'What the artifact is to the job, e.g. `output`.' }),
  },
  { additionalProperties: false },
);
export type JobArtifactReference = Static<typeof JobArtifactReference>;

export const JobError = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 96, pattern: CODE_PATTERN }),
    message: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false, description: 'A catalogued code and its catalogue message; never raw exception text.' },
);
export type JobError = Static<typeof JobError>;

const Timestamp = Type.String({ format: 'date-time', maxLength: 32, description: 'RFC 3339 UTC timestamp.' });

export const JobSnapshot = Type.Object(
  {
    schema_version: SchemaVersion1(),
    job_id: JobId,
    kind: Type.String({ minLength: 1, maxLength: 64, pattern: JOB_KIND_PATTERN }),
    state: JobStateSchema,
    cancel_requested: Type.Boolean(),
    created_at: Timestamp,
    started_at: Type.Union([Timestamp, Type.Null()]),
    updated_at: Timestamp,
    ended_at: Type.Union([Timestamp, Type.Null()]),
    progress: Type.Union([JobProgress, Type.Null()]),
    artifacts: Type.Array(JobArtifactReference, { maxItems: JOB_LIMITS.artifactsPerJob }),
    result_produced: Type.Boolean({ description: 'Whether the job produced a result (only a succeeded job can).' }),
    error: Type.Union([JobError, Type.Null()]),
    last_event_id: Type.Integer({ minimum: 1, description: 'Sequence of the latest event of this job.' }),
  },
  { additionalProperties: false },
);
export type JobSnapshot = Static<typeof JobSnapshot>;

export const JobSnapshotPage = Type.Object(
  {
    schema_version: SchemaVersion1(),
    jobs: Type.Array(JobSnapshot, { maxItems: PAGINATION.maximumLimit }),
    page: PageMetadata,
  },
  { additionalProperties: false, description: `Newest first; a listing walks at most ${JOB_LIMITS.maxSnapshots} snapshots in total.` },
);
export type JobSnapshotPage = Static<typeof JobSnapshotPage>;

const JobEventKindSchema = Type.Union(
  [
    Type.Literal('queued'),
    Type.Literal('started'),
    Type.Literal('progress'),
    Type.Literal('artifact'),
    Type.Literal('cancel-requested'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
    Type.Literal('interrupted'),
  ],
  { description: 'The SSE `event` name; exactly one terminal kind (succeeded, failed, cancelled, interrupted) ends every job.' },
);

/** The `data` of one SSE frame; `id` is `sequence` and `event` is `kind`. */
export const JobEvent = Type.Object(
  {
    schema_version: SchemaVersion1(),
    job_id: JobId,
    sequence: Type.Integer({ minimum: 1 }),
    kind: JobEventKindSchema,
    state: JobStateSchema,
    occurred_at: Timestamp,
    progress: Type.Union([JobProgress, Type.Null()]),
    artifact: Type.Union([JobArtifactReference, Type.Null()]),
    error: Type.Union([JobError, Type.Null()]),
  },
  { additionalProperties: false },
);
export type JobEvent = Static<typeof JobEvent>;

const JobCancelDisposition = Type.Union([Type.Literal('pending_safe_point'), Type.Literal('terminal')], {
  description:
    '`pending_safe_point`: cancellation is recorded and the job stops at its next safe point. `terminal`: the job has ended (the snapshot tells how).',
});

export const JobCancelResponse = Type.Object(
  {
    schema_version: SchemaVersion1(),
    disposition: JobCancelDisposition,
    job: JobSnapshot,
  },
  { additionalProperties: false },
);
export type JobCancelResponse = Static<typeof JobCancelResponse>;

export const JobPathParams = Type.Object({ job_id: JobId }, { additionalProperties: false });
export type JobPathParams = Static<typeof JobPathParams>;

export const ShutdownPreflightRequest = Type.Object(
  {
    wait_ms: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: JOB_LIMITS.shutdownPreflightMaxWaitMs,
        default: JOB_LIMITS.shutdownPreflightMaxWaitMs,
        description: 'How long to wait for active work to end; at most the service bound.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ShutdownPreflightRequest = Static<typeof ShutdownPreflightRequest>;

export const ActiveWorkCounts = Type.Object(
  {
    source: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9_]*$' }),
    active: Type.Integer({ minimum: 0 }),
    pending_cancellation: Type.Integer({ minimum: 0, description: 'Of the active ones, those cancelled but not yet at a safe point.' }),
  },
  { additionalProperties: false },
);
export type ActiveWorkCounts = Static<typeof ActiveWorkCounts>;

export const ShutdownPreflightResponse = Type.Object(
  {
    schema_version: SchemaVersion1(),
    status: Type.Literal('ready', { description: 'Nothing is active; the main process may quit. Otherwise the answer is 409 SHUTDOWN_BLOCKED_ACTIVE_WORK.' }),
    waited_ms: Type.Integer({ minimum: 0 }),
    sources: Type.Array(ActiveWorkCounts, { maxItems: 16 }),
  },
  { additionalProperties: false },
);
export type ShutdownPreflightResponse = Static<typeof ShutdownPreflightResponse>;
