import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { HEADER_CORRELATION_REF } from '../contract/api-version.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../contract/error-codes.js';
import { REQUEST_LIMITS, SERVER_TIMEOUTS } from '../contract/limits.js';
import { isServiceError, ServiceError } from '../app/service-error.js';
import type { EventLog } from '../app/event-log.js';
import { buildEnvelope, setBaselineHeaders, writeRawEnvelope } from './error-envelope.js';
import { isJsonContentType, parseJsonBody } from './json-body-parser.js';
import { PASS, type RequestGate } from './request-gate.js';
import { fastifyPath, takesBody, takesQuery, type RouteDefinition } from './route-definition.js';
import { RouteMatcher } from './route-matcher.js';
import { coerceQueryHook } from './query-coercion.js';
import { toHttpValidationError } from './validation-error.js';
import { jsonSerializer, lazyTypeBoxValidator } from './schema-compilers.js';

const OWN_COMPILERS = {
  compilersFactory: { buildValidator: () => lazyTypeBoxValidator, buildSerializer: () => jsonSerializer },
} as unknown as FastifyServerOptions['schemaController'];

interface RouteConfig {
  readonly acceptsBody: boolean;
  readonly acceptsQuery: boolean;
  readonly queryRefusal: ErrorCode;
}

export interface HttpAdapterOptions {
  readonly gate: RequestGate;
  readonly routes: readonly RouteDefinition[];
  readonly log: EventLog;
}

function sendError(reply: FastifyReply, error: ServiceError): FastifyReply {
  const envelope = buildEnvelope(error.code, error.details, error.remediation);
  reply.code(ERROR_CATALOGUE[error.code].status).header(HEADER_CORRELATION_REF, envelope.correlation_ref);
  if (error.code === 'AUTH_BEARER_INVALID') reply.header('www-authenticate', 'Bearer');
  return reply.type('application/json; charset=utf-8').send(envelope);
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** Body and query rules (contract.md section 2, rules 7 and 8) once the route is known. */
function bodyRules(request: FastifyRequest, config: RouteConfig): ErrorCode | null {
  if (hasBody(request)) {
    if (!config.acceptsBody) return 'REQUEST_BODY_NOT_ALLOWED';
    if (!isJsonContentType(request.headers['content-type'])) return 'CONTENT_TYPE_UNSUPPORTED';
    const length = request.headers['content-length'];
    if (length !== undefined && !(Number(length) <= REQUEST_LIMITS.maxBodyBytes)) return 'REQUEST_TOO_LARGE';
  }
  if (!config.acceptsQuery && request.url.includes('?')) return config.queryRefusal;
  return null;
}

/**
 * The HTTP adapter: a node:http server whose every request passes the gate before Fastify
 * routes it, then Fastify with the route table, the JSON body policy and the error mapping.
 */
export function buildHttpAdapter(options: HttpAdapterOptions): FastifyInstance {
  const { gate, routes, log } = options;
  const matcher = new RouteMatcher(routes);
  const fixed = new Map<string, () => string | null>();
  for (const route of routes) if (route.method === 'GET' && route.fixedResponse && !route.path.includes('{')) fixed.set(route.path, route.fixedResponse);
  const app = Fastify({
    logger: false,
    exposeHeadRoutes: false,
    return503OnClosing: true,
    forceCloseConnections: true,
    bodyLimit: REQUEST_LIMITS.maxBodyBytes,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: false,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, maxParamLength: 256 },
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: SERVER_TIMEOUTS.headersMs,
          requestTimeout: SERVER_TIMEOUTS.requestMs,
          keepAliveTimeout: SERVER_TIMEOUTS.keepAliveMs,
          maxHeaderSize: SERVER_TIMEOUTS.maxHeaderBytes,
          noDelay: true,
        },
        (req: IncomingMessage, res: ServerResponse) => {
          setBaselineHeaders(res);
          const verdict = gate.check(req);
          if (typeof verdict === 'string') {
            writeRawEnvelope(res, verdict);
            return;
          }
          // Fixed answers: only an exact path (so never with a query string), GET, and no body.
          if (verdict === PASS && req.method === 'GET') {
            const body = fixed.get(req.url as string)?.();
            if (body != null) {
              res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
              res.end(body);
              return;
            }
          }
          handler(req, res);
        },
      );
      return server;
    },
    // Our own compilers: TypeBox validation compiled on first use, JSON.stringify serialization;
    // Ajv and fast-json-stringify are then never loaded.
    schemaController: OWN_COMPILERS,
    frameworkErrors: (_error, _request, reply) => {
      void sendError(reply, new ServiceError('REQUEST_URL_INVALID'));
    },
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', parseJsonBody);

  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) {
      done();
      return;
    }
    const refusal = bodyRules(request, request.routeOptions.config as unknown as RouteConfig);
    if (refusal !== null) {
      reply.header('connection', 'close');
      done(new ServiceError(refusal));
      return;
    }
    done();
  });

  app.setNotFoundHandler((request, reply) => {
    const allowed = matcher.allowedMethods(request.url);
    if (allowed === null) return sendError(reply, new ServiceError('ROUTE_NOT_EXPOSED'));
    reply.header('allow', allowed.join(', '));
    return sendError(reply, new ServiceError('METHOD_NOT_ALLOWED'));
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (isServiceError(error)) return sendError(reply, error);
    if (error.validation) {
      return reply.code(422).type('application/json; charset=utf-8').send(toHttpValidationError(error.validation, error.validationContext));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, new ServiceError('REQUEST_TOO_LARGE'));
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(reply, new ServiceError('CONTENT_TYPE_UNSUPPORTED'));
    if (typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_')) return sendError(reply, new ServiceError('REQUEST_JSON_INVALID'));
    const failure = new ServiceError('INTERNAL_FAILURE');
    log.event('request.failed', { error: typeof error.code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(error.code) ? error.code : 'unexpected' });
    return sendError(reply, failure);
  });

  for (const route of routes) {
    const config: RouteConfig = { acceptsBody: takesBody(route), acceptsQuery: takesQuery(route), queryRefusal: route.queryRefusal ?? 'REQUEST_QUERY_NOT_ALLOWED' };
    const schema: Record<string, unknown> = {};
    if (route.params) schema.params = route.params;
    if (route.query) schema.querystring = route.query;
    if (route.body) schema.body = route.body;
    if (route.success.schema) schema.response = { [route.success.status]: route.success.schema };
    const query = route.query;
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      config,
      schema,
      // Query values arrive as text; integer parameters are read as decimal numbers before validation.
      ...(query ? { preValidation: coerceQueryHook(query) } : {}),
      handler: route.handler,
    });
  }
  return app;
}
