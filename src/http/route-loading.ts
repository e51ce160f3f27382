import type { IncomingMessage, ServerResponse } from 'node:http';
import type FindMyWay from 'find-my-way';
import { SERVER_TIMEOUTS } from '../contract/limits.js';
import { ServiceError } from '../app/service-error.js';
import type { EventLog } from '../app/event-log.js';
import type { ConnectionTimers } from './connection-governor.js';
import { routerPath, type RouteContract, type RouteDefinition } from './route-definition.js';
import { RouteReply } from './route-reply.js';
import type { RouteRunner } from './route-runner.js';

/**
 * Routes whose handlers are bound after readiness: the route table matches them (and answers their
 * 404, 405 and body rules) from the first request; a request for one waits, at most
 * `capabilityLoadWaitMs`, until its own binding has been handed over.
 */
export interface DeferredRoutes {
  readonly routes: readonly RouteContract[];
  /**
   * Called once, on the turn after the listener is bound. Hands over the bindings as each capability
   * is composed (`bound` may be called several times, one binding per declared route in all) and
   * resolves once every capability is composed.
   */
  bind(bound: (routes: readonly RouteDefinition[]) => void): Promise<void>;
}

export const NO_DEFERRED_ROUTES: DeferredRoutes = { routes: [], bind: async () => undefined };

export type Router = ReturnType<typeof buildRouter>;

/**
 * The router: case-sensitive, no trailing-slash or duplicate-slash folding, and no length bound of
 * its own on a parameter (the request head's bound holds the whole target), so that a parameter
 * breaking its pattern, a too long one included, is the route's 422 (contract.md section 3). A path
 * that does not decode is a bad URL.
 */
function buildRouter(createRouter: typeof FindMyWay) {
  const badUrl = (_path: string, req: IncomingMessage, res: ServerResponse): void => void new RouteReply(req, res).fail(new ServiceError('REQUEST_URL_INVALID'));
  return createRouter({
    caseSensitive: true,
    ignoreTrailingSlash: false,
    ignoreDuplicateSlashes: false,
    maxParamLength: SERVER_TIMEOUTS.maxHeaderBytes,
    onBadUrl: badUrl,
    onMaxParamLength: badUrl,
  });
}

/**
 * The router (find-my-way: path decoding, parameters, query parsing) and the routes it serves. It is
 * loaded on the turn after the listener is bound (readiness needs only the gate and the fixed
 * answers), or by the first request that needs it. Each capability's bindings are handed over as
 * that capability is composed, so a request waits only for the capability it needs. A route is
 * added to the router by its first request (find-my-way compiles code for every route it adds:
 * adding all of them would hold the event loop for milliseconds right when the shell's first
 * requests arrive); the route matcher has already chosen the route, so the router never has to
 * tell it apart from a route that is not added yet.
 */
export class RouteLoading {
  private router: Router | null = null;
  /** Loaded with the router: the runners (and TypeBox's compiler behind them) are not needed for readiness. */
  private runners: typeof RouteRunner | null = null;
  private loading: Promise<void> | null = null;
  /** The router could not be loaded: nothing is served by it. */
  private routerFailed = false;
  /** `bind` has settled: a declared route that is not bound now never will be. */
  private bindSettled = false;
  /** A binding was handed over that is not of a declared route, or twice. */
  private mismatched = false;
  /** The routes declared to be bound after readiness. */
  private readonly declared: ReadonlyMap<string, RouteContract>;
  /** Every binding so far, by operation: those from the start and those handed over since. */
  private readonly bindings: Map<string, RouteDefinition>;
  /** The operations added to the router. */
  private readonly added = new Set<string>();
  /** Requests waiting for their route: at most one per request in flight (CONNECTION_LIMITS). */
  private readonly waiting = new Set<() => void>();

  constructor(
    routes: readonly RouteDefinition[],
    private readonly deferred: DeferredRoutes,
    private readonly log: EventLog,
    private readonly timers: ConnectionTimers,
  ) {
    this.declared = new Map(deferred.routes.map((route) => [route.operationId, route]));
    this.bindings = new Map(routes.map((route) => [route.operationId, route]));
  }

  /** Starts the load, once; it never rejects (a failure is logged and answers the waiting requests). */
  start(): void {
    this.loading ??= this.load();
  }

  /** The router, with the route of `operationId` added, when that route can be served now. */
  routerFor(operationId: string): Router | null {
    if (this.router === null || this.runners === null) return null;
    if (this.added.has(operationId)) return this.router;
    const route = this.bindings.get(operationId);
    if (route === undefined) return null;
    const runner = new this.runners(route, this.log);
    this.router.on(route.method, routerPath(route.path), (req, res, params, _store, searchParams) => runner.run(req, res, params, searchParams));
    this.added.add(operationId);
    return this.router;
  }

  /** Waits, bounded, for the route of `operationId`; rejects at once when its load failed. */
  waitFor(operationId: string, waitMs: number): Promise<Router> {
    this.start();
    return new Promise<Router>((resolve, reject) => {
      const settle = (): void => {
        const router = this.routerFor(operationId);
        if (router === null && !this.failed(operationId)) return;
        this.waiting.delete(settle);
        this.timers.clearTimeout(deadline);
        if (router === null) reject(new Error('capability load failed'));
        else resolve(router);
      };
      const deadline = this.timers.setTimeout(() => {
        this.waiting.delete(settle);
        reject(new Error('capability load timed out'));
      }, waitMs);
      this.waiting.add(settle);
      settle();
    });
  }

  private failed(operationId: string): boolean {
    return this.routerFailed || (this.bindSettled && !this.bindings.has(operationId));
  }

  private notify(): void {
    for (const settle of [...this.waiting]) settle();
  }

  private async load(): Promise<void> {
    try {
      const [{ default: createRouter }, { RouteRunner: runners }] = await Promise.all([import('find-my-way'), import('./route-runner.js')]);
      this.runners = runners;
      this.router = buildRouter(createRouter);
    } catch {
      this.routerFailed = true;
      this.log.event('capabilities.load_failed', {});
      this.notify();
      return;
    }
    this.notify();
    try {
      await this.deferred.bind((routes) => this.bindLate(routes));
      if (this.mismatched || [...this.declared.keys()].some((operationId) => !this.bindings.has(operationId))) {
        throw new Error('the deferred bindings do not match the declared routes');
      }
    } catch {
      this.log.event('capabilities.load_failed', {});
    } finally {
      this.bindSettled = true;
      this.notify();
    }
  }

  /**
   * Takes bindings handed over after readiness: each of a declared route, each once. A batch that is
   * not is refused whole (its routes answer INTERNAL_FAILURE once `bind` settles); the capabilities
   * composed so far stay as they are, so that shutdown still reaches them.
   */
  private bindLate(routes: readonly RouteDefinition[]): void {
    const batch = new Set<string>();
    for (const route of routes) {
      if (this.declared.get(route.operationId)?.path !== route.path || this.bindings.has(route.operationId) || batch.has(route.operationId)) {
        this.mismatched = true;
        return;
      }
      batch.add(route.operationId);
    }
    for (const route of routes) this.bindings.set(route.operationId, route);
    this.notify();
  }
}
