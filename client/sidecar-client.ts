import { createApiClient, contractHeaders, type ApiClient, type ClientIdentity } from './api-client.js';
import { LocalArtifactStore } from './artifacts.js';
import { ChatClient } from './chat.js';
import { ConsentClient } from './consent.js';
import { DiagnosticsClient } from './diagnostics.js';
import { GedcomClient, type ArtifactStore } from './gedcom.js';
import { JobsClient } from './jobs.js';
import { ProvidersClient } from './providers.js';
import type { ReconnectOptions } from './resumable-stream.js';
import { SecretsClient } from './secrets.js';
import { SettingsClient } from './settings.js';

/** The paired client: the typed API with the contract headers set once, and a helper for every family of the manifest. */
export interface SidecarClient {
  readonly api: ApiClient;
  /** Health, the start-up report and the capability manifest. */
  readonly diagnostics: DiagnosticsClient;
  readonly jobs: JobsClient;
  /** Chat for the session owner this client speaks for. */
  readonly chat: ChatClient;
  readonly settings: SettingsClient;
  readonly secrets: SecretsClient;
  readonly providers: ProvidersClient;
  readonly consent: ConsentClient;
  /** GEDCOM operations; importing and exporting artifacts needs `artifactRoot` (or `artifacts`). */
  readonly gedcom: GedcomClient;
}

/** Options of a client: the session owner its chat speaks for, how its streams reconnect, where its artifacts live. */
export interface SidecarClientOptions {
  readonly owner?: string;
  readonly reconnect?: ReconnectOptions;
  /** The sidecar's artifact root (as passed to `serve --artifact-root`): GEDCOM imports and exports run in process there. */
  readonly artifactRoot?: string;
  /** Another artifact store than the local one at `artifactRoot`. */
  readonly artifacts?: ArtifactStore;
}

/**
 * A client of a sidecar at `baseUrl` (from its readiness line); `owner` names the window or tab chat
 * sessions belong to; `reconnect` tunes how job and chat streams resume (a test's clock).
 */
export function createSidecarClient(baseUrl: string, identity: ClientIdentity, options: SidecarClientOptions = {}): SidecarClient {
  const api = createApiClient(baseUrl, identity);
  const headers = (): Record<string, string> => contractHeaders(identity);
  const reconnect = options.reconnect ?? {};
  const jobs = new JobsClient(api, baseUrl, headers, reconnect);
  const providers = new ProvidersClient(api);
  const { artifactRoot } = options;
  const store = options.artifacts ?? (artifactRoot === undefined ? null : new LocalArtifactStore(artifactRoot));
  const artifacts = (): ArtifactStore => {
    if (store === null) throw new Error('no artifact store: create the client with { artifactRoot } (the root the sidecar serves)');
    return store;
  };
  return {
    api,
    diagnostics: new DiagnosticsClient(api),
    jobs,
    chat: new ChatClient(api, baseUrl, headers, options.owner ?? 'desktop-main', reconnect),
    settings: new SettingsClient(api),
    secrets: new SecretsClient(api),
    providers,
    consent: new ConsentClient(api, providers),
    gedcom: new GedcomClient(api, jobs, artifacts),
  };
}
