import { isIP } from 'node:net';
import { CHAT_LIMITS } from '../../contract/limits.js';
import { ProviderFailure } from '../../app/providers/model-provider.js';
import type { PinnedEndpoint } from '../../app/providers/preflight.js';
import type { EndpointTransport } from '../../app/providers/ports.js';
import { REMEDIATIONS } from './provider-errors.js';
import type { RetryClock } from './retry-policy.js';
import { closeOutsideParser, originOf, pinnedConnector, type ConnectionWatch } from './pinned-connector.js';

const TLS_REMEDIATION =
  "The provider's certificate was not accepted (untrusted, expired, another name, or another key than the tested one): test the endpoint again.";

/**
 * How provider sockets reach the world: the same transport the endpoint probe uses (default: Node's
 * bundled roots and the pinned address as is; a test composition sets its CA and a dial table).
 */
export type ProviderTransportOptions = EndpointTransport;

/** Time bounds of one generation; a composition may shorten them, never lengthen them. */
export interface GenerationTimeouts {
  readonly runTimeoutMs: number;
  readonly idleTimeoutMs: number;
}

export function boundedTimeouts(requested: Partial<GenerationTimeouts> | undefined): GenerationTimeouts {
  return {
    runTimeoutMs: Math.min(CHAT_LIMITS.runTimeoutMs, Math.max(1, requested?.runTimeoutMs ?? CHAT_LIMITS.runTimeoutMs)),
    idleTimeoutMs: Math.min(CHAT_LIMITS.idleTimeoutMs, Math.max(1, requested?.idleTimeoutMs ?? CHAT_LIMITS.idleTimeoutMs)),
  };
}

