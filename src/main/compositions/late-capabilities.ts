// The capability compositions of `serve`, composed right after the readiness line. Each is its own
// module, loaded by a dynamic import: the bundle evaluates its code (and the Node built-ins it needs,
// such as node:https for the provider clients) only now, and one composition per event-loop turn,
// so that the shell's first requests (health, then settings) wait for at most one of them.
import type { RouteDefinition } from '../../http/route-definition.js';
import type { ComposedCapability, CoreServices } from './capability-context.js';

export interface BoundCapabilities {
  readonly routes: readonly RouteDefinition[];
  /** Interrupts running work in composition order (jobs, chat, GEDCOM workers) before connections close. */
  shutdown(): Promise<void>;
}

/** Lets the event loop serve what arrived (a health request, a settings read) before the next composition. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function bindCapabilities(core: CoreServices): Promise<BoundCapabilities> {
  for (const extension of core.extensions) await extension.capabilitiesHeld;
  const composed: ComposedCapability[] = [];
  const local = (await import('./local-state-capabilities.js')).composeLocalState(core);
  composed.push(local);
  await nextTurn();
  const jobs = (await import('./job-capabilities.js')).composeJobs(core);
  composed.push(jobs);
  await nextTurn();
  const providers = (await import('./provider-capabilities.js')).composeProviders(core, local.credentials);
  composed.push(providers);
  await nextTurn();
  composed.push((await import('./chat-capabilities.js')).composeChat(core, providers, local.credentials, local.settings, jobs.preflight));
  const { artifactRoot } = core.options;
  if (artifactRoot !== undefined) {
    await nextTurn();
    composed.push(await (await import('./gedcom-capabilities.js')).composeGedcom(core, artifactRoot, providers, jobs.jobs, local.credentials, local.settings));
  }
  for (const extension of core.extensions) {
    composed.push({ routes: extension.bindRoutes?.({ jobs: jobs.jobs, registerActiveWork: (source) => jobs.preflight.register(source) }) ?? [] });
  }
  return {
    routes: composed.flatMap((capability) => capability.routes),
    async shutdown() {
      for (const capability of composed) await capability.shutdown?.();
    },
  };
}
