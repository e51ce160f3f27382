import type { EventLog } from '../../app/event-log.js';
import type { StartupGate } from '../../app/startup/startup-gate.js';
import type { RouteDefinition } from '../../http/route-definition.js';
import type { LocalState } from '../../infra/local-state/local-state.js';
import type { ServeDependencies } from './serve-dependencies.js';

/** The options of `serve` on its command line. */
export interface ServeOptions {
  readonly configPath?: string;
  readonly workspace?: string;
  readonly artifactRoot?: string;
  readonly credentialsFromEnv?: boolean;
}

/** What the core composition built and hands to the capability compositions. */
export interface CoreServices {
  readonly options: ServeOptions;
  readonly dependencies: ServeDependencies;
  readonly state: LocalState;
  readonly startup: StartupGate;
  readonly log: EventLog;
}

/** One capability composition's contribution: its route bindings and what a graceful shutdown interrupts. */
export interface ComposedCapability {
  readonly routes: readonly RouteDefinition[];
  shutdown?(): Promise<void> | void;
}
