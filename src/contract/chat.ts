import { IntegerConstant, SCHEMA_VERSION, SchemaVersion1 } from './api-version.js';
import { Type, type Static, type TProperties } from 'typebox';
import { CONSENT_PURPOSES, ConsentName, DATA_CLASSES } from './consent.js';
import { CHAT_LIMITS } from './limits.js';
import { ModelName, PROVIDER_KINDS, ProfileName, ProviderIdSchema } from './providers.js';

/**
 * Transient chat (spec section 4 chat routes, section 6 items 3-8, contract.md section 8): sessions,
 * synchronous runs and streaming runs with replayable, owner-scoped schema-v1 events. Every object
 * is strict. No schema here carries a path; only run answers and delta events carry generated text.
 */

export const CHAT_SCHEMA_VERSION = SCHEMA_VERSION;
export const SESSION_OWNER_HEADER = 'X-Service-Session-Owner';
export const SESSION_OWNER_PATTERN = '^[A-Za-z0-9._:-]+$';
const CHAT_SESSION_ID_PATTERN = '^chs_[0-9a-f]{32}$';
const CHAT_RUN_ID_PATTERN = '^chr_[0-9a-f]{32}$';

/** Capabilities a chat run never has (spec chat rule 4). */
export const DISABLED_CHAT_CAPABILITIES = ['tools', 'files', 'databases', 'shells', 'plugins', 'external_services'] as const;
/** How every generated answer is labelled (spec chat rule 4). */
export const ADVISORY_LABEL = 'advisory_not_evidence' as const;

export const CHAT_STREAM_EVENT_KINDS = ['active', 'first-token', 'delta', 'cancelling', 'completed', 'interrupted', 'failed'] as const;
type ChatStreamEventKind = (typeof CHAT_STREAM_EVENT_KINDS)[number];
const TERMINAL_CHAT_STREAM_KINDS = ['completed', 'interrupted', 'failed'] as const;
export type TerminalChatStreamKind = (typeof TERMINAL_CHAT_STREAM_KINDS)[number];

/** Sanitized codes a failed or refused run reports; never the provider's own text (docs/chat-outcomes.md). */
export const CHAT_RUN_FAILURE_CODES = [
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_FAILED',
  'PROVIDER_TIMEOUT',
  'PROVIDER_ANSWER_INCOMPLETE',
  'PROVIDER_CONTEXT_EXCEEDED',
  'PROVIDER_MODEL_NOT_FOUND',
  'PROVIDER_AUTH_REJECTED',
  'PROVIDER_RATE_LIMITED',
  'PROVIDER_ENDPOINT_MISMATCH',
  'PROVIDER_REFUSED',
  'CREDENTIAL_STORE_UNAVAILABLE',
  'CONSENT_REVOKED',
  'CONSENT_BUDGET_EXHAUSTED',
  'INTERNAL_FAILURE',
] as const;
export type ChatRunFailureCode = (typeof CHAT_RUN_FAILURE_CODES)[number];

/** How a kept answer ended: `completed` (the model's own end) or `truncated` (an output bound or the context window). */
const KEPT_OUTCOMES = ['completed', 'truncated'] as const;
export type KeptOutcome = (typeof KEPT_OUTCOMES)[number];
/** How a run that kept nothing ended: `failed` (a stable code) or `refused` (the provider declined). */
const DROPPED_OUTCOMES = ['failed', 'refused'] as const;
export type DroppedOutcome = (typeof DROPPED_OUTCOMES)[number];

const FINISH_REASONS = ['stop', 'length', 'context_window'] as const;
const INTERRUPT_REASONS = ['cancelled', 'shutdown'] as const;
export type InterruptReason = (typeof INTERRUPT_REASONS)[number];

const SchemaVersion = SchemaVersion1();
export const SessionOwner = Type.String({ minLength: 1, maxLength: 64, pattern: SESSION_OWNER_PATTERN, description: 'The owner named at session creation.' });
const ChatSessionId = Type.String({ pattern: CHAT_SESSION_ID_PATTERN, description: '`chs_` and 32 lowercase hex digits.' });
const ChatRunId = Type.String({ pattern: CHAT_RUN_ID_PATTERN, description: '`chr_` and 32 lowercase hex digits.' });
const Instant = Type.String({ minLength: 20, maxLength: 30, description: 'UTC instant, ISO 8601.' });
const Count = Type.Integer({ minimum: 0 });
const FinishReason = Type.Enum(FINISH_REASONS, {
  description:
    "`stop`: the model ended its answer; `length`: an output bound (the provider's token bound or the service's character bound) cut it; `context_window`: the model's context window filled up.",
});
const KeptOutcome = Type.Enum(KEPT_OUTCOMES, {
  description: '`completed`: finish reason `stop`; `truncated`: finish reason `length` or `context_window`. Both are kept in the history.',
});
const Remediation = Type.Union([Type.String({ minLength: 1, maxLength: 512 }), Type.Null()], {
  description: 'What the user can do, written by the service; never provider text.',
});
const Label = Type.Literal(ADVISORY_LABEL, { description: 'Generated text is advisory, never evidence.' });

