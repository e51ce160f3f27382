import type { ModuleDeclaration } from '../../app/capabilities/module-registry.js';
import { DIAGNOSTICS_MODULE, SECRETS_MODULE, SETTINGS_MODULE } from '../../app/capabilities/local-state-modules.js';
import { SYSTEM_MODULE } from '../../app/capabilities/system-module.js';
import { CHAT_MODULE } from '../../app/chat/chat-module.js';
import { GEDCOM_MODULE } from '../../app/gedcom/gedcom-module.js';
import { JOBS_MODULE } from '../../app/jobs/jobs-module.js';
import { CONSENT_MODULE, PROVIDERS_MODULE } from '../../app/providers/provider-modules.js';
import type { RouteContract } from '../route-definition.js';
import { CHAT_ROUTES } from './chat-routes.js';
import { GEDCOM_ROUTE_LIST } from './gedcom-routes.js';
import { JOB_ROUTES } from './job-routes.js';
import { DIAGNOSTICS_ROUTES, SECRET_ROUTES, SETTINGS_ROUTES } from './local-state-routes.js';
import { CONSENT_ROUTES, PROVIDER_ROUTES } from './provider-routes.js';
import { SYSTEM_ROUTES } from './system-routes.js';

/** A capability as declared, before any service exists: its module and its routes. */
export interface CapabilityDeclaration {
  readonly module: ModuleDeclaration;
  readonly routes: readonly RouteContract[];
}

/**
 * Every capability of the full composition (GEDCOM included), in the order the composition exposes
 * them, read from the declarations alone: the route table before readiness, the capability
 * manifest and the contract document (openapi-v1.json) are built from this list without
 * constructing any service.
 */
export const CONTRACT_CAPABILITIES: readonly CapabilityDeclaration[] = [
  { module: SYSTEM_MODULE, routes: Object.values(SYSTEM_ROUTES) },
  { module: DIAGNOSTICS_MODULE, routes: Object.values(DIAGNOSTICS_ROUTES) },
  { module: SETTINGS_MODULE, routes: Object.values(SETTINGS_ROUTES) },
  { module: SECRETS_MODULE, routes: Object.values(SECRET_ROUTES) },
  { module: PROVIDERS_MODULE, routes: Object.values(PROVIDER_ROUTES) },
  { module: CONSENT_MODULE, routes: Object.values(CONSENT_ROUTES) },
  { module: JOBS_MODULE, routes: Object.values(JOB_ROUTES) },
  { module: CHAT_MODULE, routes: Object.values(CHAT_ROUTES) },
  { module: GEDCOM_MODULE, routes: GEDCOM_ROUTE_LIST },
];

export const CONTRACT_ROUTES: readonly RouteContract[] = CONTRACT_CAPABILITIES.flatMap((capability) => capability.routes);
