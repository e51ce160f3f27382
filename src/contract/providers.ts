import { Type, type Static } from 'typebox';
import { PROVIDER_LIMITS } from './limits.js';
import type { CredentialReference } from './secrets.js';

/**
 * Provider configuration (spec section 4, contract.md section 9): the catalog of the four
 * providers, endpoint tests, named profiles and the configuration read. Strict objects only.
 */

export const PROVIDER_IDS = ['ollama', 'openai_compatible', 'openai', 'anthropic'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_KINDS = ['local', 'cloud'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** Modules that execute providers: both re-enter the central preflight. */
export const EXECUTION_MODULES = ['chat', 'gedcom'] as const;
export type ExecutionModule = (typeof EXECUTION_MODULES)[number];

/** Allowlisted credential references of providers (contract.md section 5). */
export const PROVIDER_CREDENTIAL_REFERENCES = ['openai.api_key', 'anthropic.api_key', 'openai_compatible.api_key'] as const;
export type ProviderCredentialReference = (typeof PROVIDER_CREDENTIAL_REFERENCES)[number];
/** Compile-time proof that this list is exactly the credential allowlist of secrets.ts. */
type SameAllowlist = [CredentialReference] extends [ProviderCredentialReference] ? ([ProviderCredentialReference] extends [CredentialReference] ? true : never) : never;
const _PROVIDER_ALLOWLIST_AGREES: SameAllowlist = true;

const SECRET_PRESENCE = ['present', 'missing', 'unavailable'] as const;
export type SecretPresence = (typeof SECRET_PRESENCE)[number];

/** Names a profile may never take: the `none` selection and every direct provider identifier. */
export const RESERVED_PROFILE_NAMES: readonly string[] = ['none', ...PROVIDER_IDS];

const PROFILE_NAME_PATTERN = '^[a-z0-9][a-z0-9_.-]{0,63}$';
const MODEL_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$';
const DESTINATION_IDENTITY_PATTERN = '^[0-9a-f]{64}$';

export const ProviderIdSchema = Type.Enum(PROVIDER_IDS, { description: 'A provider of the catalog.' });
export const ProfileName = Type.String({ minLength: 1, maxLength: 64, pattern: PROFILE_NAME_PATTERN, description: 'A profile name; never `none` or a provider identifier.' });
export const ModelName = Type.String({ minLength: 1, maxLength: PROVIDER_LIMITS.maxModelCharacters, pattern: MODEL_PATTERN, description: 'The exact model identifier.' });
export const DestinationIdentity = Type.String({ pattern: DESTINATION_IDENTITY_PATTERN, description: 'SHA-256 destination identity, 64 lowercase hex.' });
const EndpointUrl = Type.String({ minLength: 1, maxLength: PROVIDER_LIMITS.maxEndpointUrlCharacters });
export const Revision = Type.Integer({ minimum: 0 });
export const Timestamp = Type.String({ minLength: 20, maxLength: 30, description: 'UTC instant, ISO 8601.' });

export const ProviderCapabilities = Type.Object(
  {
    streaming: Type.Boolean(),
    max_context_characters: Type.Integer({ minimum: 1 }),
    max_output_tokens: Type.Integer({ minimum: 1 }),
    modules: Type.Array(Type.Enum(EXECUTION_MODULES), { minItems: 0, maxItems: EXECUTION_MODULES.length }),
    tools: Type.Literal(false, { description: 'Tool use is disabled for every provider.' }),
  },
  { additionalProperties: false },
);
export type ProviderCapabilities = Static<typeof ProviderCapabilities>;

export const ProviderDescriptor = Type.Object(
  {
    provider_id: ProviderIdSchema,
    kind: Type.Enum(PROVIDER_KINDS),
    display_name: Type.String({ minLength: 1, maxLength: 128 }),
    endpoint_policy: Type.Enum(['explicit_loopback', 'fixed_reviewed_url']),
    default_endpoint: EndpointUrl,
    credential_reference: Type.Union([Type.Enum(PROVIDER_CREDENTIAL_REFERENCES), Type.Null()]),
    credential_required: Type.Boolean(),
    consent_required: Type.Boolean({ description: 'Cloud providers need a named consent before any execution.' }),
    capabilities: ProviderCapabilities,
  },
  { additionalProperties: false },
);
export type ProviderDescriptor = Static<typeof ProviderDescriptor>;

export const SecretPresenceSummary = Type.Object(
  {
    reference: Type.Enum(PROVIDER_CREDENTIAL_REFERENCES),
    status: Type.Enum(SECRET_PRESENCE),
  },
  { additionalProperties: false },
);
export type SecretPresenceSummary = Static<typeof SecretPresenceSummary>;

export const ProviderProfileSummary = Type.Object(
  {
    name: ProfileName,
    provider_id: ProviderIdSchema,
    kind: Type.Enum(PROVIDER_KINDS),
    endpoint: EndpointUrl,
    destination: Type.String({ minLength: 1, maxLength: 300, description: 'Redacted destination: scheme, host and port only.' }),
    destination_identity: DestinationIdentity,
    model: ModelName,
    created_revision: Revision,
    created_at: Timestamp,
  },
  { additionalProperties: false },
);
export type ProviderProfileSummary = Static<typeof ProviderProfileSummary>;

export const EndpointValidationRequest = Type.Object(
  {
    provider_id: ProviderIdSchema,
    endpoint: EndpointUrl,
  },
  { additionalProperties: false },
);
export type EndpointValidationRequest = Static<typeof EndpointValidationRequest>;

export const EndpointValidationResponse = Type.Object(
  {
    provider_id: ProviderIdSchema,
    endpoint: EndpointUrl,
    destination: Type.String({ minLength: 1, maxLength: 300 }),
    destination_identity: DestinationIdentity,
    tls: Type.Boolean(),
    tested_at: Timestamp,
  },
  { additionalProperties: false },
);
export type EndpointValidationResponse = Static<typeof EndpointValidationResponse>;

export const ProviderProfileCreateRequest = Type.Object(
  {
    expected_revision: Revision,
    name: ProfileName,
    provider_id: ProviderIdSchema,
    endpoint: EndpointUrl,
    model: ModelName,
    destination_identity: DestinationIdentity,
  },
  { additionalProperties: false },
);
export type ProviderProfileCreateRequest = Static<typeof ProviderProfileCreateRequest>;

export const ProviderProfileResponse = Type.Object(
  {
    profile_revision: Revision,
    profile: ProviderProfileSummary,
  },
  { additionalProperties: false },
);
export type ProviderProfileResponse = Static<typeof ProviderProfileResponse>;
