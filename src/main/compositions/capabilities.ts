// The capability compositions of `serve`, composed in order before the readiness line.
import type { RouteDefinition } from '../../http/route-definition.js';
import type { ComposedCapability, CoreServices } from './capability-context.js';
import { composeChat } from './chat-capabilities.js';
import { composeGedcom } from './gedcom-capabilities.js';
import { composeJobs } from './job-capabilities.js';
import { composeLocalState } from './local-state-capabilities.js';
import { composeProviders } from './provider-capabilities.js';

export interface ComposedCapabilities {
  /** Every capability's route bindings, in composition order. */
  readonly routes: readonly RouteDefinition[];
  /** Interrupts running work in composition order (jobs, chat, GEDCOM workers) before connections close. */
  shutdown(): Promise<void>;
}

/** Composes settings and secrets, jobs, providers and consent, chat, GEDCOM (with an artifact root) and the extensions' routes. */
export async function composeCapabilities(core: CoreServices): Promise<ComposedCapabilities> {
  const composed: ComposedCapability[] = [];
  const add = <Capability extends ComposedCapability>(capability: Capability): Capability => {
    composed.push(capability);
    return capability;
  };
  const local = add(composeLocalState(core));
  const jobs = add(composeJobs(core));
  const providers = add(composeProviders(core, local.credentials));
  add(composeChat(core, providers, local.credentials, local.settings, jobs.preflight));
  const { artifactRoot } = core.options;
  if (artifactRoot !== undefined) add(await composeGedcom(core, artifactRoot, providers, jobs.jobs, local.credentials, local.settings));
  for (const extension of core.dependencies.extensions) {
    add({ routes: extension.bindRoutes?.({ jobs: jobs.jobs, registerActiveWork: (source) => jobs.preflight.register(source) }) ?? [] });
  }
  return {
    routes: composed.flatMap((capability) => capability.routes),
    async shutdown() {
      for (const capability of composed) await capability.shutdown?.();
    },
  };
}
