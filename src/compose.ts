import type { FastifyInstance } from 'fastify';
import { ModuleRegistry, type ModuleDeclaration } from './app/capabilities/module-registry.js';
import { SYSTEM_MODULE } from './app/capabilities/system-module.js';
import type { EventLog } from './app/event-log.js';
import { ReadinessReport } from './app/health/readiness.js';
import { SIDECAR_BUILD } from './contract/build-info.js';
import { RequestGate } from './http/request-gate.js';
import type { RouteDefinition } from './http/route-definition.js';
import { systemRoutes } from './http/routes/system-routes.js';
import { buildHttpAdapter } from './http/server.js';

export interface LaunchIdentity {
  readonly bearer: string;
  readonly appBuild: string;
}

export interface ServeOptions {
  readonly configPath?: string;
  readonly workspace?: string;
  readonly artifactRoot?: string;
  readonly credentialsFromEnv?: boolean;
}

export interface ComposedService {
  readonly http: FastifyInstance;
  readonly routes: readonly RouteDefinition[];
  /** Called once the listener is bound: the Host rule and the readiness proof need the port. */
  bindPort(port: number): void;
  /** Releases what the composition opened (after the HTTP server closed). */
  close(): Promise<void>;
}

/** Everything the composition contributes: module declarations and their routes. */
interface Capability {
  readonly module: ModuleDeclaration;
  readonly routes: readonly RouteDefinition[];
}

/** Modules that are part of every composition, whatever the configuration enables. */
const CORE_MODULES = [SYSTEM_MODULE.moduleId];

export function exposeRoutes(registry: ModuleRegistry, capabilities: readonly Capability[]): RouteDefinition[] {
  for (const capability of capabilities) registry.declare(capability.module);
  for (const capability of capabilities) for (const route of capability.routes) registry.registerHandler(route.dispatchKey);
  return capabilities.flatMap((capability) => capability.routes).filter((route) => registry.isActionExposed(route.dispatchKey));
}

/** The route table of the full composition (every module, GEDCOM included), for the contract document. */
export function contractRoutes(): RouteDefinition[] {
  const readiness = new ReadinessReport('contract', 'contract', SIDECAR_BUILD);
  const registry = new ModuleRegistry([]);
  return [{ module: SYSTEM_MODULE, routes: systemRoutes(readiness, registry) }].flatMap((capability) => capability.routes);
}

/** The composition root: the only place that knows every concrete class. */
export async function composeService(launch: LaunchIdentity, _options: ServeOptions, log: EventLog): Promise<ComposedService> {
  const readiness = new ReadinessReport(launch.bearer, launch.appBuild, SIDECAR_BUILD);
  const gate = new RequestGate({ bearer: launch.bearer, appBuild: launch.appBuild });
  const registry = new ModuleRegistry(CORE_MODULES);
  const routes = exposeRoutes(registry, [{ module: SYSTEM_MODULE, routes: systemRoutes(readiness, registry) }]);
  const http = buildHttpAdapter({ gate, routes, log });
  return {
    http,
    routes,
    bindPort(port) {
      gate.bindPort(port);
      readiness.bindPort(port);
    },
    async close() {
      /* nothing opened yet beyond the HTTP server */
    },
  };
}
