import { SchemaVersion1 } from './api-version.js';
import { Type, type Static } from 'typebox';
import { ConsentSummary } from './consent.js';
import { PROVIDER_LIMITS } from './limits.js';
import { PROVIDER_CREDENTIAL_REFERENCES, PROVIDER_IDS, ProviderDescriptor, ProviderProfileSummary, Revision, SecretPresenceSummary } from './providers.js';

/** GET /api/v1/provider-configuration: everything the settings UI shows, never a key value. */
export const ProviderConfigurationResponse = Type.Object(
  {
    schema_version: SchemaVersion1(),
    profile_revision: Revision,
    consent_revision: Revision,
    providers: Type.Array(ProviderDescriptor, { minItems: 1, maxItems: PROVIDER_IDS.length }),
    secrets: Type.Array(SecretPresenceSummary, { maxItems: PROVIDER_CREDENTIAL_REFERENCES.length }),
    profiles: Type.Array(ProviderProfileSummary, { maxItems: PROVIDER_LIMITS.maxProfiles }),
    consents: Type.Array(ConsentSummary, { maxItems: PROVIDER_LIMITS.maxConsents }),
  },
  { additionalProperties: false },
);
export type ProviderConfigurationResponse = Static<typeof ProviderConfigurationResponse>;
