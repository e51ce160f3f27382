// The one route table (src/http/route-table.ts): match, 404 and 405 with Allow, parameters and query
// decoded from the raw target, on the service's own declared routes.
import { describe, expect, it } from 'vitest';
import { bindRoute, type RouteDefinition } from '../../src/http/route-definition.js';
import { CONTRACT_CAPABILITIES } from '../../src/http/routes/route-contract.js';
import { pathParameters, queryParameters, RouteTable, type RouteResolution } from '../../src/http/route-table.js';

const routes: RouteDefinition[] = CONTRACT_CAPABILITIES.flatMap((capability) => capability.routes).map((route) => bindRoute(route, async () => ({})));
const table = new RouteTable(routes);

function operation(resolution: RouteResolution): string {
  return resolution.kind === 'route' ? resolution.route.operationId : resolution.kind;
}

describe('the route table', () => {
  it('finds each declared route by method and template, and only it', () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const target = route.path.replace(/\{[A-Za-z0-9_]+\}/g, 'x1');
      expect(operation(table.resolve(route.method, target))).toBe(route.operationId);
    }
  });

  it('answers an unknown path 404 and a known path with another method 405 with every allowed method', () => {
    expect(table.resolve('GET', '/api/v1/nowhere')).toEqual({ kind: 'not_exposed' });
    expect(table.resolve('GET', '/api/v1/settings/')).toEqual({ kind: 'not_exposed' });
    expect(table.resolve('GET', '/api/v1//settings')).toEqual({ kind: 'not_exposed' });
    expect(table.resolve('GET', '/API/v1/settings')).toEqual({ kind: 'not_exposed' });
    expect(table.resolve('PUT', '/api/v1/settings')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'PATCH'] });
  });

  it('takes a template without parameters over one with: /jobs/shutdown is never a job id', () => {
    expect(operation(table.resolve('POST', '/api/v1/jobs/shutdown'))).toBe('preflightInternalShutdown');
    expect(table.resolve('GET', '/api/v1/jobs/shutdown')).toMatchObject({ kind: 'method_not_allowed' });
    expect(operation(table.resolve('GET', '/api/v1/jobs/job_1'))).toBe('getInternalJob');
  });

  it('decodes path parameters, and says when one is not valid percent-encoded UTF-8', () => {
    const match = table.resolve('GET', '/api/v1/jobs/a%2Fb%20c?x=1');
    if (match.kind !== 'route') throw new Error('no route');
    expect({ ...pathParameters(match) }).toEqual({ job_id: 'a/b c' });
    expect(match.rawQuery).toBe('x=1');
    const bad = table.resolve('GET', '/api/v1/jobs/%E0%A4%A');
    if (bad.kind !== 'route') throw new Error('no route');
    expect(pathParameters(bad)).toBeNull();
  });

  it('reads the query as form text: plus is a space, a repeated name keeps every value, __proto__ is only a name', () => {
    const query = queryParameters('limit=5&before=a+b%2Bc&tag=1&tag=2&flag&__proto__=x&bad=%zz');
    expect({ ...query }).toEqual({ limit: '5', before: 'a b+c', tag: ['1', '2'], flag: '', ['__proto__']: 'x', bad: '%zz' });
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(queryParameters('')).toEqual({});
  });
});
