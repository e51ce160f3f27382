import type { ActiveWorkSource } from '../../app/jobs/active-work.js';
import type { JobEngine } from '../../app/jobs/job-engine.js';
import type { RouteDefinition } from '../../http/route-definition.js';
import type { CapabilityDeclaration } from '../../http/routes/route-contract.js';
import type { ProviderNetworkOverride } from '../../app/providers/provider-services.js';
import type { GedcomCheckpoints } from '../../infra/gedcom/worker-pool.js';
import type { RetryClock } from '../../infra/providers/retry-policy.js';

/** What an extension may build on: the composed application services it needs. */
interface ExtensionServices {
  readonly jobs: JobEngine;
  registerActiveWork(source: ActiveWorkSource): void;
}

/**
 * An addition to the composition, handed to `serve` by another entry point (the test entry passes
 * its test-only producers this way). The default entry passes none.
 */
export interface CompositionExtension {
  readonly name: string;
  /** Its modules and routes as declared: exposed, matched and listed in the manifest from readiness on. */
  readonly capabilities: readonly CapabilityDeclaration[];
  /** Binds those routes, once the capability services are composed. */
  bindRoutes?(services: ExtensionServices): readonly RouteDefinition[];
  /** Replaces name resolution, TLS trust and the cloud URLs of the provider services (test composition only). */
  readonly providerNetwork?: ProviderNetworkOverride;
  /** Time of the provider wire clients' retry pauses and deadlines (test composition only: zero-length pauses). */
  readonly providerClock?: RetryClock;
  /** Holds GEDCOM tasks at a stage or lowers the workers' heap ceiling (test composition only). */
  readonly gedcomWorker?: GedcomWorkerOverride;
}

interface GedcomWorkerOverride {
  readonly checkpoints?: GedcomCheckpoints;
  readonly maxOldGenerationMb?: number;
  /** Workers at once, instead of the machine's default (so tests see queueing on any machine). */
  readonly size?: number;
}
