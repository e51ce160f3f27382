import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ErrorCode } from '../contract/error-codes.js';
import { CONNECTION_LIMITS, REQUEST_LIMITS, SERVER_TIMEOUTS } from '../contract/limits.js';
import { ServiceError } from '../app/service-error.js';
import type { EventLog } from '../app/event-log.js';
import { ConnectionGovernor, NODE_TIMERS, type ConnectionPolicy, type ConnectionTimers } from './connection-governor.js';
import { BASELINE_HEADERS, setBaselineHeaders, writeRawEnvelope } from './error-envelope.js';
import { isJsonContentType } from './json-body-parser.js';
import { PASS, PASS_WITH_BODY, type RequestGate } from './request-gate.js';
import { takesBody, takesQuery, type RouteContract, type RouteDefinition } from './route-definition.js';
import { RouteReply } from './route-reply.js';
import type { RouteRunner } from './route-runner.js';
import { pathParameters, queryParameters, RouteTable, type RouteMatch } from './route-table.js';

/** Deadlines of the HTTP layer (SERVER_TIMEOUTS); a test composition may shorten them. */
export interface HttpDeadlines {
  readonly headersMs: number;
  readonly requestMs: number;
  readonly keepAliveMs: number;
  readonly deadlineCheckIntervalMs: number;
}

export interface HttpAdapterOptions {
  readonly gate: RequestGate;
  /** Every route the service exposes, bound to its handler (the fixed answers among them are served without routing). */
  readonly routes: readonly RouteDefinition[];
  readonly log: EventLog;
  /** Connection bounds (CONNECTION_LIMITS unless a test composition says otherwise). */
  readonly connections?: ConnectionPolicy;
  readonly deadlines?: HttpDeadlines;
  readonly timers?: ConnectionTimers;
}

export interface HttpAdapter {
  readonly server: Server;
  readonly connections: ConnectionGovernor;
  /** Binds 127.0.0.1 on an ephemeral port; resolves with the port. */
  listen(): Promise<number>;
  /**
   * Graceful close: new requests answer SERVICE_STOPPING, the closing hooks run in order (they
   * interrupt work so that its terminal events reach open streams), then every connection closes.
   */
  close(): Promise<void>;
  /** A hook of `close`, run before connections close. */
  onClosing(hook: () => Promise<void>): void;
}

/**
 * Body and query rules (contract.md section 2, rules 7 and 8) once the route is known, before any
 * body byte is read. `announcesBody`: the gate saw a Content-Length other than 0 or a Transfer-Encoding.
 */
function bodyRules(req: IncomingMessage, route: RouteContract, announcesBody: boolean): ErrorCode | null {
  if (announcesBody) {
    if (!takesBody(route)) return 'REQUEST_BODY_NOT_ALLOWED';
    if (!isJsonContentType(req.headers['content-type']) || !isPlainCoding(req)) return 'CONTENT_TYPE_UNSUPPORTED';
    const length = req.headers['content-length'];
    if (length !== undefined && !(Number(length) <= REQUEST_LIMITS.maxBodyBytes)) return 'REQUEST_TOO_LARGE';
  }
  if (!takesQuery(route) && (req.url ?? '').includes('?')) return route.queryRefusal ?? 'REQUEST_QUERY_NOT_ALLOWED';
  return null;
}

/**
 * The body's bytes are the JSON text itself: no content coding (gzip, deflate, br: the service
 * decodes none, and would otherwise read the coded bytes as JSON) and no transfer coding but chunked.
 */
function isPlainCoding(req: IncomingMessage): boolean {
  const contentEncoding = req.headers['content-encoding'];
  if (contentEncoding !== undefined && contentEncoding.trim().toLowerCase() !== 'identity') return false;
  const transferEncoding = req.headers['transfer-encoding'];
  return transferEncoding === undefined || transferEncoding.trim().toLowerCase() === 'chunked';
}

