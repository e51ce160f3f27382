import type { ActiveWorkSource } from '../../app/jobs/active-work.js';
import type { JobEngine } from '../../app/jobs/job-engine.js';
import type { RouteDefinition } from '../../http/route-definition.js';
import type { CapabilityDeclaration } from '../../http/routes/route-contract.js';

/** What an extension may build on: the composed application services it needs. */
interface ExtensionServices {
  readonly jobs: JobEngine;
  registerActiveWork(source: ActiveWorkSource): void;
}

/**
 * A capability added to the contract's own, handed to `serve` in its dependencies by another entry
 * point (the test entry adds its scripted job producer this way). The shipped entry adds none.
 */
export interface CompositionExtension {
  readonly name: string;
  /** Its modules and routes as declared: exposed, matched and listed in the manifest. */
  readonly capabilities: readonly CapabilityDeclaration[];
  /** Binds those routes, once the capability services are composed. */
  bindRoutes?(services: ExtensionServices): readonly RouteDefinition[];
}
