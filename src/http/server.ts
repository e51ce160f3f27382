import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { HEADER_CORRELATION_REF } from '../contract/api-version.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../contract/error-codes.js';
import { CONNECTION_LIMITS, REQUEST_LIMITS, SERVER_TIMEOUTS } from '../contract/limits.js';
import { isServiceError, ServiceError, type ServiceErrorDetail } from '../app/service-error.js';
import type { EventLog } from '../app/event-log.js';
import { ConnectionGovernor, NODE_TIMERS, type ConnectionPolicy, type ConnectionTimers } from './connection-governor.js';
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

/** Deadlines of the HTTP layer (SERVER_TIMEOUTS); a test composition may shorten them. */
export interface HttpDeadlines {
  readonly headersMs: number;
  readonly requestMs: number;
  readonly keepAliveMs: number;
  readonly deadlineCheckIntervalMs: number;
}

export interface HttpAdapterOptions {
  readonly gate: RequestGate;
  readonly routes: readonly RouteDefinition[];
  readonly log: EventLog;
  /** Connection bounds (CONNECTION_LIMITS unless a test composition says otherwise). */
  readonly connections?: ConnectionPolicy;
  readonly deadlines?: HttpDeadlines;
  readonly timers?: ConnectionTimers;
}

export interface HttpAdapter {
  readonly app: FastifyInstance;
  readonly connections: ConnectionGovernor;
}

function sendError(reply: FastifyReply, error: ServiceError): FastifyReply {
  const envelope = buildEnvelope(error.code, error.details, error.remediation);
  reply.code(ERROR_CATALOGUE[error.code].status).header(HEADER_CORRELATION_REF, envelope.correlation_ref);
  if (error.code === 'AUTH_BEARER_INVALID') reply.header('www-authenticate', 'Bearer');
  // An answer given before the body was read closes the connection (lingering) rather than
  // keeping it alive behind an unread body.
  if (!reply.request.raw.complete) reply.header('connection', 'close');
  return reply.type('application/json; charset=utf-8').send(envelope);
}

function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Body and query rules (contract.md section 2, rules 7 and 8) once the route is known, before any body byte is read. */
function bodyRules(req: IncomingMessage, route: RouteDefinition): ErrorCode | null {
  if (announcesBody(req)) {
    if (!takesBody(route)) return 'REQUEST_BODY_NOT_ALLOWED';
    if (!isJsonContentType(req.headers['content-type'])) return 'CONTENT_TYPE_UNSUPPORTED';
    const length = req.headers['content-length'];
    if (length !== undefined && !(Number(length) <= REQUEST_LIMITS.maxBodyBytes)) return 'REQUEST_TOO_LARGE';
  }
  if (!takesQuery(route) && (req.url ?? '').includes('?')) return route.queryRefusal ?? 'REQUEST_QUERY_NOT_ALLOWED';
  return null;
}

/** What node:http reports from its parser layer, as a catalogued code. */
function parserFailureCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'REQUEST_HEADERS_TOO_LARGE';
  return 'REQUEST_MALFORMED';
}

/** A failed query: 400 with an envelope (the spec keeps 422 for path parameters and bodies), naming the parameter. */
function queryFailure(violations: readonly { instancePath?: string; params?: Record<string, unknown>; keyword?: string }[]): ServiceError {
  const details: ServiceErrorDetail[] = [];
  for (const violation of violations.slice(0, 8)) {
    const name = (violation.instancePath ?? '').split('/')[1] ?? (typeof violation.params?.additionalProperties === 'string' ? violation.params.additionalProperties : '');
    const extra = Array.isArray(violation.params?.additionalProperties) ? violation.params.additionalProperties[0] : undefined;
    const parameter = name !== '' ? name : typeof extra === 'string' ? extra : 'query';
    details.push({ name: 'parameter', value: parameter.slice(0, 64) });
    details.push({ name: 'reason', value: violation.keyword === 'additionalProperties' ? 'unknown' : 'invalid' });
  }
  return new ServiceError('REQUEST_QUERY_INVALID', details);
}

type Expectation = 'none' | 'continue' | 'unsupported';

/**
 * The HTTP adapter: a node:http server whose every request passes the gate, the route table and
 * the body rules before Fastify sees it, then Fastify with the route table, the JSON body policy
 * and the error mapping. Every byte it sends follows the contract, parser-layer failures included.
 */
