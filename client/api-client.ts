import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/openapi-v1.js';
import { API_CONTRACT, HEADER_API_VERSION, HEADER_APP_BUILD } from './generated/contract-constants.js';

type ContractHeaderName = 'X-Service-API-Version' | 'X-Service-App-Build';

/** The headers of an operation with the two contract headers optional (the client sends them). */
type OptionalContractHeaders<Header> = Omit<Header, ContractHeaderName> & Partial<Pick<Header, Extract<keyof Header, ContractHeaderName>>>;

/** Parameters without the two required contract headers; an operation-specific header (the session owner) stays required. */
type WithoutContractHeaderParameters<Parameters> = Parameters extends { header: infer Header }
  ? [Exclude<keyof Header, ContractHeaderName>] extends [never]
    ? Omit<Parameters, 'header'> & { header?: OptionalContractHeaders<Header> }
    : Omit<Parameters, 'header'> & { header: OptionalContractHeaders<Header> }
  : Parameters;

/** The two contract headers typed as the generated operations declare them. */
export interface ContractHeaders {
  'X-Service-API-Version': typeof API_CONTRACT;
  'X-Service-App-Build': string;
}

/** An operation of the contract with its two required headers taken out: the client sends them itself. */
type WithoutContractHeaders<Operation> = Operation extends { parameters: infer Parameters; responses: unknown }
  ? Omit<Operation, 'parameters'> & { parameters: WithoutContractHeaderParameters<Parameters> }
  : Operation;

/** The contract's paths as the client exposes them: no operation asks for the headers again. */
export type ClientPaths = { [Path in keyof paths]: { [Method in keyof paths[Path]]: WithoutContractHeaders<paths[Path][Method]> } };

export type ApiClient = Client<ClientPaths>;
export type Schemas = components['schemas'];

/** What every request carries: the bearer the main process holds and the paired app build. */
export interface ClientIdentity {
  readonly bearer: string;
  readonly appBuild: string;
}

/** The request headers of a paired client (authorization, API version, app build). */
export function contractHeaders(identity: ClientIdentity): Record<string, string> {
  return { authorization: `Bearer ${identity.bearer}`, [HEADER_API_VERSION]: API_CONTRACT, [HEADER_APP_BUILD]: identity.appBuild };
}

/** The typed client generated from openapi-v1.json; the contract headers are set once, here. */
export function createApiClient(baseUrl: string, identity: ClientIdentity): ApiClient {
  return createClient<ClientPaths>({ baseUrl, headers: contractHeaders(identity) });
}
