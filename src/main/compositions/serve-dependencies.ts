import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { CloudProviderId } from '../../contract/providers.js';
import type { EndpointTransport, HostResolver } from '../../app/providers/ports.js';
import { GEDCOM_WORKER_LIMITS } from '../../contract/limits.js';
import { DnsHostResolver } from '../../infra/endpoint-probe/dns-host-resolver.js';
import { defaultPoolSize, type GedcomCheckpoints, type WorkerScript } from '../../infra/gedcom/worker-pool.js';
import type { OsKeyring } from '../../infra/keyring/os-keyring.js';
import type { readDatabaseKey } from '../../infra/local-state/database-key.js';
import type { HostPlatform } from '../../infra/platform/host-platform.js';
import { SYSTEM_RETRY_CLOCK, type RetryClock } from '../../infra/providers/retry-policy.js';
import type { EarlyStart } from './early-start.js';
import type { CompositionExtension } from './extensions.js';

/** The GEDCOM worker's loader (its bundle and code cache beside it) next to the sidecar's own bundle (scripts/build.mjs writes them into dist/). */
const GEDCOM_WORKER_BUNDLE = 'gedcom-worker.js';

/** Time and identifiers as the capability services see them. */
interface ServeClock {
  /** Wall-clock milliseconds since the epoch. */
  now(): number;
  /** Monotonic milliseconds, for durations. */
  monotonic(): number;
  /** `bytes` random bytes (identifiers, cursor keys). */
  random(bytes: number): Buffer;
}

/** Name resolution, the transport of the endpoint probe and the provider wire clients, and the cloud URLs. */
export interface ServeNetwork {
  readonly resolver: HostResolver;
  readonly transport: EndpointTransport;
  /** Replacements of the reviewed cloud URLs; none by default. */
  readonly cloudUrls?: Partial<Record<CloudProviderId, string>>;
}

/** The GEDCOM worker pool: its workers' code, how many, their heap ceiling, and the hooks of each task. */
interface GedcomWorkerFactory {
  readonly script: WorkerScript;
  readonly size: number;
  readonly maxOldGenerationMb: number;
  readonly checkpoints: GedcomCheckpoints | null;
}

/**
 * Everything `serve` takes from the world, in one typed record: the one place where a composition
 * differs from another. The production defaults are `productionDependencies`; the test entry
 * (test/support/test-cli.ts) passes the same record with its overrides.
 */
export interface ServeDependencies {
  readonly platform: HostPlatform;
  readonly keyring: OsKeyring;
  /** The database key's read from the keyring, started before the service's code evaluated. */
  readonly databaseKey: ReturnType<typeof readDatabaseKey>;
  /** Milliseconds of process uptime when the early start began. */
  readonly startedAt: number;
  readonly clock: ServeClock;
  readonly network: ServeNetwork;
  /** Retry pauses and deadlines of the provider wire clients. */
  readonly retryClock: RetryClock;
  readonly gedcomWorkers: GedcomWorkerFactory;
  /** Capabilities added to the contract's own (their modules, routes and bindings); none by default. */
  readonly extensions: readonly CompositionExtension[];
}

const SYSTEM_CLOCK: ServeClock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  random: (bytes) => randomBytes(bytes),
};

/** The dependencies of the shipped `serve`: this host, its keyring, DNS and Node's TLS roots, the system clock, the workers beside the bundle. */
export function productionDependencies(early: EarlyStart, bundleDirectory: string): ServeDependencies {
  return {
    platform: early.platform,
    keyring: early.keyring,
    databaseKey: early.databaseKey,
    startedAt: early.startedAt,
    clock: SYSTEM_CLOCK,
    network: { resolver: new DnsHostResolver(), transport: {} },
    retryClock: SYSTEM_RETRY_CLOCK,
    gedcomWorkers: {
      script: { kind: 'file', path: join(bundleDirectory, GEDCOM_WORKER_BUNDLE) },
      size: defaultPoolSize(),
      maxOldGenerationMb: GEDCOM_WORKER_LIMITS.maxOldGenerationMb,
      checkpoints: null,
    },
    extensions: [],
  };
}
