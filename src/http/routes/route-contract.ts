import type { RouteContract } from '../route-definition.js';
import { CHAT_ROUTES } from './chat-routes.js';
import { GEDCOM_ROUTE_LIST } from './gedcom-routes.js';
import { JOB_ROUTES } from './job-routes.js';
import { DIAGNOSTICS_ROUTES, SECRET_ROUTES, SETTINGS_ROUTES } from './local-state-routes.js';
import { CONSENT_ROUTES, PROVIDER_ROUTES } from './provider-routes.js';
import { SYSTEM_ROUTES } from './system-routes.js';

/**
 * Every route of the full composition (GEDCOM included), in the order the composition exposes
 * them, read from the declarations alone: the contract document (openapi-v1.json) is built from
 * this list without constructing any service.
 */
export const CONTRACT_ROUTES: readonly RouteContract[] = [
  ...Object.values(SYSTEM_ROUTES),
  ...Object.values(DIAGNOSTICS_ROUTES),
  ...Object.values(SETTINGS_ROUTES),
  ...Object.values(SECRET_ROUTES),
  ...Object.values(PROVIDER_ROUTES),
  ...Object.values(CONSENT_ROUTES),
  ...Object.values(JOB_ROUTES),
  ...Object.values(CHAT_ROUTES),
  ...GEDCOM_ROUTE_LIST,
];
