import { STREAMING_TEXT_CAPABILITIES, type ProviderCatalogueEntry } from '../../contract/provider-entry.js';

/**
 * Ollama, a local server. Its test path `GET /api/version` answers `{"version":"0.5.1"}` (ollama-js
 * `version()` returns `VersionResponse {version: string}`; ollama docs/api.md "Version"). It has no
 * credential, so a 401/403 never comes from Ollama itself.
 */
export const OLLAMA = {
  id: 'ollama',
  kind: 'local',
  displayName: 'Ollama (local)',
  defaultEndpoint: 'http://127.0.0.1:11434',
  probe: {
    path: '/api/version',
    headers: [],
    isListing: (answer) => typeof answer.version === 'string',
    cutListingOpening: null,
    isAuthError: null,
    remediations: {
      unreachable: 'Nothing is listening at this address and port: start the server (for Ollama: "ollama serve") or correct the port.',
      not_provider_api:
        "The endpoint answered, but not as this provider's API: check the base path (Ollama serves the root, not /v1) and that the server on this port is the kind of provider chosen.",
    },
  },
  credential: null,
  capabilities: STREAMING_TEXT_CAPABILITIES,
} as const satisfies ProviderCatalogueEntry;
