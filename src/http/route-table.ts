import type { HttpMethod, RouteDefinition } from './route-definition.js';

/** The route of a request and the raw (still percent-encoded) text of its path parameters and query. */
export interface RouteMatch {
  readonly kind: 'route';
  readonly route: RouteDefinition;
  /** The parameter names of the template, in order. */
  readonly names: readonly string[];
  readonly rawParams: readonly string[];
  readonly rawQuery: string;
}

export type RouteResolution = RouteMatch | { readonly kind: 'not_exposed' } | { readonly kind: 'method_not_allowed'; readonly allow: readonly HttpMethod[] };

interface TemplateEntry {
  readonly pattern: RegExp | null;
  readonly names: readonly string[];
  readonly routes: ReadonlyMap<string, RouteDefinition>;
  readonly otherMethod: RouteResolution;
}

const NOT_EXPOSED: RouteResolution = { kind: 'not_exposed' };
const NO_PARAMS: readonly string[] = [];

/** Where the path of a request target ends: at its query (`?`) or a fragment (`#`), which a client should not send. */
function pathEnd(url: string): number {
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 0x3f || code === 0x23) return i;
  }
  return url.length;
}

/**
 * The one route table of the service: which path templates are exposed with which methods, so that
 * a request is told apart as a route (with its parameters and query still encoded), an unknown path
 * (404) or a known path with another method (405 + Allow). Matching is case-sensitive on the raw
 * path: no decoding, no trailing-slash or duplicate-slash folding. A template without parameters
 * wins over one with parameters: `/api/v1/jobs/shutdown` is the shutdown route whatever the method,
 * never a job id. A parameter is one whole non-empty segment.
 */
export class RouteTable {
  private readonly exact = new Map<string, TemplateEntry>();
  private readonly parameterized: TemplateEntry[] = [];

  constructor(routes: readonly RouteDefinition[]) {
    const byPath = new Map<string, Map<HttpMethod, RouteDefinition>>();
    for (const route of routes) {
      const methods = byPath.get(route.path) ?? new Map<HttpMethod, RouteDefinition>();
      if (methods.has(route.method)) throw new Error(`two routes for ${route.method} ${route.path}`);
      methods.set(route.method, route);
      byPath.set(route.path, methods);
    }
    for (const [template, methods] of byPath) {
      const names: string[] = [];
      const source = template
        .split(/(\{[A-Za-z0-9_]+\})/)
        .map((part) => {
          if (!part.startsWith('{')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(part.slice(1, -1));
          return '([^/]+)';
        })
        .join('');
      const allow = [...methods.keys()].sort();
      const entry: TemplateEntry = {
        pattern: names.length === 0 ? null : new RegExp(`^${source}$`),
        names,
        routes: methods,
        otherMethod: { kind: 'method_not_allowed', allow },
      };
      if (entry.pattern === null) this.exact.set(template, entry);
      else this.parameterized.push(entry);
    }
  }

  resolve(method: string, url: string): RouteResolution {
    const end = pathEnd(url);
    const path = url.slice(0, end);
    let entry = this.exact.get(path);
    let rawParams = NO_PARAMS;
    if (entry === undefined) {
      for (const candidate of this.parameterized) {
        const match = candidate.pattern?.exec(path);
        if (match) {
          entry = candidate;
          rawParams = match.slice(1);
          break;
        }
      }
    }
    if (entry === undefined) return NOT_EXPOSED;
    const route = entry.routes.get(method);
    if (route === undefined) return entry.otherMethod;
    const rawQuery = url.charCodeAt(end) === 0x3f ? url.slice(end + 1, url.indexOf('#', end) === -1 ? url.length : url.indexOf('#', end)) : '';
    return { kind: 'route', route, names: entry.names, rawParams, rawQuery };
  }
}

/** The decoded path parameters of a match by name, or null when one is not valid percent-encoded UTF-8 (a bad URL). */
export function pathParameters(match: RouteMatch): Record<string, string> | null {
  // Prototype-free, so that a parameter named like an Object method is only data.
  const params: Record<string, string> = Object.create(null);
  for (const [index, name] of match.names.entries()) {
    const raw = match.rawParams[index] ?? '';
    try {
      params[name] = raw.includes('%') ? decodeURIComponent(raw) : raw;
    } catch {
      return null;
    }
  }
  return params;
}

/**
 * The query as text values by name, the way HTML forms encode it (`+` is a space, percent-escapes
 * decoded; an escape that does not decode is kept as written). A name given twice holds every value
 * in order, which no declared query parameter accepts. Prototype-free: `__proto__` is only a name.
 */
export function queryParameters(rawQuery: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  if (rawQuery.length === 0) return query;
  for (const pair of rawQuery.split('&')) {
    if (pair.length === 0) continue;
    const equals = pair.indexOf('=');
    const name = formDecoded(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : formDecoded(pair.slice(equals + 1));
    const previous = query[name];
    if (previous === undefined) query[name] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else query[name] = [previous, value];
  }
  return query;
}

function formDecoded(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