export const ChatSessionPathParams = Type.Object({ session_id: ChatSessionId }, { additionalProperties: false });
export type ChatSessionPathParams = Static<typeof ChatSessionPathParams>;
export const ChatStreamPathParams = Type.Object({ session_id: ChatSessionId, run_id: ChatRunId }, { additionalProperties: false });
export type ChatStreamPathParams = Static<typeof ChatStreamPathParams>;

export const ChatLimits = Type.Object(
  {
    max_sessions: IntegerConstant(CHAT_LIMITS.maxSessions),
    max_messages_per_session: IntegerConstant(CHAT_LIMITS.maxMessagesPerSession),
    max_message_characters: IntegerConstant(CHAT_LIMITS.maxMessageCharacters),
    max_context_characters: IntegerConstant(CHAT_LIMITS.maxContextCharacters),
    replay_buffer_bytes: IntegerConstant(CHAT_LIMITS.replayBufferBytes),
    max_output_tokens: IntegerConstant(CHAT_LIMITS.maxOutputTokens),
    min_temperature: Type.Literal(CHAT_LIMITS.minTemperature),
    max_temperature: Type.Literal(CHAT_LIMITS.maxTemperature),
    run_timeout_ms: IntegerConstant(CHAT_LIMITS.runTimeoutMs),
    idle_timeout_ms: IntegerConstant(CHAT_LIMITS.idleTimeoutMs),
    safe_retries: IntegerConstant(CHAT_LIMITS.safeRetries),
    retained_runs_per_session: IntegerConstant(CHAT_LIMITS.retainedRunsPerSession),
    subscribers_per_run: IntegerConstant(CHAT_LIMITS.subscribersPerRun),
    max_delta_characters: IntegerConstant(CHAT_LIMITS.maxDeltaCharacters),
  },
  { additionalProperties: false },
);
export type ChatLimits = Static<typeof ChatLimits>;

