import { Type, type Static } from 'typebox';
import { PROVIDER_CATALOGUE } from './provider-table.js';
import type { ProviderCredentialReference } from './providers.js';

const SECRET_VALUE_MAX_CHARACTERS = 65_536;

/**
 * Allowlisted credential references and their read-only environment fallback (contract.md section
 * 5), as the providers of the catalogue declare them.
 */
export const CREDENTIAL_REFERENCES: Readonly<Record<ProviderCredentialReference, string>> = Object.fromEntries(
  PROVIDER_CATALOGUE.flatMap((entry) => (entry.credential === null ? [] : [[entry.credential.reference, entry.credential.environment]])),
  // cast: the entries are exactly one per credential of the catalogue, which is what ProviderCredentialReference names
) as Readonly<Record<ProviderCredentialReference, string>>;
export type CredentialReference = ProviderCredentialReference;

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
