import { ConsentService } from './consent-service.js';
import type { StartupGate } from '../startup/startup-gate.js';
import type { CloudProviderId } from '../../contract/providers.js';
import { ProviderCatalog } from './catalog.js';
import { ConsentRuns } from './consent-runs.js';
import { EndpointVerifier } from './endpoint-verifier.js';
import type { Clock, CredentialPresence, EndpointProber, EndpointTransport, HostResolver } from './ports.js';
import { SYSTEM_CLOCK } from './ports.js';
import { ProviderPreflight } from './preflight.js';
import { ProviderConfigurationService } from './provider-configuration-service.js';
import type { ProviderConfigurationStore } from './store.js';

/** The world as the provider services see it: the default composition uses DNS and Node's TLS roots. */
export interface ProviderNetwork {
  readonly resolver: HostResolver;
  readonly prober: EndpointProber;
  /** The transport the probe uses; provider wire clients must use the same one. */
  readonly transport: EndpointTransport;
  /** Replacements of the reviewed cloud URLs (loopback fakes in the test composition); none by default. */
  readonly cloudUrls?: Partial<Record<CloudProviderId, string>>;
}

export interface ProviderServices {
  readonly catalog: ProviderCatalog;
  /** The transport provider wire clients must use (the same the endpoint probe used). */
  readonly transport: EndpointTransport;
  readonly configuration: ProviderConfigurationService;
  readonly consents: ConsentService;
  /** The central preflight chat and GEDCOM call before every execution. */
  readonly preflight: ProviderPreflight;
  /** Runs under way by consent: a revocation stops them (chat and GEDCOM watch, the consent service withdraws). */
  readonly consentRuns: ConsentRuns;
}

export function providerServices(deps: {
  readonly network: ProviderNetwork;
  readonly store: ProviderConfigurationStore | null;
  readonly credentials: CredentialPresence;
  readonly gate: StartupGate;
  readonly clock?: Clock;
}): ProviderServices {
  const clock = deps.clock ?? SYSTEM_CLOCK;
  const catalog = new ProviderCatalog({ cloudUrls: deps.network.cloudUrls });
  const verifier = new EndpointVerifier(deps.network.resolver, deps.network.prober);
  const consentRuns = new ConsentRuns(deps.store);
  return {
    catalog,
    transport: deps.network.transport,
    configuration: new ProviderConfigurationService(catalog, verifier, deps.store, deps.credentials, deps.gate, clock),
    consents: new ConsentService(catalog, verifier, deps.store, deps.gate, clock, consentRuns),
    preflight: new ProviderPreflight(catalog, verifier, deps.store, deps.credentials, deps.gate),
    consentRuns,
  };
}
