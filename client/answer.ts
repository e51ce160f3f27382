import type { Schemas } from './api-client.js';
import { RequestFailed } from './request-failed.js';
import { checked } from './schema-check.js';

/** What an openapi-fetch call resolves to, whatever its operation. */
export interface CallResult {
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: Response;
}

/**
 * The answer of a call typed as the component schema `schema`: a refusal throws RequestFailed with
 * what the service said, an answer that does not conform to its schema throws ResponseInvalid.
 */
export async function answerOf<Name extends keyof Schemas & string>(schema: Name, call: Promise<CallResult>, request: string): Promise<Schemas[Name]> {
  const { data, error, response } = await call;
  if (!response.ok) throw new RequestFailed(response.status, error, request);
  return checked(schema, data);
}
