import { Type, type Static } from 'typebox';

const SECRET_VALUE_MAX_CHARACTERS = 65_536;

/** Allowlisted credential references and their read-only environment fallback (contract.md section 5). */
export const CREDENTIAL_REFERENCES = {
  'openai.api_key': 'OPENAI_API_KEY',
  'anthropic.api_key': 'ANTHROPIC_API_KEY',
  'openai_compatible.api_key': 'OPENAI_COMPATIBLE_API_KEY',
} as const;
export type CredentialReference = keyof typeof CREDENTIAL_REFERENCES;

export const SecretReferenceParams = Type.Object(
  { reference: Type.String({ minLength: 1, maxLength: 96, pattern: '^[a-z0-9_.-]+$' }) },
  { additionalProperties: false },
);
export type SecretReferenceParams = Static<typeof SecretReferenceParams>;

export const SecretSetRequest = Type.Object(
  { value: Type.String({ minLength: 1, maxLength: SECRET_VALUE_MAX_CHARACTERS, writeOnly: true }) },
  { additionalProperties: false },
);
export type SecretSetRequest = Static<typeof SecretSetRequest>;

export const SecretStatus = Type.Union([Type.Literal('present'), Type.Literal('missing'), Type.Literal('unavailable')]);
export type SecretStatus = Static<typeof SecretStatus>;

export const SecretStatusResponse = Type.Object(
  {
    reference: Type.String({ minLength: 1, maxLength: 96, pattern: '^[a-z0-9_.-]+$' }),
    status: SecretStatus,
  },
  { additionalProperties: false },
);
export type SecretStatusResponse = Static<typeof SecretStatusResponse>;
