import { createApiClient, contractHeaders, type ApiClient, type ClientIdentity } from './api-client.js';
import { ChatClient } from './chat.js';
import { JobsClient } from './jobs.js';
import type { ReconnectOptions } from './resumable-stream.js';
import { SettingsClient } from './settings.js';

/** The paired client: the typed API with the contract headers set once, and the helpers every caller needs. */
export interface SidecarClient {
  readonly api: ApiClient;
  readonly jobs: JobsClient;
  /** Chat for the session owner this client speaks for. */
  readonly chat: ChatClient;
  readonly settings: SettingsClient;
}

/** Options of a client: the session owner its chat speaks for, and how its streams reconnect. */
export interface SidecarClientOptions {
  readonly owner?: string;
  readonly reconnect?: ReconnectOptions;
}

/**
 * A client of a sidecar at `baseUrl` (from its readiness line); `owner` names the window or tab chat
 * sessions belong to; `reconnect` tunes how job and chat streams resume (a test's clock).
 */
export function createSidecarClient(baseUrl: string, identity: ClientIdentity, options: SidecarClientOptions = {}): SidecarClient {
  const api = createApiClient(baseUrl, identity);
  const headers = (): Record<string, string> => contractHeaders(identity);
  const reconnect = options.reconnect ?? {};
  return {
    api,
    jobs: new JobsClient(api, baseUrl, headers, reconnect),
    chat: new ChatClient(api, baseUrl, headers, options.owner ?? 'desktop-main', reconnect),
    settings: new SettingsClient(api),
  };
}
