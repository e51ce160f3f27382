import type { CloudProviderId } from '../../src/contract/providers.js';
import type { ServeNetwork } from '../../src/main/compositions/serve-dependencies.js';
import { StaticHostResolver } from '../../src/infra/endpoint-probe/dns-host-resolver.js';
import { SYSTEM_RETRY_CLOCK, type RetryClock } from '../../src/infra/providers/retry-policy.js';

/** Name of the variable through which an end-to-end test hands its network to the test composition. */
export const TEST_PROVIDER_NETWORK_VARIABLE = 'SERVICE_TEST_PROVIDER_NETWORK';

/**
 * The test network, as JSON: a name table (each name answers a sequence of answers, for rebinding
 * tests), the test CA, where each public test address really goes (`"<address>:<port>"` -> loopback
 * port) and the cloud URLs the catalog uses instead of the reviewed ones. No test reaches the internet.
 */
export interface TestProviderNetwork {
  readonly hosts: Readonly<Record<string, readonly (readonly string[])[]>>;
  readonly ca: readonly string[];
  readonly dial: Readonly<Record<string, number>>;
  readonly cloudUrls: Partial<Record<CloudProviderId, string>>;
}

/**
 * Retry pauses of zero length for the test composition: end-to-end retry tests see every retry the
 * declared policy makes without waiting for its real backoff (the unit tests check the pauses on
 * virtual time). Deadlines still run on the system clock.
 */
export const ZERO_BACKOFF_CLOCK: RetryClock = {
  now: SYSTEM_RETRY_CLOCK.now,
  sleep: () => Promise.resolve(),
  after: SYSTEM_RETRY_CLOCK.after,
};

/** The network a test handed the test composition through its environment, or null to keep the default. */
export function testNetwork(env: NodeJS.ProcessEnv = process.env): ServeNetwork | null {
  const text = env[TEST_PROVIDER_NETWORK_VARIABLE];
  if (text === undefined) return null;
  const network = JSON.parse(text) as TestProviderNetwork;
  return {
    resolver: new StaticHostResolver(network.hosts),
    cloudUrls: network.cloudUrls,
    transport: {
      ca: network.ca,
      dial: (address, port) => {
        if (address === '127.0.0.1' || address === '::1') return { host: address, port };
        const target = network.dial[`${address}:${port}`];
        // An address outside the table goes nowhere: a closed loopback port, never the internet.
        return { host: '127.0.0.1', port: target ?? 9 };
      },
    },
  };
}
