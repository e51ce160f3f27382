import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../contract/error-codes.js';
import { rawEnvelopeResponse } from './error-envelope.js';

export interface ConnectionPolicy {
  readonly maxConnections: number;
  readonly maxUnauthenticatedConnections: number;
  readonly unauthenticatedMs: number;
  readonly lingeringCloseMs: number;
  /** The listen backlog: connections the kernel queues until they are accepted. */
  readonly listenBacklog: number;
}

/** Timers, injected so that tests drive deadlines without waiting for them. */
export interface ConnectionTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const NODE_TIMERS: ConnectionTimers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return handle;
  },
  // cast: the governor hands back only handles this object's setTimeout returned, which are NodeJS.Timeout
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Counters of what the governor did, for diagnostics and the soak benchmark. */
export interface ConnectionCounters {
  accepted: number;
  refused: number;
  evicted: number;
  expired: number;
  lingered: number;
}

interface Tracked {
  readonly socket: Socket;
  authenticated: boolean;
  /** Answered with a closing response: further requests parsed on it are not served. */
  closing: boolean;
  /** An answer waits for the response in flight on the connection to finish. */
  answerPending: boolean;
  deadline: unknown;
}

/** The response in flight on a socket, as node:http records it. */
function inFlight(socket: Socket): ServerResponse | null {
  // cast: node:http keeps the response in flight in the socket's private _httpMessage field, which its typings omit
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;
}

/**
 * Every connection of the HTTP adapter, from accept to close: the bound on open connections, the
 * shorter bound on connections that have not authenticated (the oldest is closed to admit a new
 * one, so a flood of idle sockets never locks out the paired client, which authenticates on its
 * first request), the deadline of an unauthenticated connection, and the lingering close after an
 * early answer. Every byte it writes is an ErrorEnvelope response.
 */
export class ConnectionGovernor {
  private readonly connections = new Map<Socket, Tracked>();
  /** Unauthenticated connections, oldest first (a Set keeps insertion order). */
  private readonly unauthenticated = new Set<Tracked>();
  readonly counters: ConnectionCounters = { accepted: 0, refused: 0, evicted: 0, expired: 0, lingered: 0 };

  constructor(
    private readonly policy: ConnectionPolicy,
    private readonly timers: ConnectionTimers = NODE_TIMERS,
  ) {}

  /** Takes charge of the server's connections (after node:http's own connection listener). */
  attach(server: Server): void {
    server.on('connection', (socket: Socket) => this.accept(socket));
  }

  get open(): number {
    return this.connections.size;
  }

  get openUnauthenticated(): number {
    return this.unauthenticated.size;
  }

  accept(socket: Socket): void {
    if (this.connections.size >= this.policy.maxConnections && !this.evictOldest()) {
      this.counters.refused++;
      socket.destroy();
      return;
    }
    const tracked: Tracked = { socket, authenticated: false, closing: false, answerPending: false, deadline: null };
    tracked.deadline = this.timers.setTimeout(() => this.expire(tracked), this.policy.unauthenticatedMs);
    this.connections.set(socket, tracked);
    this.unauthenticated.add(tracked);
    this.counters.accepted++;
    socket.once('close', () => this.forget(tracked));
    // Over the unauthenticated bound, the oldest are closed once the connections accepted in this
    // burst have had one read of their request head: a paired client's connection accepted amid a
    // connect flood authenticates first instead of being recycled unread. The excess is bounded by
    // one burst of accepts (the listen backlog).
    if (this.unauthenticated.size > this.policy.maxUnauthenticatedConnections) this.scheduleTrim();
    // node:http ends a connection whose response said `Connection: close` with destroySoon():
    // FIN, then destroy once written, which resets the connection if the client is still sending
    // and makes its kernel discard the answer unread. Close lingering instead.
    Object.defineProperty(socket, 'destroySoon', { value: () => this.closeLingering(tracked), configurable: true, writable: true });
  }

  /** The socket carried a request with the valid bearer: it leaves the unauthenticated bound. */
  authenticated(socket: Socket): void {
    const tracked = this.connections.get(socket);
    if (tracked === undefined || tracked.authenticated) return;
    tracked.authenticated = true;
    this.unauthenticated.delete(tracked);
    this.clearDeadline(tracked);
  }

