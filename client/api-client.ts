import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/openapi-v1.js';

export type ApiClient = Client<paths>;

/** The two headers the contract requires on every operation; pass as `params.header`. */
export interface ContractHeaders {
  'X-Service-API-Version': 'service.internal-api/1';
  'X-Service-App-Build': string;
}

/** The typed client generated from openapi-v1.json; it sends the required headers on every request. */
export function createApiClient(baseUrl: string, headers: Readonly<Record<string, string>>): ApiClient {
  return createClient<paths>({ baseUrl, headers: { ...headers } });
}
