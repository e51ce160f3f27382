// The capability compositions of `serve`, composed right after the readiness line. Each is its own
// module, loaded by a dynamic import: the bundle evaluates its code (and the Node built-ins it needs,
// such as node:https for the provider clients) only now, and one composition per event-loop turn,
// so that the shell's first requests (health, then settings) wait for at most one of them.
import type { RouteDefinition } from '../../http/route-definition.js';
import type { ComposedCapability, CoreServices } from './capability-context.js';

export interface BoundCapabilities {
  /** Interrupts running work in composition order (jobs, chat, GEDCOM workers) before connections close. */
  shutdown(): Promise<void>;
}

/** Lets the event loop serve what arrived (a health request, a settings read) before the next composition. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Composes the capabilities in order and hands each one's routes to `bound` as soon as it is composed,
 * so that a request waits only for the capability it needs.
 */
export async function bindCapabilities(core: CoreServices, bound: (routes: readonly RouteDefinition[]) => void): Promise<BoundCapabilities> {
  for (const extension of core.extensions) await extension.capabilitiesHeld;
  const composed: ComposedCapability[] = [];
  const add = <Capability extends ComposedCapability>(capability: Capability): Capability => {
    composed.push(capability);
    bound(capability.routes);
    return capability;
  };
  const local = add((await import('./local-state-capabilities.js')).composeLocalState(core));
  await nextTurn();
  const jobs = add((await import('./job-capabilities.js')).composeJobs(core));
  await nextTurn();
  const providers = add((await import('./provider-capabilities.js')).composeProviders(core, local.credentials));
  await nextTurn();
  add((await import('./chat-capabilities.js')).composeChat(core, providers, local.credentials, local.settings, jobs.preflight));
  const { artifactRoot } = core.options;
  if (artifactRoot !== undefined) {
    await nextTurn();
    add(await (await import('./gedcom-capabilities.js')).composeGedcom(core, artifactRoot, providers, jobs.jobs, local.credentials, local.settings));
  }
  for (const extension of core.extensions) {
    add({ routes: extension.bindRoutes?.({ jobs: jobs.jobs, registerActiveWork: (source) => jobs.preflight.register(source) }) ?? [] });
  }
  return {
    async shutdown() {
      for (const capability of composed) await capability.shutdown?.();
    },
  };
}