  /** Whether the connection was already answered with a closing response (a later pipelined request is ignored). */
  closing(socket: Socket): boolean {
    return this.connections.get(socket)?.closing ?? false;
  }

  /**
   * Answers a request that never reached a route (parser error, timeout) with an ErrorEnvelope,
   * then closes lingering. A response still in flight on the connection (an earlier request, for
   * instance one pipelined before malformed bytes) goes out whole first: its request may have
   * changed state, and its client must learn the outcome.
   */
  answerAndClose(socket: Socket, code: ErrorCode): void {
    const tracked = this.connections.get(socket);
    if (socket.destroyed || tracked?.closing === true || tracked?.answerPending === true) {
      if (tracked === undefined) socket.destroy();
      return;
    }
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const response = inFlight(socket);
    // A request still being received (a body that stalled) is the one this answer is about.
    if (response !== null && !response.req.complete) {
      if (response.headersSent) socket.destroy();
      else this.writeAndClose(socket, tracked, code);
      return;
    }
    if (response !== null && !response.writableFinished && tracked !== undefined) {
      tracked.answerPending = true;
      response.once('finish', () => {
        tracked.answerPending = false;
        // node:http may have ended the connection itself after that response (Connection: close).
        if (!tracked.closing && !socket.destroyed && socket.writable) this.writeAndClose(socket, tracked, code);
      });
      response.once('close', () => {
        if (tracked.answerPending) socket.destroy();
      });
      return;
    }
    this.writeAndClose(socket, tracked, code);
  }

  private writeAndClose(socket: Socket, tracked: Tracked | undefined, code: ErrorCode): void {
    socket.write(rawEnvelopeResponse(code));
    if (tracked === undefined) socket.end();
    else this.closeLingering(tracked);
  }

  private expire(tracked: Tracked): void {
    tracked.deadline = null;
    if (tracked.authenticated || tracked.socket.destroyed) return;
    this.counters.expired++;
    if (tracked.closing) {
      tracked.socket.destroy();
      return;
    }
    this.answerAndClose(tracked.socket, 'REQUEST_TIMEOUT');
  }

  private trimScheduled = false;

  private scheduleTrim(): void {
    if (this.trimScheduled) return;
    this.trimScheduled = true;
    // Two turns: the poll phase after this one reads what the new connections sent.
    setImmediate(() =>
      setImmediate(() => {
        this.trimScheduled = false;
        while (this.unauthenticated.size > this.policy.maxUnauthenticatedConnections && this.evictOldest());
      }),
    );
  }

  /** Closes the oldest unauthenticated connection without a word; false when there is none. */
  private evictOldest(): boolean {
    const oldest = this.unauthenticated.values().next();
    if (oldest.done === true) return false;
    this.counters.evicted++;
    this.forget(oldest.value);
    oldest.value.socket.destroy();
    return true;
  }

  private closeLingering(tracked: Tracked): void {
    const { socket } = tracked;
    if (tracked.closing) return;
    tracked.closing = true;
    this.counters.lingered++;
    // The write side ends once the answer is flushed (FIN); reading goes on (node:http's sockets
    // allow half-open) and node:http discards the unread body. The socket is destroyed when the
    // client ends its side, or at the lingering bound.
    socket.end();
    this.clearDeadline(tracked);
    const bound = this.timers.setTimeout(() => socket.destroy(), this.policy.lingeringCloseMs);
    const done = (): void => {
      this.timers.clearTimeout(bound);
      socket.destroy();
    };
    socket.once('end', done);
    socket.once('close', () => this.timers.clearTimeout(bound));
    socket.resume();
  }

  private clearDeadline(tracked: Tracked): void {
    if (tracked.deadline !== null) {
      this.timers.clearTimeout(tracked.deadline);
      tracked.deadline = null;
    }
  }

  private forget(tracked: Tracked): void {
    if (!this.connections.has(tracked.socket)) return;
    this.connections.delete(tracked.socket);
    this.unauthenticated.delete(tracked);
    this.clearDeadline(tracked);
  }
}
