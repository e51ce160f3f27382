import { Type, type Static } from 'typebox';
import { PROVIDER_LIMITS } from './limits.js';
import { EXECUTION_MODULES, PROVIDER_KINDS } from './provider-entry.js';
import { PROVIDER_CATALOGUE } from './provider-table.js';

/**
 * Provider configuration (spec section 4, contract.md section 9): the catalog of providers (its ids
 * and allow-lists derived from provider-table.ts), endpoint tests, named profiles and the
 * configuration read. Strict objects only.
 */

type CatalogueEntry = (typeof PROVIDER_CATALOGUE)[number];

export type ProviderId = CatalogueEntry['id'];
/** Every provider of the catalogue, in its order. */
export const PROVIDER_IDS: readonly ProviderId[] = PROVIDER_CATALOGUE.map((entry) => entry.id);

/** The providers at one fixed, reviewed URL (only a test composition points them elsewhere). */
export type CloudProviderId = Extract<CatalogueEntry, { readonly kind: 'cloud' }>['id'];

export { EXECUTION_MODULES, PROVIDER_KINDS, type ExecutionModule, type ProviderKind } from './provider-entry.js';

type CredentialOf<E> = E extends { readonly credential: { readonly reference: infer R } } ? R : never;
/** The allow-listed credential references (contract.md section 5): those the catalogue's providers read. */
export type ProviderCredentialReference = CredentialOf<CatalogueEntry>;
/** Required credentials first, then optional ones, each in catalogue order (the order the configuration lists them). */
export const PROVIDER_CREDENTIAL_REFERENCES: readonly ProviderCredentialReference[] = [true, false].flatMap((required) =>
  PROVIDER_CATALOGUE.flatMap((entry): ProviderCredentialReference[] =>
    entry.credential !== null && entry.credential.required === required ? [entry.credential.reference] : [],
  ),
);

const SECRET_PRESENCE = ['present', 'missing', 'unavailable'] as const;
export type SecretPresence = (typeof SECRET_PRESENCE)[number];

/** Names a profile may never take: the `none` selection and every direct provider identifier. */
export const RESERVED_PROFILE_NAMES: readonly string[] = ['none', ...PROVIDER_IDS];

const PROFILE_NAME_PATTERN = '^[a-z0-9][a-z0-9_.-]{0,63}$';
const MODEL_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$';
const DESTINATION_IDENTITY_PATTERN = '^[0-9a-f]{64}$';

export const ProviderIdSchema = Type.Enum(PROVIDER_IDS, { description: 'A provider of the catalog.' });
export const ProfileName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: PROFILE_NAME_PATTERN,
  description: 'A profile name; never `none` or a provider identifier.',
});
export const ModelName = Type.String({
  minLength: 1,
  maxLength: PROVIDER_LIMITS.maxModelCharacters,
  pattern: MODEL_PATTERN,
  description: 'The exact model identifier.',
});
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
