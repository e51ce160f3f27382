import { CapabilityManifest } from '../../contract/capabilities.js';
import { HealthResponse } from '../../contract/health.js';
import type { ModuleRegistry } from '../../app/capabilities/module-registry.js';
import type { ReadinessReport } from '../../app/health/readiness.js';
import { bindRoute, declareRoute, type RouteDefinition } from '../route-definition.js';
import { compileSerializer } from '../schema-serializer.js';

/** The system routes as declared: what the contract document reads; `systemRoutes` binds their handlers. */
export const SYSTEM_ROUTES = {
  getInternalHealth: declareRoute({
    operationId: 'getInternalHealth',
    method: 'GET',
    path: '/api/v1/health',
    dispatchKey: 'system.health',
    summary: 'Health and readiness proof',
    description: 'Confirms the bearer, the API contract, the paired app build and the token-derived readiness proof.',
    tags: ['system'],
    success: { status: 200, description: 'The service is ready.', schema: HealthResponse, contentType: 'application/json' },
  }),
  getInternalCapabilities: declareRoute({
    operationId: 'getInternalCapabilities',
    method: 'GET',
    path: '/api/v1/capabilities',
    dispatchKey: 'system.capabilities',
    summary: 'Capability manifest',
    description: 'Lists only the actions of enabled modules that have a registered handler, with the pagination and request-size policies.',
    tags: ['system'],
    success: { status: 200, description: 'The capability manifest.', schema: CapabilityManifest, contentType: 'application/json' },
  }),
} as const;

export function systemRoutes(readiness: ReadinessReport, registry: ModuleRegistry): RouteDefinition[] {
  let healthBody: string | null = null;
  let manifestBody: string | null = null;
  // Each answer is fixed for the life of the process: its projection is written once.
  const health = (): string => (healthBody ??= compileSerializer(HealthResponse)(readiness.current()));
  const manifest = (): string => (manifestBody ??= compileSerializer(CapabilityManifest)(registry.manifest()));
  return [
    bindRoute(
      SYSTEM_ROUTES.getInternalHealth,
      async (_request, reply) => reply.jsonText(200, health()),
      () => (readiness.bound ? health() : null),
    ),
    bindRoute(SYSTEM_ROUTES.getInternalCapabilities, async (_request, reply) => reply.jsonText(200, manifest()), manifest),
  ];
}
