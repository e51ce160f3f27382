import type { ProviderId } from '../../contract/providers.js';
import type { EndpointRejection } from './endpoint-policy.js';

/**
 * What the endpoint test learns from the answer to its one GET (docs/providers.md, "Endpoint
 * test"): the provider's own cheap path must answer in the provider's own shape. The test sends
 * no credential, so a 401/403 in the provider's own error shape identifies the API too.
 *
 * Shapes (checked against the official SDKs' types and the providers' API references):
 * - Ollama `GET /api/version`: `{"version":"0.5.1"}` (ollama-js `version()` returns `VersionResponse
 *   {version: string}`; ollama docs/api.md "Version").
 * - OpenAI and OpenAI-compatible `GET {base}/models`: `{"object":"list","data":[…]}` (openai-node
 *   `Models.list` pages `data`; llama.cpp, vLLM, LM Studio and Ollama `/v1` answer the same list).
 * - Anthropic `GET /v1/models` with `anthropic-version: 2023-06-01`: `{"data":[…],"has_more":…,
 *   "first_id","last_id"}`; without a key `401 {"type":"error","error":{"type":"authentication_error"}}`.
 */

const ANTHROPIC_VERSION = '2023-06-01';

/** Headers the provider documents for its test path; never a credential. */
export function probeHeaders(providerId: ProviderId): readonly (readonly [string, string])[] {
  return providerId === 'anthropic' ? [['anthropic-version', ANTHROPIC_VERSION]] : [];
}

function objectOf(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : null;
  } catch {
    return null;
  }
}

/** The success shape of the provider's test path. A cut body is judged by its opening only. */
function isProviderListing(providerId: ProviderId, body: string, complete: boolean): boolean {
  if (!complete) return providerId !== 'ollama' && /^\s*\{[\s\S]*"data"\s*:\s*\[/.test(body);
  const value = objectOf(body);
  if (value === null) return false;
  if (providerId === 'ollama') return typeof value.version === 'string';
  if (!Array.isArray(value.data)) return false;
  return providerId === 'anthropic' ? typeof value.has_more === 'boolean' : value.object === undefined || value.object === 'list';
}

/** The provider's own error shape: Ollama `{"error":"…"}`, OpenAI-style `{"error":{…}}`, Anthropic `{"type":"error","error":{…}}`. */
function isProviderError(providerId: ProviderId, body: string): boolean {
  const value = objectOf(body);
  if (value === null) return false;
  if (providerId === 'ollama') return typeof value.error === 'string';
  if (typeof value.error !== 'object' || value.error === null) return false;
  return providerId === 'anthropic' ? value.type === 'error' : true;
}

/** Null: the answer is the provider's API. Otherwise the reason the endpoint is rejected. */
export function judgeProbeAnswer(providerId: ProviderId, status: number, body: string, complete: boolean): EndpointRejection | null {
  if (status >= 200 && status <= 299) return isProviderListing(providerId, body, complete) ? null : 'not_provider_api';
  if (status === 401 || status === 403) return providerId !== 'ollama' && complete && isProviderError(providerId, body) ? null : 'not_provider_api';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return 'not_provider_api';
}

/** What the user can do about each rejection the network part of the test finds. */
export const PROBE_REMEDIATIONS: Partial<Record<EndpointRejection, string>> = {
  unreachable: 'Nothing is listening at this address and port: start the server (for Ollama: "ollama serve") or correct the port.',
  timeout: 'The endpoint did not answer in time: check that the server is running and not overloaded.',
  protocol_error: 'The endpoint did not answer in HTTP/1.1: check the scheme (http or https) and the port.',
  tls_failed: 'The TLS certificate was refused (see the `tls` detail): the endpoint must present a certificate valid for its name from a trusted authority; check the system clock and any intercepting proxy.',
  redirect: 'The endpoint answered with a redirect, which is never followed: use the final URL of the provider\'s API.',
  not_provider_api:
    'The endpoint answered, but not as this provider\'s API: check the base path (OpenAI-compatible servers usually serve /v1, Ollama serves the root) and that the server on this port is the kind of provider chosen.',
  rate_limited: 'The provider is limiting requests: wait and test again, or check the account\'s limits.',
  server_error: 'The server answered with an error (it may still be loading a model): check its logs and test again.',
};
