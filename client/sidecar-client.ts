import { createApiClient, contractHeaders, type ApiClient, type ClientIdentity } from './api-client.js';
import { ChatClient } from './chat.js';
import { JobsClient } from './jobs.js';
import { SettingsClient } from './settings.js';

/** The paired client: the typed API with the contract headers set once, and the helpers every caller needs. */
export interface SidecarClient {
  readonly api: ApiClient;
  readonly jobs: JobsClient;
  /** Chat for the session owner this client speaks for. */
  readonly chat: ChatClient;
  readonly settings: SettingsClient;
}

/** A client of a sidecar at `baseUrl` (from its readiness line); `owner` names the window or tab chat sessions belong to. */
export function createSidecarClient(baseUrl: string, identity: ClientIdentity, options: { readonly owner?: string } = {}): SidecarClient {
  const api = createApiClient(baseUrl, identity);
  const headers = (): Record<string, string> => contractHeaders(identity);
  return {
    api,
    jobs: new JobsClient(api, baseUrl, headers),
    chat: new ChatClient(api, baseUrl, headers, options.owner ?? 'desktop-main'),
    settings: new SettingsClient(api),
  };
}