/** What node:http reports from its parser layer, as a catalogued code. */
function parserFailureCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'REQUEST_HEADERS_TOO_LARGE';
  return 'REQUEST_MALFORMED';
}

type Expectation = 'none' | 'continue' | 'unsupported';

/** A fixed answer (health, capabilities) and the head it was last written with. */
class FixedAnswer {
  private text: string | null = null;
  private head: Readonly<Record<string, string | number>> = {};

  constructor(private readonly answer: () => string | null) {}

  /** Writes the answer; false while it is not known yet. The head is built once per answer text. */
  write(res: ServerResponse): boolean {
    const text = this.answer();
    if (text === null) return false;
    if (text !== this.text) {
      this.head = { ...BASELINE_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) };
      this.text = text;
    }
    res.writeHead(200, this.head);
    res.end(text);
    return true;
  }
}

/**
 * The route runners, one per route, made on the route's first request. Their module (and TypeBox's
 * compiler behind the validators) is not needed for readiness: it loads on the turn after the
 * listener is bound, or with the first routed request if that comes first.
 */
class RouteRunners {
  private module: typeof RouteRunner | null = null;
  private loading: Promise<typeof RouteRunner> | null = null;
  private readonly runners = new Map<RouteDefinition, RouteRunner>();

  constructor(private readonly log: EventLog) {}

  load(): Promise<typeof RouteRunner> {
    this.loading ??= import('./route-runner.js').then(({ RouteRunner: runner }) => (this.module = runner));
    return this.loading;
  }

  /** The runner of `route` when its module has loaded, else null. */
  now(route: RouteDefinition): RouteRunner | null {
    if (this.module === null) return null;
    let runner = this.runners.get(route);
    if (runner === undefined) {
      runner = new this.module(route, this.log);
      this.runners.set(route, runner);
    }
    return runner;
  }
}

/**
 * The HTTP adapter: a node:http server whose every request passes the gate, the route table (the
 * one table: match, 404, 405), the body rules, then the route's runner (path and query decoding,
 * JSON body policy, validation, handler, error mapping). Every byte it sends follows the contract,
 * parser-layer failures included.
 */
