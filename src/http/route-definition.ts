import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { ErrorCode } from '../contract/error-codes.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface SuccessResponse {
  readonly status: 200 | 202;
  readonly description: string;
  /** JSON body schema; absent for event streams. */
  readonly schema?: TSchema;
  readonly contentType: 'application/json' | 'text/event-stream';
  /** SSE streams: the schema of one event's data payload, for the contract document. */
  readonly eventSchema?: TSchema;
}

/**
 * One route of the table: the wire shape (projected into Fastify and into openapi-v1.json)
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
  readonly handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /**
   * For a GET route whose JSON answer is fixed for the life of the process (health, capabilities):
   * the serialized answer, or null until it is known. The adapter then answers a gated, bodiless,
   * query-less request for exactly this path without entering the framework.
   */
  readonly fixedResponse?: () => string | null;
}

/** Fastify's path syntax (`:name`) from the OpenAPI template (`{name}`). */
export function fastifyPath(template: string): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

export function takesBody(route: RouteDefinition): boolean {
  return route.body !== undefined;
}

export function takesQuery(route: RouteDefinition): boolean {
  return route.query !== undefined;
}
