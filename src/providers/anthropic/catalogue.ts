import { STREAMING_TEXT_CAPABILITIES, type ProviderCatalogueEntry } from '../../contract/provider-entry.js';

/** The API version every request to Anthropic names (the test and the Messages stream alike). */
export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * Anthropic, a cloud provider at its one reviewed URL. Its test path `GET /v1/models` with
 * `anthropic-version` answers `{"data":[…],"has_more":…,"first_id","last_id"}`, and without a key
 * `401 {"type":"error","error":{"type":"authentication_error"}}`.
 */
export const ANTHROPIC = {
  id: 'anthropic',
  kind: 'cloud',
  displayName: 'Anthropic',
  defaultEndpoint: 'https://api.anthropic.com',
  probe: {
    path: '/v1/models',
    headers: [['anthropic-version', ANTHROPIC_VERSION]],
    isListing: (answer) => Array.isArray(answer.data) && typeof answer.has_more === 'boolean',
    cutListingOpening: /^\s*\{[\s\S]*"data"\s*:\s*\[/,
    isAuthError: (answer) => answer.type === 'error' && typeof answer.error === 'object' && answer.error !== null,
    remediations: {},
  },
  credential: { reference: 'anthropic.api_key', environment: 'ANTHROPIC_API_KEY', required: true },
  capabilities: STREAMING_TEXT_CAPABILITIES,
} as const satisfies ProviderCatalogueEntry;
