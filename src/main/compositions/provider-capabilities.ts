import { providerServices, type ProviderNetwork, type ProviderServices } from '../../app/providers/provider-services.js';
import type { CredentialService } from '../../app/secrets/credential-service.js';
import { consentRoutes, providerRoutes } from '../../http/routes/provider-routes.js';
import { SqliteProviderStore } from '../../infra/database/sqlite-provider-store.js';
import { DnsHostResolver } from '../../infra/endpoint-probe/dns-host-resolver.js';
import { NodeEndpointProber } from '../../infra/endpoint-probe/node-endpoint-prober.js';
import { SYSTEM_RETRY_CLOCK, type RetryClock } from '../../infra/providers/retry-policy.js';
import type { ComposedCapability, CoreServices } from './capability-context.js';

export interface ProviderCapabilities extends ComposedCapability {
  readonly providers: ProviderServices;
  /** Retry pauses and deadlines of the provider wire clients. */
  readonly providerClock: RetryClock;
}

/** Provider profiles and consents over the endpoint probe; a test composition may replace the network and the retry clock. */
export function composeProviders(core: CoreServices, credentials: CredentialService): ProviderCapabilities {
  const { state, extensions } = core;
  // A test composition may replace name resolution, TLS trust and the cloud URLs; the default uses none of it.
  const networkOverride = extensions.find((extension) => extension.providerNetwork !== undefined)?.providerNetwork;
  const transport = networkOverride?.transport ?? {};
  const network: ProviderNetwork = {
    resolver: networkOverride?.resolver ?? new DnsHostResolver(),
    prober: new NodeEndpointProber(transport),
    transport,
    cloudUrls: networkOverride?.cloudUrls,
  };
  const providers = providerServices({
    network,
    store: state.database ? new SqliteProviderStore(state.database, state.databaseGuard ?? undefined) : null,
    credentials: { status: (reference) => credentials.presence(reference) },
    gate: core.startup,
  });
  // A test composition may shorten the pauses.
  const providerClock = extensions.find((extension) => extension.providerClock !== undefined)?.providerClock ?? SYSTEM_RETRY_CLOCK;
  return { providers, providerClock, routes: [...providerRoutes(providers.configuration), ...consentRoutes(providers.consents)] };
}