export interface UpstreamCall {
  readonly endpoint: PinnedEndpoint;
  /** Path below the endpoint's base path, e.g. `/api/chat`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Reads one upstream answer. `chunk` gets every body byte in order and answers true once the
 * answer is complete (end marker seen or output bound reached: the socket is then closed); it
 * throws a ProviderFailure to stop. `end` is called when the body ended before that.
 */
export interface UpstreamReader {
  chunk(bytes: Buffer): boolean;
  /** The body ended without a transport error; throw ProviderFailure if the wire format was incomplete. */
  end(): void;
  /** An answer with a status other than 200: its (bounded) body classified into a failure, never kept. */
  errorAnswer(status: number, body: Buffer, outputStarted: boolean): ProviderFailure;
}

function hostHeader(endpoint: PinnedEndpoint): string {
  const host = isIP(endpoint.hostname) === 6 ? `[${endpoint.hostname}]` : endpoint.hostname;
  const defaultPort = endpoint.scheme === 'https' ? 443 : 80;
  return endpoint.port === defaultPort ? host : `${host}:${endpoint.port}`;
}

/**
 * One streaming POST on an undici Client whose `connect` goes to the pinned numeric address only
 * (pinned-connector.ts: no DNS, no proxy, no connection reuse, TLS verified against the endpoint's
 * name with SNI, and the leaf key must be the one the preflight saw). The body streams into the
 * reader; abort, the run deadline and the idle bound (on the injected clock; undici's own timers
 * are off) destroy the connection at once. Every failure becomes a sanitized ProviderFailure: no
 * upstream byte of an error answer is kept.
 */
export async function postStreaming(
  transport: ProviderTransportOptions,
  call: UpstreamCall,
  reader: UpstreamReader,
  signal: AbortSignal,
  deadline: { readonly runDeadline: number; readonly idleTimeoutMs: number; readonly clock: RetryClock },
  hasOutput: () => boolean,
): Promise<void> {
  const { endpoint } = call;
  // undici loads with the first provider call, node:tls with the first TLS endpoint: neither at start.
  const undici = await import('undici');
  const tls = endpoint.scheme === 'https' ? await import('node:tls') : null;
  const destination = {
    scheme: endpoint.scheme,
    hostname: endpoint.servername ?? endpoint.hostname,
    port: endpoint.port,
    address: endpoint.address,
    spkiSha256: endpoint.spkiSha256,
  };
  const watch: ConnectionWatch = { connected: false, tlsRefused: false, spkiSha256: null };
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let answered = false;
    let cancelRunTimer: (() => void) | null = null;
    let cancelIdleTimer: (() => void) | null = null;
    const stop = new AbortController();
    const client = new undici.Client(originOf({ ...destination, hostname: endpoint.hostname }), {
      connect: pinnedConnector(tls, transport, destination, watch),
      headersTimeout: 0,
      bodyTimeout: 0,
      pipelining: 1,
    });
    // Closed on the next microtask, never from inside undici's parser: the reader settles the call in the
    // body's data callback, and undici asserts, when the answer's last byte is in the same read, that
    // the request it completes was not aborted meanwhile (closeOutsideParser).
    const closeConnection = (): void => closeOutsideParser(stop, client);

    const cleanup = (): void => {
      cancelRunTimer?.();
      cancelIdleTimer?.();
      signal.removeEventListener('abort', onAbort);
    };
    const fail = (failure: ProviderFailure): void => {
      if (settled) return;
      settled = true;
      cleanup();
      closeConnection();
      reject(failure);
    };
    const succeed = (): void => {
      if (settled) return;
      settled = true;
      cleanup();
      closeConnection();
      resolve();
    };
    const failure = (code: ProviderFailure['code'], retryable: boolean, reason: string | null = null): ProviderFailure =>
      new ProviderFailure(
        code,
        hasOutput(),
        retryable,
        false,
        reason === null ? [] : [{ name: 'reason', value: reason }],
        reason === 'tls_failed' ? TLS_REMEDIATION : REMEDIATIONS[code],
      );
    const onAbort = (): void => fail(new ProviderFailure('PROVIDER_FAILED', hasOutput(), false, true));
    const armIdle = (): void => {
      cancelIdleTimer?.();
      cancelIdleTimer = deadline.clock.after(deadline.idleTimeoutMs, () => fail(failure('PROVIDER_TIMEOUT', false)));
    };

    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    const remaining = deadline.runDeadline - deadline.clock.now();
    if (remaining <= 0) {
      fail(failure('PROVIDER_TIMEOUT', false));
      return;
    }
    cancelRunTimer = deadline.clock.after(remaining, () => fail(failure('PROVIDER_TIMEOUT', false)));
    armIdle();

    const body = Buffer.from(call.body, 'utf8');
    client
      .request({
        method: 'POST',
        path: `${endpoint.basePath}${call.path}`,
        signal: stop.signal,
        headers: {
          ...call.headers,
          host: hostHeader(endpoint),
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'service-sidecar/1',
          connection: 'close',
        },
        body,
      })
      .then(
        (response) => {
          answered = true;
          const incoming = response.body;
          if (settled) {
            incoming.destroy();
            return;
          }
          armIdle();
          const status = response.statusCode;
          if (status !== 200) {
            // The error body is read up to a bound to classify it (provider-errors.ts); its text is never kept.
            const parts: Buffer[] = [];
            let kept = 0;
            const classify = (): void => {
              if (settled) return;
              fail(reader.errorAnswer(status, Buffer.concat(parts), hasOutput()));
            };
            incoming.on('data', (bytes: Buffer) => {
              if (kept >= CHAT_LIMITS.maxUpstreamErrorBytes) return;
              const room = CHAT_LIMITS.maxUpstreamErrorBytes - kept;
              parts.push(bytes.length <= room ? bytes : bytes.subarray(0, room));
              kept += Math.min(bytes.length, room);
              if (kept >= CHAT_LIMITS.maxUpstreamErrorBytes) classify();
            });
            incoming.on('end', classify);
            incoming.on('close', classify);
            incoming.on('error', classify);
            return;
          }
          incoming.on('data', (bytes: Buffer) => {
            if (settled) return;
            armIdle();
            try {
              if (reader.chunk(bytes)) succeed();
            } catch (error) {
              fail(error instanceof ProviderFailure ? error : failure('PROVIDER_FAILED', false));
            }
          });
          incoming.on('end', () => {
            if (settled) return;
            try {
              reader.end();
              succeed();
            } catch (error) {
              fail(error instanceof ProviderFailure ? error : failure('PROVIDER_FAILED', false));
            }
          });
          // An abrupt disconnect: `error`, or `close` before `end`.
          incoming.on('error', () => fail(failure('PROVIDER_ANSWER_INCOMPLETE', true, 'disconnected')));
          incoming.on('close', () => fail(failure('PROVIDER_ANSWER_INCOMPLETE', true, 'disconnected')));
        },
        // Before an answer: the provider could not be reached (retryable unless TLS refused it). After: a disconnect.
        () =>
          fail(
            answered
              ? failure('PROVIDER_ANSWER_INCOMPLETE', true, 'disconnected')
              : failure('PROVIDER_UNAVAILABLE', !watch.tlsRefused, watch.tlsRefused ? 'tls_failed' : 'unreachable'),
          ),
      );
  });
}
