import type { HttpMethod, RouteDefinition } from './route-definition.js';

interface TemplateEntry {
  readonly pattern: RegExp;
  readonly methods: HttpMethod[];
}

/**
 * Knows which path templates are exposed and with which methods, so that an unmatched
 * request is told apart: unknown path (404) or known path with another method (405 + Allow).
 */
export class RouteMatcher {
  private readonly templates: TemplateEntry[] = [];

  constructor(routes: readonly RouteDefinition[]) {
    const byPath = new Map<string, HttpMethod[]>();
    for (const route of routes) {
      const methods = byPath.get(route.path) ?? [];
      methods.push(route.method);
      byPath.set(route.path, methods);
    }
    for (const [path, methods] of byPath) {
      const source = path
        .split(/(\{[A-Za-z0-9_]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      this.templates.push({ pattern: new RegExp(`^${source}$`), methods: methods.sort() });
    }
  }

  /** The methods allowed on the path, or null when no exposed template matches it. */
  allowedMethods(url: string): readonly HttpMethod[] | null {
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    for (const template of this.templates) if (template.pattern.test(path)) return template.methods;
    return null;
  }

  get templateCount(): number {
    return this.templates.length;
  }
}
