import type { ActiveWorkSource } from '../../app/jobs/active-work.js';
import type { JobEngine } from '../../app/jobs/job-engine.js';
import type { ModuleDeclaration } from '../../app/capabilities/module-registry.js';
import type { RouteDefinition } from '../../http/route-definition.js';
import type { ProviderNetworkOverride } from '../../app/providers/provider-services.js';
import type { GedcomCheckpoints } from '../../infra/gedcom/worker-pool.js';
import type { RetryClock } from '../../infra/providers/retry-policy.js';

/** Everything a composition contributes: module declarations and their routes. */
export interface Capability {
  readonly module: ModuleDeclaration;
  readonly routes: readonly RouteDefinition[];
}

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
  capabilities(services: ExtensionServices): readonly Capability[];
  /** Replaces name resolution, TLS trust and the cloud URLs of the provider services (test composition only). */
  readonly providerNetwork?: ProviderNetworkOverride;
  /** Time of the provider wire clients' retry pauses and deadlines (test composition only: zero-length pauses). */
  readonly providerClock?: RetryClock;
  /** Holds GEDCOM tasks at a stage or lowers the workers' heap ceiling (test composition only). */
  readonly gedcomWorker?: GedcomWorkerOverride;
}

export interface GedcomWorkerOverride {
  readonly checkpoints?: GedcomCheckpoints;
  readonly maxOldGenerationMb?: number;
  /** Workers at once, instead of the machine's default (so tests see queueing on any machine). */
  readonly size?: number;
}
