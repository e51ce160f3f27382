import type { HttpMethod, RouteContract } from './route-definition.js';

export type RouteResolution =
  | { readonly kind: 'route'; readonly route: RouteContract }
  | { readonly kind: 'not_exposed' }
  | { readonly kind: 'method_not_allowed'; readonly allow: readonly HttpMethod[] };

interface TemplateEntry {
  readonly template: string;
  readonly pattern: RegExp;
  /** The resolution of each exposed method, made once. */
  readonly routes: ReadonlyMap<string, RouteResolution>;
  readonly methods: readonly HttpMethod[];
  readonly otherMethod: RouteResolution;
}

const NOT_EXPOSED: RouteResolution = { kind: 'not_exposed' };

/**
 * Knows which path templates are exposed and with which methods, so that a request is told apart
 * before the router decodes it: a route, an unknown path (404) or a known path with another
 * method (405 + Allow). A template without parameters wins over one with parameters: the path
 * `/api/v1/jobs/shutdown` is the shutdown route whatever the method, never a job id.
 */
export class RouteMatcher {
  private readonly exact = new Map<string, TemplateEntry>();
  private readonly parameterized: TemplateEntry[] = [];

  constructor(routes: readonly RouteContract[]) {
    const byPath = new Map<string, Map<HttpMethod, RouteContract>>();
    for (const route of routes) {
      const methods = byPath.get(route.path) ?? new Map<HttpMethod, RouteContract>();
      methods.set(route.method, route);
      byPath.set(route.path, methods);
    }
    for (const [template, methods] of byPath) {
      const source = template
        .split(/(\{[A-Za-z0-9_]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      const allowed = [...methods.keys()].sort();
      const resolutions = new Map<string, RouteResolution>([...methods].map(([method, route]) => [method, { kind: 'route', route }]));
      const entry: TemplateEntry = { template, pattern: new RegExp(`^${source}$`), routes: resolutions, methods: allowed, otherMethod: { kind: 'method_not_allowed', allow: allowed } };
      if (template.includes('{')) this.parameterized.push(entry);
      else this.exact.set(template, entry);
    }
  }

  private entryOf(url: string): TemplateEntry | null {
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const exact = this.exact.get(path);
    if (exact !== undefined) return exact;
    for (const entry of this.parameterized) if (entry.pattern.test(path)) return entry;
    return null;
  }

  resolve(method: string, url: string): RouteResolution {
    const entry = this.entryOf(url);
    if (entry === null) return NOT_EXPOSED;
    return entry.routes.get(method) ?? entry.otherMethod;
  }

  /** The methods allowed on the path, or null when no exposed template matches it. */
  allowedMethods(url: string): readonly HttpMethod[] | null {
    return this.entryOf(url)?.methods ?? null;
  }

  get templateCount(): number {
    return this.exact.size + this.parameterized.length;
  }
}
