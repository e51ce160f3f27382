import type { EventLog } from '../../app/event-log.js';
import type { KeyringStore } from '../../app/secrets/keyring-store.js';
import type { StartupGate } from '../../app/startup/startup-gate.js';
import type { RouteDefinition } from '../../http/route-definition.js';
import type { WorkerScript } from '../../infra/gedcom/worker-pool.js';
import type { LocalState } from '../../infra/local-state/local-state.js';
import type { CompositionExtension } from './extensions.js';

export interface ServeOptions {
  readonly configPath?: string;
  readonly workspace?: string;
  readonly artifactRoot?: string;
  readonly credentialsFromEnv?: boolean;
  /** The GEDCOM worker's code (dist/gedcom-worker.cjs next to the sidecar bundle); needed with `artifactRoot`. */
  readonly gedcomWorker?: WorkerScript;
}

/** What the core composition built before readiness and hands to the capability compositions. */
export interface CoreServices {
  readonly options: ServeOptions;
  readonly state: LocalState;
  readonly keyring: KeyringStore;
  readonly startup: StartupGate;
  readonly log: EventLog;
  readonly extensions: readonly CompositionExtension[];
}

/** One capability composition's contribution: its route bindings and what a graceful shutdown interrupts. */
export interface ComposedCapability {
  readonly routes: readonly RouteDefinition[];
  shutdown?(): Promise<void> | void;
}
