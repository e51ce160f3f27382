import { PROVIDER_LIMITS } from '../../contract/limits.js';
import type { ProviderId, ProviderKind } from '../../contract/providers.js';
import { parseIPv6, parseStrictIPv4, classifyIPv4, classifyIPv6, type AddressClass } from './address-class.js';
import type { ProviderEntry } from './catalog.js';

/**
 * The stable `reason` values of ENDPOINT_REJECTED. URL reasons come from the text alone;
 * destination reasons from name resolution; probe reasons from the connection.
 */
export type EndpointRejection =
  // the URL text
  | 'url_invalid'
  | 'url_too_long'
  | 'invalid_character'
  | 'scheme_not_allowed'
  | 'backslash'
  | 'credentials_in_url'
  | 'fragment'
  | 'query_string'
  | 'path_parameters'
  | 'percent_encoding'
  | 'host_missing'
  | 'host_invalid'
  | 'port_invalid'
  | 'trailing_dot'
  | 'numeric_host_form'
  | 'ipv4_mapped_ipv6'
  | 'unspecified_address'
  | 'not_loopback'
  | 'loopback_name_not_allowed'
  | 'ip_literal_not_allowed'
  | 'path_traversal'
  | 'path_invalid'
  | 'not_canonical'
  | 'cloud_url_not_reviewed'
  // name resolution of a cloud name
  | 'resolution_failed'
  | 'resolution_empty'
  | 'too_many_addresses'
  | 'resolution_changed'
  | 'private_destination'
  | 'loopback_destination'
  | 'link_local_destination'
  | 'cgnat_destination'
  | 'multicast_destination'
  | 'unspecified_destination'
  | 'reserved_destination'
  // the probe
  | 'redirect'
  | 'tls_failed'
  | 'unreachable'
  | 'timeout'
  | 'protocol_error'
  // the answer to the probe (endpoint-answer.ts)
  | 'not_provider_api'
  | 'rate_limited'
  | 'server_error';

/** An endpoint whose text passed the policy. */
export interface EndpointTarget {
  readonly providerId: ProviderId;
  readonly kind: ProviderKind;
  readonly scheme: 'http' | 'https';
  /** Name or literal address, without brackets. */
  readonly hostname: string;
  /** The literal numeric address when the host is one (local endpoints always). */
  readonly literalAddress: string | null;
  readonly port: number;
  /** Base path without a trailing slash; empty for the root. */
  readonly basePath: string;
  /** The canonical endpoint URL: scheme, host, explicit or default port, base path, no trailing slash. */
  readonly url: string;
  /** Redacted destination: scheme, host and port only. */
  readonly destination: string;
}

export type PolicyResult = { readonly ok: true; readonly target: EndpointTarget } | { readonly ok: false; readonly reason: EndpointRejection };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const NUMERIC_LABEL = /^(0x[0-9a-f]*|[0-9]+)$/i;
const NAME_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;
const PATH_SEGMENT = /^[A-Za-z0-9._~-]+$/;
const MAX_PATH_CHARACTERS = 256;

function refuse(reason: EndpointRejection): PolicyResult {
  return { ok: false, reason };
}

function destinationClassReason(kind: AddressClass): EndpointRejection | null {
  switch (kind) {
    case 'unicast':
      return null;
    case 'private':
      return 'private_destination';
    case 'loopback':
      return 'loopback_destination';
    case 'link_local':
      return 'link_local_destination';
    case 'shared':
      return 'cgnat_destination';
    case 'multicast':
      return 'multicast_destination';
    case 'unspecified':
      return 'unspecified_destination';
    case 'reserved':
      return 'reserved_destination';
  }
}

/** The refusal for a resolved address of a cloud name, or null when it is global unicast. */
export function destinationRefusal(addressClass: AddressClass): EndpointRejection | null {
  return destinationClassReason(addressClass);
}

interface Authority {
  readonly host: string;
  readonly bracketed: boolean;
  readonly port: number | null;
}

function splitAuthority(authority: string): Authority | EndpointRejection {
  if (authority === '') return 'host_missing';
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    if (close === -1) return 'url_invalid';
    const after = authority.slice(close + 1);
    const host = authority.slice(1, close);
    if (after === '') return { host, bracketed: true, port: null };
    if (!after.startsWith(':')) return 'url_invalid';
    const port = parsePort(after.slice(1));
    return typeof port === 'number' ? { host, bracketed: true, port } : port;
  }
  const colons = authority.split(':').length - 1;
  if (colons > 1) return 'url_invalid';
  if (colons === 0) return { host: authority, bracketed: false, port: null };
  const colon = authority.indexOf(':');
  const host = authority.slice(0, colon);
  if (host === '') return 'host_missing';
  const port = parsePort(authority.slice(colon + 1));
  return typeof port === 'number' ? { host, bracketed: false, port } : port;
}

function parsePort(text: string): number | EndpointRejection {
  if (!/^[1-9][0-9]{0,4}$/.test(text)) return 'port_invalid';
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? port : 'port_invalid';
}

