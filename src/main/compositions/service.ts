import { ModuleRegistry } from '../../app/capabilities/module-registry.js';
import { SYSTEM_MODULE } from '../../app/capabilities/system-module.js';
import { DIAGNOSTICS_MODULE, SECRETS_MODULE, SETTINGS_MODULE } from '../../app/capabilities/local-state-modules.js';
import { platformOf, StartupReport } from '../../app/diagnostics/startup-report.js';
import type { EventLog } from '../../app/event-log.js';
import { GEDCOM_MODULE } from '../../app/gedcom/gedcom-module.js';
import { ReadinessReport } from '../../app/health/readiness.js';
import { startupGate } from '../../app/startup/startup-gate.js';
import { SIDECAR_BUILD } from '../../contract/build-info.js';
import { RequestGate } from '../../http/request-gate.js';
import type { RouteContract } from '../../http/route-definition.js';
import { CONTRACT_CAPABILITIES, type CapabilityDeclaration } from '../../http/routes/route-contract.js';
import { diagnosticsRoutes } from '../../http/routes/local-state-routes.js';
import { systemRoutes } from '../../http/routes/system-routes.js';
import { buildHttpAdapter, type HttpAdapter } from '../../http/server.js';
import { openLocalState } from '../../infra/local-state/local-state.js';
import { StderrEventLog } from '../../infra/stderr-event-log.js';
import { DescriptorWriter } from '../../infra/launch/descriptor-writer.js';
import type { ServeDependencies } from './serve-dependencies.js';
import { composeCapabilities } from './capabilities.js';
import type { ServeOptions } from './capability-context.js';

export type { ServeOptions } from './capability-context.js';

export interface LaunchIdentity {
  readonly bearer: string;
  readonly appBuild: string;
}

export interface ComposedService {
  readonly http: HttpAdapter;
  /** Called once the listener is bound: the Host rule and the readiness proof need the port. */
  bindPort(port: number): void;
  /** Releases what the composition opened (after the HTTP server closed). */
  close(): Promise<void>;
}

/** Modules that are part of every composition, whatever the configuration enables. */
const CORE_MODULES: readonly string[] = [SYSTEM_MODULE.moduleId];

/** Declares every capability's module and marks each declared route as handled; answers the routes exposed. */
function exposedRoutes(registry: ModuleRegistry, declarations: readonly CapabilityDeclaration[]): RouteContract[] {
  for (const declaration of declarations) registry.declare(declaration.module);
  for (const declaration of declarations) for (const route of declaration.routes) registry.registerHandler(route.dispatchKey);
  return declarations.flatMap((declaration) => declaration.routes).filter((route) => registry.isActionExposed(route.dispatchKey));
}

/** The event log of a serving process: one JSON line per event on stderr. */
export function launchLog(): EventLog {
  return new StderrEventLog();
}

/** Writes the readiness line, the only thing ever written on stdout (without building process.stdout). */
export function readinessOutput(): (line: string) => void {
  const stdout = new DescriptorWriter(1);
  return (line) => stdout.write(line);
}

/**
 * The composition root of `serve`, all of it before the readiness line: the local state
 * (configuration, keyring, encrypted database, workspace) and its diagnostics, the gate, health and
 * capabilities, every capability service (settings, secrets, providers, consent, jobs, chat, GEDCOM;
 * `capabilities.ts`), and the one route table of the routes their declarations expose.
 */
export async function composeService(launch: LaunchIdentity, options: ServeOptions, log: EventLog, dependencies: ServeDependencies): Promise<ComposedService> {
  const { keyring, platform, extensions } = dependencies;
  const state = await openLocalState({ configPath: options.configPath, workspace: options.workspace, platform }, keyring, dependencies.databaseKey, (reason) =>
    log.event('database.file_lost', { reason }),
  );
  const startupReport = new StartupReport(state.codes, platformOf(platform.os, process.arch));
  const startup = startupGate(startupReport.degraded, startupReport.mutationsBlocked);
  log.event('startup.evaluated', {
    status: startupReport.report.status,
    ...state.codes,
    duration_ms: Math.round(process.uptime() * 1000 - dependencies.startedAt),
  });
  // An invalid configuration file enables nothing it names, but the spec's fully shaped routes stay
  // exposed: settings and credential changes then answer 409 STARTUP_MUTATION_BLOCKED (rule 10), not 404.
  const enabledModules =
    state.config.state === 'invalid' ? [DIAGNOSTICS_MODULE.moduleId, SETTINGS_MODULE.moduleId, SECRETS_MODULE.moduleId] : state.config.enabledModules;
  const declarations = [
    ...CONTRACT_CAPABILITIES.filter((capability) => options.artifactRoot !== undefined || capability.module.moduleId !== GEDCOM_MODULE.moduleId),
    ...extensions.flatMap((extension) => extension.capabilities),
  ];
  const registry = new ModuleRegistry([
    ...CORE_MODULES,
    ...enabledModules,
    ...extensions.flatMap((extension) => extension.capabilities.map((capability) => capability.module.moduleId)),
  ]);
  const exposed = exposedRoutes(registry, declarations);
  const readiness = new ReadinessReport(launch.bearer, launch.appBuild, SIDECAR_BUILD);
  const gate = new RequestGate({ bearer: launch.bearer, appBuild: launch.appBuild });
  const release = (): void => {
    state.database?.close();
    state.databaseGuard?.close();
    state.workspaceLock?.release();
  };
  let capabilities;
  try {
    capabilities = await composeCapabilities({ options, dependencies, state, startup, log });
  } catch (error) {
    // Start-up fails: what the local state opened is released before the process exits.
    release();
    throw error;
  }
  const bindings = [...systemRoutes(readiness, registry), ...diagnosticsRoutes(startupReport), ...capabilities.routes];
  // Bindings of a disabled module's routes are made but not exposed; every exposed route is bound.
  const exposedOperations = new Set(exposed.map((route) => route.operationId));
  const routes = bindings.filter((route) => exposedOperations.has(route.operationId));
  if (new Set(routes.map((route) => route.operationId)).size !== exposedOperations.size || routes.length !== exposedOperations.size) {
    throw new Error('an exposed route has no binding, or two');
  }
  const http = buildHttpAdapter({ gate, routes, log });
  // Graceful shutdown interrupts running jobs (their terminal events reach open streams) before connections close.
  http.onClosing(async () => {
    await capabilities.shutdown();
    await new Promise((resolve) => setImmediate(resolve));
  });
  return {
    http,
    bindPort(port) {
      gate.bindPort(port);
      readiness.bindPort(port);
    },
    async close() {
      release();
    },
  };
}
