import { providerServices, type ProviderNetwork, type ProviderServices } from '../../app/providers/provider-services.js';
import type { CredentialService } from '../../app/secrets/credential-service.js';
import { consentRoutes, providerRoutes } from '../../http/routes/provider-routes.js';
import { SqliteProviderStore } from '../../infra/database/sqlite-provider-store.js';
import { NodeEndpointProber } from '../../infra/endpoint-probe/node-endpoint-prober.js';
import type { ComposedCapability, CoreServices } from './capability-context.js';

export interface ProviderCapabilities extends ComposedCapability {
  readonly providers: ProviderServices;
}

/** Provider profiles and consents over the endpoint probe, on the network of the dependencies. */
export function composeProviders(core: CoreServices, credentials: CredentialService): ProviderCapabilities {
  const { state } = core;
  const { resolver, transport, cloudUrls } = core.dependencies.network;
  const network: ProviderNetwork = { resolver, prober: new NodeEndpointProber(transport), transport, cloudUrls };
  const providers = providerServices({
    network,
    store: state.database ? new SqliteProviderStore(state.database, state.databaseGuard ?? undefined) : null,
    credentials: { status: (reference) => credentials.presence(reference) },
    gate: core.startup,
  });
  return { providers, routes: [...providerRoutes(providers.configuration), ...consentRoutes(providers.consents)] };
}
