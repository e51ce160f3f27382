import type { IncomingHttpHeaders } from 'node:http';
import type { Static, TSchema } from 'typebox';
import type { ErrorCode } from '../contract/error-codes.js';
import type { Answered, RouteReply } from './route-reply.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface SuccessResponse {
  readonly status: 200 | 202;
  readonly description: string;
  /** JSON body schema; absent for event streams. */
  readonly schema?: TSchema;
  readonly contentType: 'application/json' | 'text/event-stream';
  /** SSE streams: the schema of one event's data payload, for the contract document. */
  readonly eventSchema?: TSchema;
}

/**
 * One route of the table: the wire shape (projected into the route table, the validators and openapi-v1.json)
 * and a handler that only translates between HTTP and an application service.
 */
export interface RouteDefinition {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/v1/secrets/{reference}/status`. */
  readonly path: string;
  /** The capability action this route serves; routes of a disabled or unhandled action are not exposed. */
  readonly dispatchKey: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema;
  /** Extra request headers beyond the two required on every route. */
  readonly headers?: readonly { readonly name: string; readonly schema: TSchema; readonly description: string; readonly required?: boolean }[];
  readonly success: SuccessResponse;
  /** The code answered for a query string on a route that declares no query (default REQUEST_QUERY_NOT_ALLOWED). */
  readonly queryRefusal?: ErrorCode;
  /** Error statuses this route can answer besides those shared by every route. */
  readonly extraErrorStatuses?: readonly number[];
  /** Optional body (`body` declared): a request without one is handled as `{}`, i.e. every field at its default. */
  readonly bodyOptional?: boolean;
  /**
   * Answers with the success status whatever it returns, unless it answered through the reply itself.
   * A method signature, so its parameter is compared bivariantly: a handler typed by its route's own
   * schemas (TypedRoute) is a RouteDefinition handler without a cast, which holds because the adapter
   * validates the request against those schemas before calling it.
   */
  handler(request: ValidatedRequest, reply: RouteReply): Promise<unknown>;
  /**
   * For a GET route whose JSON answer is fixed for the life of the process (health, capabilities):
   * the serialized answer, or null until it is known. The adapter then answers a gated, bodiless,
   * query-less request for exactly this path without routing it.
   */
  readonly fixedResponse?: () => string | null;
}

export function takesBody(route: RouteContract): boolean {
  return route.body !== undefined;
}

export function takesQuery(route: RouteContract): boolean {
  return route.query !== undefined;
}

/** The static type of a request part: its schema's, or `undefined` when the route declares none. */
type PartOf<S extends TSchema | undefined> = S extends TSchema ? Static<S> : undefined;

/** The request the adapter hands any route's handler: each part validated against the route's schema, its type that of the route. */
interface ValidatedRequest {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly headers: IncomingHttpHeaders;
}

/** The request a typed handler sees: params, query and body typed by the route's own schemas. */
interface RouteRequest<P extends TSchema | undefined, Q extends TSchema | undefined, B extends TSchema | undefined> {
  readonly params: PartOf<P>;
  readonly query: PartOf<Q>;
  readonly body: PartOf<B>;
  /** The request headers as node:http parsed them (a repeated header arrives joined). */
  readonly headers: IncomingHttpHeaders;
}

/**
 * What a typed handler answers: the success schema's type (sent with the success status), or proof
 * that it answered through the reply (another status, SSE).
 */
type RouteAnswer<R extends TSchema | undefined> = (R extends TSchema ? Static<R> : never) | Answered;

/** A route as written in a routes file: the same fields, with the handler typed by the schemas beside it. */
export interface TypedRoute<
  P extends TSchema | undefined,
  Q extends TSchema | undefined,
  B extends TSchema | undefined,
  R extends TSchema | undefined,
> extends Omit<RouteDefinition, 'params' | 'query' | 'body' | 'success' | 'handler'> {
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  readonly success: SuccessResponse & { readonly schema?: R };
  readonly handler: (request: RouteRequest<P, Q, B>, reply: RouteReply) => Promise<RouteAnswer<R>>;
}

/**
 * Declares one route. The handler's request types come from the route's own `params`, `query` and
 * `body` schemas (TypeBox `Static<>`) and its answer from the success schema, so the validator, the
 * handler and the contract are one declaration. The adapter validates every part against those
 * schemas before the handler runs (strictly, no coercion beyond canonical integer query text), which
 * is what makes the widening to RouteDefinition sound: the table holds routes of different shapes.
 */
export function defineRoute<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema | undefined = undefined,
>(route: TypedRoute<P, Q, B, R>): RouteDefinition {
  return route;
}

/** One route as declared: its wire shape and documentation, without the binding to a service (handler, fixed answer). */
export type RouteDeclaration<P extends TSchema | undefined, Q extends TSchema | undefined, B extends TSchema | undefined, R extends TSchema | undefined> = Omit<
  TypedRoute<P, Q, B, R>,
  'handler' | 'fixedResponse'
>;

/** What the contract document reads of a route: everything but its binding. */
export type RouteContract = Omit<RouteDefinition, 'handler' | 'fixedResponse'>;

/** Declares one route without binding it; the declaration keeps its schemas' types for `bindRoute`. */
export function declareRoute<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema | undefined = undefined,
>(declaration: RouteDeclaration<P, Q, B, R>): RouteDeclaration<P, Q, B, R> {
  return declaration;
}

/** Binds a declared route to its handler (and, for a fixed answer, the answer's text) in one composition. */
export function bindRoute<P extends TSchema | undefined, Q extends TSchema | undefined, B extends TSchema | undefined, R extends TSchema | undefined>(
  declaration: RouteDeclaration<P, Q, B, R>,
  handler: TypedRoute<P, Q, B, R>['handler'],
  fixedResponse?: () => string | null,
): RouteDefinition {
  return defineRoute<P, Q, B, R>({ ...declaration, handler, ...(fixedResponse === undefined ? {} : { fixedResponse }) });
}
