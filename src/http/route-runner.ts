import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventLog } from '../app/event-log.js';
import { serviceErrorOf } from '../app/adapter-failures.js';
import { ServiceError, type ServiceErrorDetail } from '../app/service-error.js';
import { readJsonBody } from './json-body-parser.js';
import { coerceQuery } from './query-coercion.js';
import type { RouteDefinition } from './route-definition.js';
import { RouteReply } from './route-reply.js';
import { lazyTypeBoxValidator, type PartValidator, type SchemaViolation } from './schema-compilers.js';
import { lazySerializer, type Serializer } from './schema-serializer.js';
import { toHttpValidationError } from './validation-error.js';

const ERROR_CODE_TEXT = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * A failed query: 400 with an envelope (the spec keeps 422 for path parameters and bodies), naming
 * each failing parameter once (a value can break several keywords of its schema).
 */
function queryFailure(violations: readonly SchemaViolation[]): ServiceError {
  const details: ServiceErrorDetail[] = [];
  const named = new Set<string>();
  for (const violation of violations.slice(0, 8)) {
    const name =
      violation.instancePath.split('/')[1] ?? (typeof violation.params.additionalProperties === 'string' ? violation.params.additionalProperties : '');
    const extra = Array.isArray(violation.params.additionalProperties) ? violation.params.additionalProperties[0] : undefined;
    const parameter = (name !== '' ? name : typeof extra === 'string' ? extra : 'query').slice(0, 64);
    const reason = violation.keyword === 'additionalProperties' ? 'unknown' : 'invalid';
    if (named.has(`${parameter}\n${reason}`)) continue;
    named.add(`${parameter}\n${reason}`);
    details.push({ name: 'parameter', value: parameter });
    details.push({ name: 'reason', value: reason });
  }
  return new ServiceError('REQUEST_QUERY_INVALID', details);
}

/** An absent part is validated as `null`: a required body that is missing fails like any other wrong value. */
function present(value: unknown): unknown {
  return value === undefined ? null : value;
}

/**
 * One route, ready to serve a request the gate, the route table and the body rules have admitted:
 * reads the JSON body, reads integer query values, validates path parameters, body and query
 * against the route's schemas (in that order), runs the handler and answers with its result, or
 * with the envelope of the error it threw.
 */
export class RouteRunner {
  private readonly params: PartValidator | null;
  private readonly query: PartValidator | null;
  private readonly body: PartValidator | null;
  private readonly success: Serializer<unknown> | null;

  constructor(
    private readonly route: RouteDefinition,
    private readonly log: EventLog,
  ) {
    this.params = route.params ? lazyTypeBoxValidator(route.params) : null;
    this.query = route.query ? lazyTypeBoxValidator(route.query) : null;
    this.body = route.body ? lazyTypeBoxValidator(route.body) : null;
    this.success = route.success.schema ? lazySerializer(route.success.schema) : null;
  }

  /** `params` and `searchParams`: the decoded path parameters and query of the route table's match. */
  run(req: IncomingMessage, res: ServerResponse, params: Readonly<Record<string, string>>, searchParams: Readonly<Record<string, string | string[]>>): void {
    const reply = new RouteReply(req, res);
    this.serve(req, reply, params, searchParams).catch((error: unknown) => this.failed(reply, error));
  }

  private async serve(
    req: IncomingMessage,
    reply: RouteReply,
    params: Readonly<Record<string, string>>,
    searchParams: Readonly<Record<string, string | string[]>>,
  ): Promise<void> {
    const { route } = this;
    // The adapter removed the Content-Type of a request that announces no body: one is present only with a body.
    let body = route.body !== undefined && req.headers['content-type'] !== undefined ? await readJsonBody(req) : undefined;
    // Query values arrive as text; integer parameters are read as decimal numbers before validation.
    const query = route.query ? coerceQuery(route.query, searchParams) : searchParams;
    // An optional body that is absent is read as `{}`: every field takes its default.
    if (body === undefined && route.bodyOptional === true) body = {};
    const paramViolations = this.params?.(present(params)) ?? null;
    if (paramViolations !== null) {
      reply.invalid(toHttpValidationError(paramViolations, 'params'));
      return;
    }
    const bodyViolations = this.body?.(present(body)) ?? null;
    if (bodyViolations !== null) {
      reply.invalid(toHttpValidationError(bodyViolations, 'body'));
      return;
    }
    const queryViolations = this.query?.(present(query)) ?? null;
    if (queryViolations !== null) {
      reply.fail(queryFailure(queryViolations));
      return;
    }
    const result = await route.handler({ params, query, body, headers: req.headers }, reply);
    if (reply.answered) return;
    if (result === undefined) throw new Error('the handler answered nothing');
    // A JSON route answers its success schema's projection; a route without one answers through the reply.
    if (this.success === null) throw new Error('a route without a success schema must answer through its reply');
    reply.json(route.success.status, result, this.success);
  }

  private failed(reply: RouteReply, error: unknown): void {
    // A stream has written its head; it ends itself. Any other answer is given once.
    if (reply.answered) return;
    const known = serviceErrorOf(error);
    if (known !== null) {
      reply.fail(known);
      return;
    }
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    this.log.event('request.failed', { error: typeof code === 'string' && ERROR_CODE_TEXT.test(code) ? code : 'unexpected' });
    reply.fail(new ServiceError('INTERNAL_FAILURE'));
  }
}