export const ChatCapabilityResponse = Type.Object(
  {
    schema_version: SchemaVersion,
    limits: ChatLimits,
    disabled_capabilities: Type.Array(Type.Enum(DISABLED_CHAT_CAPABILITIES), {
      minItems: DISABLED_CHAT_CAPABILITIES.length,
      maxItems: DISABLED_CHAT_CAPABILITIES.length,
      uniqueItems: true,
    }),
    system_instruction: Type.Literal('fixed', { description: 'The system instruction is fixed by the service; a request cannot change it.' }),
    output_label: Label,
    stream_event_kinds: Type.Array(Type.Enum(CHAT_STREAM_EVENT_KINDS), {
      minItems: CHAT_STREAM_EVENT_KINDS.length,
      maxItems: CHAT_STREAM_EVENT_KINDS.length,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type ChatCapabilityResponse = Static<typeof ChatCapabilityResponse>;

export const ChatSessionCreateRequest = Type.Object(
  {
    profile: ProfileName,
    model: ModelName,
    purpose: Type.Enum(CONSENT_PURPOSES),
    data_classes: Type.Array(Type.Enum(DATA_CLASSES), { minItems: 1, maxItems: DATA_CLASSES.length, uniqueItems: true }),
    consent: Type.Optional(Type.Union([ConsentName, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ChatSessionCreateRequest = Static<typeof ChatSessionCreateRequest>;

export const ChatSessionSummary = Type.Object(
  {
    schema_version: SchemaVersion,
    session_id: ChatSessionId,
    profile: ProfileName,
    provider_id: ProviderIdSchema,
    provider_kind: Type.Enum(PROVIDER_KINDS),
    model: ModelName,
    purpose: Type.Enum(CONSENT_PURPOSES),
    data_classes: Type.Array(Type.Enum(DATA_CLASSES), { minItems: 1, maxItems: DATA_CLASSES.length, uniqueItems: true }),
    consent: Type.Union([ConsentName, Type.Null()]),
    message_count: Type.Integer({ minimum: 0, maximum: CHAT_LIMITS.maxMessagesPerSession }),
    context_characters: Type.Integer({ minimum: 0, maximum: CHAT_LIMITS.maxContextCharacters }),
    active_run_id: Type.Union([ChatRunId, Type.Null()], { description: 'The run in progress, if any; a session runs one at a time.' }),
    runs_completed: Count,
    created_at: Instant,
    last_activity_at: Instant,
  },
  { additionalProperties: false },
);
export type ChatSessionSummary = Static<typeof ChatSessionSummary>;

export const ChatSessionDeleteResponse = Type.Object(
  {
    schema_version: SchemaVersion,
    session_id: ChatSessionId,
    state: Type.Literal('deleted', { description: 'The session and every message and stream run it owned are gone.' }),
  },
  { additionalProperties: false },
);
export type ChatSessionDeleteResponse = Static<typeof ChatSessionDeleteResponse>;

export const ChatRunRequest = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: CHAT_LIMITS.maxMessageCharacters, description: 'The user message: untrusted data for the model.' }),
    temperature: Type.Optional(
      Type.Number({ minimum: CHAT_LIMITS.minTemperature, maximum: CHAT_LIMITS.maxTemperature, description: 'Defaults to the `chat.temperature` setting.' }),
    ),
    max_output_tokens: Type.Optional(Type.Integer({ minimum: 1, maximum: CHAT_LIMITS.maxOutputTokens })),
  },
  { additionalProperties: false },
);
export type ChatRunRequest = Static<typeof ChatRunRequest>;

const ChatReply = Type.Object(
  {
    role: Type.Literal('assistant'),
    content: Type.String({ minLength: 0, maxLength: CHAT_LIMITS.maxMessageCharacters }),
    label: Label,
  },
  { additionalProperties: false },
);

export const ChatRunResponse = Type.Object(
  {
    schema_version: SchemaVersion,
    session_id: ChatSessionId,
    run_id: ChatRunId,
    reply: ChatReply,
    outcome: KeptOutcome,
    finish_reason: FinishReason,
    message_count: Type.Integer({ minimum: 0, maximum: CHAT_LIMITS.maxMessagesPerSession }),
    context_characters: Type.Integer({ minimum: 0, maximum: CHAT_LIMITS.maxContextCharacters }),
  },
  { additionalProperties: false },
);
export type ChatRunResponse = Static<typeof ChatRunResponse>;

export const ChatStreamStartResponse = Type.Object(
  {
    schema_version: SchemaVersion,
    session_id: ChatSessionId,
    run_id: ChatRunId,
    state: Type.Literal('active'),
  },
  { additionalProperties: false },
);
export type ChatStreamStartResponse = Static<typeof ChatStreamStartResponse>;

const CHAT_STREAM_STATES = ['active', 'cancelling', ...TERMINAL_CHAT_STREAM_KINDS] as const;
export type ChatStreamState = (typeof CHAT_STREAM_STATES)[number];

export const ChatStreamCancelResponse = Type.Object(
  {
    schema_version: SchemaVersion,
    session_id: ChatSessionId,
    run_id: ChatRunId,
    disposition: Type.Enum(['cancelling', 'terminal'], {
      description: '`cancelling`: the run stops and ends `interrupted`; `terminal`: it had already ended.',
    }),
    state: Type.Enum(CHAT_STREAM_STATES),
  },
  { additionalProperties: false },
);
export type ChatStreamCancelResponse = Static<typeof ChatStreamCancelResponse>;

function eventOf<K extends ChatStreamEventKind, F extends TProperties>(kind: K, fields: F, description: string) {
  return Type.Object(
    {
      schema_version: SchemaVersion,
      run_id: ChatRunId,
      sequence: Type.Integer({ minimum: 1, description: 'Monotonic per run; equal to the SSE `id`.' }),
      kind: Type.Literal(kind),
      ...fields,
    },
    { additionalProperties: false, description },
  );
}

const ChatStreamActiveEvent = eventOf('active', {}, 'The run was admitted and the provider is being called.');
const ChatStreamFirstTokenEvent = eventOf('first-token', {}, 'The provider produced its first output; the text follows in `delta` events.');
const ChatStreamDeltaEvent = eventOf(
  'delta',
  { text: Type.String({ minLength: 1, maxLength: CHAT_LIMITS.maxDeltaCharacters }) },
  'A piece of generated, advisory text.',
);
const ChatStreamCancellingEvent = eventOf('cancelling', {}, 'Cancellation was requested; `interrupted` follows.');
const ChatStreamCompletedEvent = eventOf(
  'completed',
  {
    outcome: KeptOutcome,
    finish_reason: FinishReason,
    message_count: Type.Integer({ minimum: 0, maximum: CHAT_LIMITS.maxMessagesPerSession }),
    output_characters: Count,
    label: Label,
  },
  'Terminal: the reply was committed to the session history, complete (`completed`) or cut (`truncated`, with the finish reason that says which).',
);
const ChatStreamInterruptedEvent = eventOf('interrupted', { reason: Type.Enum(INTERRUPT_REASONS) }, 'Terminal: cancelled or shut down; history unchanged.');
const ChatStreamFailedEvent = eventOf(
  'failed',
  {
    outcome: Type.Enum(DROPPED_OUTCOMES, {
      description: '`refused`: the provider declined (code PROVIDER_REFUSED); `failed`: any other failure, with its code.',
    }),
    code: Type.Enum(CHAT_RUN_FAILURE_CODES),
    remediation: Remediation,
  },
  'Terminal: the run failed or was refused with a sanitized code; text already sent in `delta` events is not an answer; history unchanged; never retried after output.',
);

export const ChatStreamEvent = Type.Union(
  [
    ChatStreamActiveEvent,
    ChatStreamFirstTokenEvent,
    ChatStreamDeltaEvent,
    ChatStreamCancellingEvent,
    ChatStreamCompletedEvent,
    ChatStreamInterruptedEvent,
    ChatStreamFailedEvent,
  ],
  { description: 'One schema-v1 chat stream event; exactly one terminal event (`completed`, `interrupted`, `failed`) ends each run.' },
);
export type ChatStreamEvent = Static<typeof ChatStreamEvent>;
