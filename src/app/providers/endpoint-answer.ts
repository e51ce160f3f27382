import type { AnswerObject, CatalogueProbe } from '../../contract/provider-entry.js';
import type { EndpointRejection } from './endpoint-policy.js';

/**
 * What the endpoint test learns from the answer to its one GET (docs/providers.md, "Endpoint
 * test"): the provider's own cheap path must answer in the provider's own shape, as its catalogue
 * entry reads it (src/providers/<id>/catalogue.ts). The test sends no credential, so a 401/403 in
 * the provider's own error shape identifies the API too.
 */

function objectOf(body: string): AnswerObject | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : null;
  } catch {
    return null;
  }
}

/** The success shape of the provider's test path. A cut body is judged by its opening only. */
function isProviderListing(probe: CatalogueProbe, body: string, complete: boolean): boolean {
  if (!complete) return probe.cutListingOpening !== null && probe.cutListingOpening.test(body);
  const value = objectOf(body);
  return value !== null && probe.isListing(value);
}

/** A 401/403 in the provider's own error shape (a provider without credentials never answers one). */
function isProviderAuthError(probe: CatalogueProbe, body: string, complete: boolean): boolean {
  if (probe.isAuthError === null || !complete) return false;
  const value = objectOf(body);
  return value !== null && probe.isAuthError(value);
}

/** Null: the answer is the provider's API. Otherwise the reason the endpoint is rejected. */
export function judgeProbeAnswer(probe: CatalogueProbe, status: number, body: string, complete: boolean): EndpointRejection | null {
  if (status >= 200 && status <= 299) return isProviderListing(probe, body, complete) ? null : 'not_provider_api';
  if (status === 401 || status === 403) return isProviderAuthError(probe, body, complete) ? null : 'not_provider_api';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return 'not_provider_api';
}

/** What the user can do about each rejection the network part of the test finds; a provider's entry may say it more precisely. */
const PROBE_REMEDIATIONS: Partial<Record<EndpointRejection, string>> = {
  unreachable: 'Nothing is listening at this address and port: start the server or correct the port.',
  timeout: 'The endpoint did not answer in time: check that the server is running and not overloaded.',
  protocol_error: 'The endpoint did not answer in HTTP/1.1: check the scheme (http or https) and the port.',
  tls_failed:
    'The TLS certificate was refused (see the `tls` detail): the endpoint must present a certificate valid for its name from a trusted authority; check the system clock and any intercepting proxy.',
  redirect: "The endpoint answered with a redirect, which is never followed: use the final URL of the provider's API.",
  not_provider_api:
    "The endpoint answered, but not as this provider's API: check the base path and that the server on this port is the kind of provider chosen.",
  rate_limited: "The provider is limiting requests: wait and test again, or check the account's limits.",
  server_error: 'The server answered with an error (it may still be loading a model): check its logs and test again.',
};

export function probeRemediation(probe: CatalogueProbe | null, reason: EndpointRejection): string | null {
  const own = reason === 'unreachable' || reason === 'not_provider_api' ? probe?.remediations[reason] : undefined;
  return own ?? PROBE_REMEDIATIONS[reason] ?? null;
}