export function buildHttpAdapter(options: HttpAdapterOptions): HttpAdapter {
  const { gate, routes, log } = options;
  const deadlines = options.deadlines ?? SERVER_TIMEOUTS;
  const timers = options.timers ?? NODE_TIMERS;
  const table = new RouteTable(routes);
  const policy = options.connections ?? CONNECTION_LIMITS;
  const connections = new ConnectionGovernor(policy, timers);
  // Set when a graceful shutdown begins: new requests get a SERVICE_STOPPING envelope.
  let stopping = false;
  const closingHooks: (() => Promise<void>)[] = [];
  let closed: Promise<void> | null = null;
  const fixed = new Map<string, FixedAnswer>();
  for (const route of routes)
    if (route.method === 'GET' && route.fixedResponse && !route.path.includes('{')) fixed.set(route.path, new FixedAnswer(route.fixedResponse));

  const runners = new RouteRunners(log);

  /** The gate, the route table and the body rules passed: the route's runner serves the request. */
  const dispatch = (req: IncomingMessage, res: ServerResponse, match: RouteMatch): void => {
    const params = pathParameters(match);
    if (params === null) {
      new RouteReply(req, res).fail(new ServiceError('REQUEST_URL_INVALID'));
      return;
    }
    const query = queryParameters(match.rawQuery);
    const runner = runners.now(match.route);
    if (runner !== null) return runner.run(req, res, params, query);
    runners.load().then(
      () => runners.now(match.route)?.run(req, res, params, query),
      () => {
        log.event('request.failed', { error: 'router_unavailable' });
        new RouteReply(req, res).fail(new ServiceError('INTERNAL_FAILURE'));
      },
    );
  };

  const admit = (req: IncomingMessage, res: ServerResponse, expectation: Expectation): void => {
    // A request parsed behind an answer that closes the connection is not served.
    if (connections.closing(req.socket)) {
      req.resume();
      return;
    }
    const verdict = gate.check(req);
    if (verdict !== 'AUTH_BEARER_INVALID') connections.authenticated(req.socket);
    if (typeof verdict === 'string') return writeRawEnvelope(res, verdict);
    // node:http's parser also takes a request line naming HTTP/2.0 or 0.9: the service speaks HTTP/1.x only.
    if (req.httpVersionMajor !== 1) return writeRawEnvelope(res, 'REQUEST_MALFORMED');
    if (stopping) return writeRawEnvelope(res, 'SERVICE_STOPPING');
    // Authenticate first, then say no to an expectation other than 100-continue (no body is invited).
    if (expectation === 'unsupported') return writeRawEnvelope(res, 'EXPECTATION_UNSUPPORTED');
    // Fixed answers (health, capabilities): an exact path, so never with a query string, GET, and no body: the
    // route table would route it to its GET route and the body rules would pass it, so neither is asked.
    if (verdict === PASS && req.method === 'GET' && fixed.get(req.url as string)?.write(res) === true) return; // cast: node:http sets req.url for every server request
    const resolution = table.resolve(req.method ?? '', req.url ?? '');
    if (resolution.kind === 'not_exposed') return writeRawEnvelope(res, 'ROUTE_NOT_EXPOSED');
    if (resolution.kind === 'method_not_allowed') return writeRawEnvelope(res, 'METHOD_NOT_ALLOWED', { allow: resolution.allow.join(', ') });
    const refusal = bodyRules(req, resolution.route, verdict === PASS_WITH_BODY);
    if (refusal !== null) return writeRawEnvelope(res, refusal);
    setBaselineHeaders(res);
    // A request that announces no body (no Transfer-Encoding, Content-Length absent or 0) has none,
    // whatever its Content-Type: it is not parsed as JSON.
    if (verdict === PASS) delete req.headers['content-type'];
    // Only now, authenticated and routed with an acceptable body announced, is the body invited.
    if (expectation === 'continue') res.writeContinue();
    dispatch(req, res, resolution);
  };

  const server = createServer(
    {
      headersTimeout: deadlines.headersMs,
      requestTimeout: deadlines.requestMs,
      keepAliveTimeout: deadlines.keepAliveMs,
      connectionsCheckingInterval: deadlines.deadlineCheckIntervalMs,
      maxHeaderSize: SERVER_TIMEOUTS.maxHeaderBytes,
      noDelay: true,
    },
    (req, res) => admit(req, res, 'none'),
  );
  // With these listeners node:http neither sends `100 Continue` nor `417` on its own.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => admit(req, res, 'continue'));
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => admit(req, res, 'unsupported'));
  // CONNECT is never served; it is answered like any other request instead of a silent close.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const verdict = gate.check(req);
    connections.answerAndClose(socket, verdict === 'AUTH_BEARER_INVALID' ? verdict : 'REQUEST_TARGET_REJECTED');
  });
  // Errors of the HTTP parser layer (malformed request, bad chunking, header overflow, timeouts):
  // an ErrorEnvelope, then a lingering close.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || socket.destroyed) {
      socket.destroy();
      return;
    }
    connections.answerAndClose(socket, parserFailureCode(error));
  });
  connections.attach(server);

  const close = async (): Promise<void> => {
    stopping = true;
    for (const hook of closingHooks) await hook();
    // Open streams and keep-alive connections close now; no new connection is accepted.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    server,
    connections,
    listen: () =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ host: '127.0.0.1', port: 0, backlog: policy.listenBacklog }, () => {
          server.off('error', reject);
          // cast: a server listening on a TCP host and port reports an AddressInfo, not a pipe name
          resolve((server.address() as AddressInfo).port);
          // After the readiness line, which the caller writes in this turn's microtasks.
          setImmediate(() => void runners.load().catch(() => log.event('router.load_failed', {})));
        });
      }),
    close: () => (closed ??= close()),
    onClosing: (hook) => {
      closingHooks.push(hook);
    },
  };
}