function checkPath(path: string): EndpointRejection | null {
  if (path === '' || path === '/') return null;
  if (path.length > MAX_PATH_CHARACTERS) return 'path_invalid';
  const segments = path.slice(1).split('/');
  if (segments[segments.length - 1] === '') segments.pop();
  for (const segment of segments) {
    if (segment === '.' || segment === '..') return 'path_traversal';
    if (!PATH_SEGMENT.test(segment)) return 'path_invalid';
  }
  return null;
}

interface HostVerdict {
  readonly literalAddress: string | null;
}

/** Host rules: numeric tricks first, then the provider's rule (explicit loopback or a name). */
function checkHost(authority: Authority, kind: ProviderKind): HostVerdict | EndpointRejection {
  const { host } = authority;
  if (authority.bracketed) {
    const groups = parseIPv6(host.toLowerCase());
    if (!groups) return 'url_invalid';
    if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return 'ipv4_mapped_ipv6';
    const addressClass = classifyIPv6(groups);
    if (addressClass === 'unspecified') return 'unspecified_address';
    if (kind === 'cloud') return 'ip_literal_not_allowed';
    if (addressClass !== 'loopback') return 'not_loopback';
    if (host !== '::1') return 'not_canonical';
    return { literalAddress: '::1' };
  }
  const labels = host.split('.');
  const trailingDot = labels.length > 1 && labels[labels.length - 1] === '';
  const meaningful = trailingDot ? labels.slice(0, -1) : labels;
  const last = meaningful[meaningful.length - 1] ?? '';
  // WHATWG treats a host whose last label is a number as IPv4: every such form must be the strict dotted quad.
  if (NUMERIC_LABEL.test(last)) {
    if (trailingDot) return 'trailing_dot';
    const octets = parseStrictIPv4(host);
    if (!octets) return 'numeric_host_form';
    const addressClass = classifyIPv4(octets);
    if (addressClass === 'unspecified') return 'unspecified_address';
    if (kind === 'cloud') return 'ip_literal_not_allowed';
    if (addressClass !== 'loopback') return 'not_loopback';
    return { literalAddress: octets.join('.') };
  }
  if (trailingDot) return 'trailing_dot';
  if (!labels.every((label) => NAME_LABEL.test(label)) || host.length > 253) return 'host_invalid';
  if (kind === 'local') return 'loopback_name_not_allowed';
  return { literalAddress: null };
}

function stripTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/**
 * Checks the text of an endpoint URL against the provider's policy (spec section 4): local
 * providers take only explicit loopback literals over http; cloud providers only their fixed
 * reviewed https URL. The accepted text must already be canonical, so no parser differential
 * can change what is connected to.
 */
export function checkEndpointUrl(entry: ProviderEntry, raw: string): PolicyResult {
  if (raw.length === 0) return refuse('url_invalid');
  if (raw.length > PROVIDER_LIMITS.maxEndpointUrlCharacters) return refuse('url_too_long');
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f) return refuse('invalid_character');
  }
  const scheme = SCHEME.exec(raw);
  if (!scheme) return refuse('url_invalid');
  const schemeText = (scheme[1] as string).toLowerCase(); // cast: SCHEME has one capturing group, which takes part in every match
  const wanted = entry.kind === 'local' ? 'http' : 'https';
  if (schemeText !== wanted) return refuse('scheme_not_allowed');
  const afterScheme = raw.slice(scheme[0].length);
  if (!afterScheme.startsWith('//')) return refuse('url_invalid');
  if (raw.includes('\\')) return refuse('backslash');
  if (raw.includes('@')) return refuse('credentials_in_url');
  if (raw.includes('#')) return refuse('fragment');
  if (raw.includes('?')) return refuse('query_string');
  if (raw.includes(';')) return refuse('path_parameters');
  if (raw.includes('%')) return refuse('percent_encoding');

  const rest = afterScheme.slice(2);
  const slash = rest.indexOf('/');
  const authorityText = slash === -1 ? rest : rest.slice(0, slash);
  const pathText = slash === -1 ? '' : rest.slice(slash);
  const authority = splitAuthority(authorityText);
  if (typeof authority === 'string') return refuse(authority);
  const host = checkHost(authority, entry.kind);
  if (typeof host === 'string') return refuse(host);
  const pathRefusal = checkPath(pathText);
  if (pathRefusal) return refuse(pathRefusal);

  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return refuse('url_invalid');
  }
  if (parsed.href !== (pathText === '' ? `${raw}/` : raw)) return refuse('not_canonical');

  const url = stripTrailingSlash(parsed.href);
  if (entry.kind === 'cloud' && url !== stripTrailingSlash(entry.endpoint)) return refuse('cloud_url_not_reviewed');
  const port = authority.port ?? (schemeText === 'https' ? 443 : 80);
  const hostText = authority.bracketed ? `[${authority.host}]` : authority.host;
  return {
    ok: true,
    target: {
      providerId: entry.id,
      kind: entry.kind,
      scheme: wanted,
      hostname: authority.host,
      literalAddress: host.literalAddress,
      port,
      basePath: stripTrailingSlash(pathText),
      url,
      destination: `${wanted}://${hostText}:${port}`,
    },
  };
}
