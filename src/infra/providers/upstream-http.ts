import { createHash, X509Certificate } from 'node:crypto';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { PeerCertificate } from 'node:tls';
import { CHAT_LIMITS } from '../../contract/limits.js';
import { ProviderFailure } from '../../app/providers/model-provider.js';
import type { PinnedEndpoint } from '../../app/providers/preflight.js';
import type { EndpointTransport } from '../../app/providers/ports.js';
import { REMEDIATIONS } from './provider-errors.js';
import type { RetryClock } from './retry-policy.js';

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

function spkiSha256(certificate: PeerCertificate): string | null {
  try {
    const spki = new X509Certificate(certificate.raw).publicKey.export({ type: 'spki', format: 'der' });
    return createHash('sha256').update(spki).digest('hex');
  } catch {
    return null;
  }
}

/**
 * One streaming POST to the pinned numeric address (no DNS, no agent, hence no proxy, no
 * connection reuse): TLS is verified against the endpoint's name with SNI, and the leaf key must
 * be the one the preflight saw. The body streams into the reader; abort, the run deadline and the
 * idle bound destroy the socket at once. Every failure becomes a sanitized ProviderFailure: no
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
  // node:https and node:tls load with the first call to a TLS endpoint, not at start.
  const secure = endpoint.scheme === 'https' ? { https: await import('node:https'), tls: await import('node:tls') } : null;
  const dialed = transport.dial ? transport.dial(endpoint.address, endpoint.port) : { host: endpoint.address, port: endpoint.port };
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let request: ClientRequest | null = null;
    let response: IncomingMessage | null = null;
    let cancelRunTimer: (() => void) | null = null;
    let cancelIdleTimer: (() => void) | null = null;

    const cleanup = (): void => {
      cancelRunTimer?.();
      cancelIdleTimer?.();
      signal.removeEventListener('abort', onAbort);
    };
    const fail = (failure: ProviderFailure): void => {
      if (settled) return;
      settled = true;
      cleanup();
      request?.destroy();
      response?.destroy();
      reject(failure);
    };
    const succeed = (): void => {
      if (settled) return;
      settled = true;
      cleanup();
      request?.destroy();
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
    const common = {
      host: dialed.host,
      port: dialed.port,
      method: 'POST',
      path: `${endpoint.basePath}${call.path}`,
      agent: false as const,
      headers: {
        ...call.headers,
        host: hostHeader(endpoint),
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': 'service-sidecar/1',
        connection: 'close',
      },
    };
    let tlsFailure = false;
    if (secure !== null) {
      const servername = endpoint.servername ?? endpoint.hostname;
      request = secure.https.request({
        ...common,
        servername: isIP(servername) === 0 ? servername : undefined,
        ...(transport.ca ? { ca: [...transport.ca] } : {}),
        rejectUnauthorized: true,
        minVersion: 'TLSv1.2',
        checkServerIdentity: (_host, certificate) => {
          const mismatch = secure.tls.checkServerIdentity(servername, certificate);
          if (mismatch) {
            tlsFailure = true;
            return mismatch;
          }
          if (endpoint.spkiSha256 !== null && spkiSha256(certificate) !== endpoint.spkiSha256) {
            tlsFailure = true;
            return new Error('leaf key differs from the preflight');
          }
          return undefined;
        },
      });
    } else {
      request = httpRequest(common);
    }

    // Before an answer: the provider could not be reached (retryable unless TLS refused it). After: a disconnect.
    request.on('error', () =>
      fail(
        response === null
          ? failure('PROVIDER_UNAVAILABLE', !tlsFailure, tlsFailure ? 'tls_failed' : 'unreachable')
          : failure('PROVIDER_ANSWER_INCOMPLETE', true, 'disconnected'),
      ),
    );
    request.on('response', (incoming) => {
      response = incoming;
      armIdle();
      const status = incoming.statusCode ?? 0;
      if (status !== 200) {
        // The error body is read up to a bound to classify it (provider-errors.ts); its text is never kept.
        const parts: Buffer[] = [];
        let kept = 0;
        incoming.on('data', (bytes: Buffer) => {
          if (kept >= CHAT_LIMITS.maxUpstreamErrorBytes) return;
          const room = CHAT_LIMITS.maxUpstreamErrorBytes - kept;
          parts.push(bytes.length <= room ? bytes : bytes.subarray(0, room));
          kept += Math.min(bytes.length, room);
          if (kept >= CHAT_LIMITS.maxUpstreamErrorBytes) classify();
        });
        const classify = (): void => {
          if (settled) return;
          fail(reader.errorAnswer(status, Buffer.concat(parts), hasOutput()));
        };
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
      // An abrupt disconnect: `aborted`/`error`, or `close` before `end`.
      incoming.on('error', () => fail(failure('PROVIDER_ANSWER_INCOMPLETE', true, 'disconnected')));
      incoming.on('close', () => fail(failure('PROVIDER_ANSWER_INCOMPLETE', true, 'disconnected')));
    });
    request.end(body);
  });
}