export function buildHttpAdapter(options: HttpAdapterOptions): HttpAdapter {
  const { gate, routes, log } = options;
  const deadlines = options.deadlines ?? SERVER_TIMEOUTS;
  const matcher = new RouteMatcher(routes);
  const connections = new ConnectionGovernor(options.connections ?? CONNECTION_LIMITS, options.timers ?? NODE_TIMERS);
  // Set when a graceful shutdown begins: new requests get an envelope, not the framework's 503 body.
  let stopping = false;
  const fixed = new Map<string, () => string | null>();
  for (const route of routes) if (route.method === 'GET' && route.fixedResponse && !route.path.includes('{')) fixed.set(route.path, route.fixedResponse);

  const admit = (req: IncomingMessage, res: ServerResponse, expectation: Expectation, handler: (req: IncomingMessage, res: ServerResponse) => void): void => {
    // A request parsed behind an answer that closes the connection is not served.
    if (connections.closing(req.socket)) {
      req.resume();
      return;
    }
    setBaselineHeaders(res);
    const verdict = gate.check(req);
    if (verdict !== 'AUTH_BEARER_INVALID') connections.authenticated(req.socket);
    if (typeof verdict === 'string') return writeRawEnvelope(res, verdict);
    if (stopping) return writeRawEnvelope(res, 'SERVICE_STOPPING');
    // Authenticate first, then say no to an expectation other than 100-continue (no body is invited).
    if (expectation === 'unsupported') return writeRawEnvelope(res, 'EXPECTATION_UNSUPPORTED');
    const resolution = matcher.resolve(req.method ?? '', req.url ?? '');
    if (resolution.kind === 'not_exposed') return writeRawEnvelope(res, 'ROUTE_NOT_EXPOSED');
    if (resolution.kind === 'method_not_allowed') return writeRawEnvelope(res, 'METHOD_NOT_ALLOWED', { allow: resolution.allow.join(', ') });
    const refusal = bodyRules(req, resolution.route);
    if (refusal !== null) return writeRawEnvelope(res, refusal);
    // Fixed answers: only an exact path (so never with a query string), GET, and no body.
    if (verdict === PASS && req.method === 'GET') {
      const body = fixed.get(req.url as string)?.();
      if (body != null) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
        return;
      }
    }
    // A request that announces no body (no Transfer-Encoding, Content-Length absent or 0) has none,
    // whatever its Content-Type: the framework would otherwise parse zero bytes as JSON and fail.
    if (verdict === PASS) delete req.headers['content-type'];
    // Only now, authenticated and routed with an acceptable body announced, is the body invited.
    if (expectation === 'continue') res.writeContinue();
    handler(req, res);
  };

  const app = Fastify({
    logger: false,
    exposeHeadRoutes: false,
    // The framework's own 503 has its own body; `stopping` answers with an envelope instead.
    return503OnClosing: false,
    forceCloseConnections: true,
    bodyLimit: REQUEST_LIMITS.maxBodyBytes,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: false,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, maxParamLength: 256 },
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: deadlines.headersMs,
          requestTimeout: deadlines.requestMs,
          keepAliveTimeout: deadlines.keepAliveMs,
          connectionsCheckingInterval: deadlines.deadlineCheckIntervalMs,
          maxHeaderSize: SERVER_TIMEOUTS.maxHeaderBytes,
          noDelay: true,
        },
        (req, res) => admit(req, res, 'none', handler),
      );
      // With these listeners node:http neither sends `100 Continue` nor `417` on its own.
      server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => admit(req, res, 'continue', handler));
      server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => admit(req, res, 'unsupported', handler));
      // CONNECT is never served; it is answered like any other request instead of a silent close.
      server.on('connect', (req: IncomingMessage, socket: Socket) => {
        const verdict = gate.check(req);
        connections.answerAndClose(socket, verdict === 'AUTH_BEARER_INVALID' ? verdict : 'REQUEST_TARGET_REJECTED');
      });
      connections.attach(server);
      return server;
    },
    // Errors of the HTTP parser layer (malformed request, bad chunking, header overflow, timeouts):
    // an ErrorEnvelope, then a lingering close; never the framework's default body.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || socket.destroyed) {
        socket.destroy();
        return;
      }
      connections.answerAndClose(socket, parserFailureCode(error));
    },
    // Our own compilers: TypeBox validation compiled on first use, JSON.stringify serialization;
    // Ajv and fast-json-stringify are then never loaded.
    schemaController: OWN_COMPILERS,
    frameworkErrors: (_error, _request, reply) => {
      void sendError(reply, new ServiceError('REQUEST_URL_INVALID'));
    },
  });

  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', parseJsonBody);

  // The gate, the route table and the body rules ran before the framework; a request that reaches
  // this handler matched a template and method there but not in the framework's router.
  app.setNotFoundHandler((request, reply) => {
    const allowed = matcher.allowedMethods(request.url);
    if (allowed === null) return sendError(reply, new ServiceError('ROUTE_NOT_EXPOSED'));
    reply.header('allow', allowed.join(', '));
    return sendError(reply, new ServiceError('METHOD_NOT_ALLOWED'));
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (isServiceError(error)) return sendError(reply, error);
    if (error.validation) {
      if (error.validationContext === 'querystring') return sendError(reply, queryFailure(error.validation));
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
    const schema: Record<string, unknown> = {};
    if (route.params) schema.params = route.params;
    if (route.query) schema.querystring = route.query;
    if (route.body) schema.body = route.body;
    if (route.success.schema) schema.response = { [route.success.status]: route.success.schema };
    const query = route.query;
    const preValidation = [];
    // Query values arrive as text; integer parameters are read as decimal numbers before validation.
    if (query) preValidation.push(coerceQueryHook(query));
    // An optional body that is absent is read as `{}`: every field takes its default.
    if (route.body && route.bodyOptional === true) preValidation.push(absentBodyAsEmpty);
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      schema,
      ...(preValidation.length > 0 ? { preValidation } : {}),
      handler: route.handler,
    });
  }
  return { app, connections };
}

function absentBodyAsEmpty(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  if (request.body === undefined) request.body = {};
  done();
}
