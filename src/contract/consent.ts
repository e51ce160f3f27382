import { Type, type Static } from 'typebox';
import { PROVIDER_LIMITS } from './limits.js';
import { DestinationIdentity, EXECUTION_MODULES, ModelName, PROVIDER_KINDS, ProfileName, ProviderIdSchema, Revision, Timestamp } from './providers.js';

/**
 * Consent administration (spec section 4): a named grant of one exact scope, created only from
 * the exact current preview, revoked explicitly. Execution re-reads it every time.
 */

/** What the data is sent for. Chat and GEDCOM executions name exactly one purpose. */
export const CONSENT_PURPOSES = ['research_chat', 'record_summary', 'translation', 'quality_review', 'merge_review'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Which kinds of data may leave the process. Every class but `user_text` may describe living persons. */
export const DATA_CLASSES = ['user_text', 'person_names', 'life_events', 'relationships', 'notes_and_sources'] as const;
export type DataClass = (typeof DATA_CLASSES)[number];
export const LIVING_PERSON_DATA_CLASSES: readonly DataClass[] = ['person_names', 'life_events', 'relationships', 'notes_and_sources'];

/**
 * What each data class lets leave the machine, shown in a consent preview as a made-up sample in
 * the shape the service sends it (never taken from the user's data).
 */
export const DATA_CLASS_SAMPLES: Readonly<Record<DataClass, string>> = {
  user_text: 'What you type in a chat, as "Which parish registers survive for my ancestors\' village before 1750?"',
  person_names: 'Names of people in a tree, as "Anna Example"; probably living people appear only as [living].',
  life_events: 'Years and kinds of life events, as "(1801-1880)" or "born 1801, died 1880"; never of a probably living person.',
  relationships: 'How people are related, as "child of Anna Example and Carl Example".',
  notes_and_sources: 'Notes and source citations, as "Parish register, 1801, entry 14".',
};

/**
 * `transient`: the user asks that nothing is retained (the service keeps data only in process memory);
 * `provider_policy`: the user accepts the provider's own retention policy.
 */
const CONSENT_RETENTIONS = ['transient', 'provider_policy'] as const;

const CONSENT_STATES = ['active', 'revoked'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

const CONSENT_NAME_PATTERN = '^[a-z0-9][a-z0-9_.-]{0,63}$';
const DIGEST_PATTERN = '^[0-9a-f]{64}$';

export const ConsentName = Type.String({ minLength: 1, maxLength: 64, pattern: CONSENT_NAME_PATTERN });
const ConsentDigest = Type.String({ pattern: DIGEST_PATTERN, description: 'Digest of one preview, issued by this process.' });

const CharacterBudget = Type.Integer({ minimum: 1, maximum: PROVIDER_LIMITS.maxConsentCharacters });

export const ConsentBudget = Type.Object(
  {
    max_runs: Type.Integer({ minimum: 1, maximum: PROVIDER_LIMITS.maxConsentRuns }),
    max_characters_sent: Type.Optional(
      Type.Union([CharacterBudget, Type.Null()], {
        description:
          'Characters the runs under this consent may send to the model in all (system instruction and messages, counted as code points before sending); a run whose request would go past it is refused before anything is sent. Absent or null: no bound.',
      }),
    ),
    max_characters_received: Type.Optional(
      Type.Union([CharacterBudget, Type.Null()], {
        description:
          'Characters the runs under this consent may receive from the model in all, charged while the answer streams; reaching it ends every run under way with CONSENT_BUDGET_EXHAUSTED, keeping nothing of the unfinished answer. Absent or null: no bound.',
      }),
    ),
    max_tokens: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: PROVIDER_LIMITS.maxConsentTokens }), Type.Null()], {
        description:
          "Tokens (input and output together) the runs under this consent may use in all, as the provider reports them; charged when a run's answer reports its usage (an answer without a usage report charges no tokens); once reached, further runs are refused with CONSENT_BUDGET_EXHAUSTED. Absent or null: no bound.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type ConsentBudget = Static<typeof ConsentBudget>;

const Modules = Type.Array(Type.Enum(EXECUTION_MODULES), { minItems: 1, maxItems: EXECUTION_MODULES.length, uniqueItems: true });
const Purposes = Type.Array(Type.Enum(CONSENT_PURPOSES), { minItems: 1, maxItems: CONSENT_PURPOSES.length, uniqueItems: true });
const DataClasses = Type.Array(Type.Enum(DATA_CLASSES), { minItems: 1, maxItems: DATA_CLASSES.length, uniqueItems: true });
const Warning = Type.Union([Type.String({ minLength: 1, maxLength: 512 }), Type.Null()]);

export const ConsentPreviewRequest = Type.Object(
  {
    name: ConsentName,
    profile: ProfileName,
    model: ModelName,
    modules: Modules,
    purposes: Purposes,
    data_classes: DataClasses,
    retention: Type.Enum(CONSENT_RETENTIONS),
    budget: Type.Optional(Type.Union([ConsentBudget, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ConsentPreviewRequest = Static<typeof ConsentPreviewRequest>;

/** The complete requested scope, exactly as it will be granted. */
export const ConsentScope = Type.Object(
  {
    name: ConsentName,
    provider_id: ProviderIdSchema,
    provider_kind: Type.Enum(PROVIDER_KINDS),
    profile: ProfileName,
    model: ModelName,
    destination: Type.String({ minLength: 1, maxLength: 300 }),
    destination_identity: DestinationIdentity,
    modules: Modules,
    purposes: Purposes,
    data_classes: DataClasses,
    retention: Type.Enum(CONSENT_RETENTIONS),
    living_person_warning: Warning,
    remote_retention_warning: Warning,
    budget: Type.Union([ConsentBudget, Type.Null()]),
  },
  { additionalProperties: false },
);
export type ConsentScope = Static<typeof ConsentScope>;

export const ConsentPreviewResponse = Type.Object(
  {
    consent_revision: Revision,
    digest: ConsentDigest,
    scope: ConsentScope,
    data_class_samples: Type.Optional(
      Type.Array(Type.Object({ data_class: Type.Enum(DATA_CLASSES), sample: Type.String({ minLength: 1, maxLength: 512 }) }, { additionalProperties: false }), {
        maxItems: DATA_CLASSES.length,
        description: 'For each data class of the scope, a made-up sample of what it lets leave the machine, in the shape the service sends it.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ConsentPreviewResponse = Static<typeof ConsentPreviewResponse>;

export const ConsentCreateRequest = Type.Object(
  {
    expected_revision: Revision,
    digest: ConsentDigest,
    scope: ConsentScope,
  },
  { additionalProperties: false },
);
export type ConsentCreateRequest = Static<typeof ConsentCreateRequest>;

export const ConsentSummary = Type.Object(
  {
    name: ConsentName,
    state: Type.Enum(CONSENT_STATES),
    scope: ConsentScope,
    used_runs: Type.Integer({ minimum: 0 }),
    used_characters_sent: Type.Optional(Type.Integer({ minimum: 0, description: 'Characters sent to the model under this consent so far (durable).' })),
    used_characters_received: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Characters received from the model under this consent so far (durable).' }),
    ),
    used_tokens: Type.Optional(Type.Integer({ minimum: 0, description: 'Tokens the provider reported for the runs under this consent so far (durable).' })),
    remaining: Type.Optional(
      Type.Union(
        [
          Type.Object(
            {
              runs: Type.Integer({ minimum: 0 }),
              characters_sent: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
              characters_received: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
              tokens: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
            },
            { additionalProperties: false, description: 'What the budget still allows; null for a kind without a bound.' },
          ),
          Type.Null(),
        ],
        { description: 'Null when the consent has no budget.' },
      ),
    ),
    created_revision: Revision,
    created_at: Timestamp,
    revoked_at: Type.Union([Timestamp, Type.Null()]),
  },
  { additionalProperties: false },
);
export type ConsentSummary = Static<typeof ConsentSummary>;

export const ConsentResponse = Type.Object(
  {
    consent_revision: Revision,
    consent: ConsentSummary,
  },
  { additionalProperties: false },
);
export type ConsentResponse = Static<typeof ConsentResponse>;

export const ConsentNameParams = Type.Object({ name: ConsentName }, { additionalProperties: false });
export type ConsentNameParams = Static<typeof ConsentNameParams>;
