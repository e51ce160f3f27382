import { createHash, X509Certificate } from 'node:crypto';
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import type * as NodeTls from 'node:tls';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import type { buildConnector } from 'undici';
import type { EndpointTransport } from '../../app/providers/ports.js';

/** Where one connection goes: the name it is for, and the validated numeric address it must use. */
export interface PinnedDestination {
  readonly scheme: 'http' | 'https';
  /** The name the endpoint carries: Host header, SNI and the certificate check use it. */
  readonly hostname: string;
  readonly port: number;
  /** The validated numeric address; nothing is resolved here. */
  readonly address: string;
  /** SHA-256 hex of the leaf key the preflight saw: any other key is refused. Null: no key pin. */
  readonly spkiSha256: string | null;
}

/** What one connection learned: whether TCP connected, whether TLS refused the peer, and the leaf key it presented. */
export interface ConnectionWatch {
  connected: boolean;
  tlsRefused: boolean;
  spkiSha256: string | null;
}

function spkiOf(certificate: PeerCertificate): string | null {
  try {
    const spki = new X509Certificate(certificate.raw).publicKey.export({ type: 'spki', format: 'der' });
    return createHash('sha256').update(spki).digest('hex');
  } catch {
    return null;
  }
}

/** The origin a client for `destination` is made for: its name, so that undici's Host header names it. */
export function originOf(destination: PinnedDestination): string {
  const host = isIP(destination.hostname) === 6 ? `[${destination.hostname}]` : destination.hostname;
  return `${destination.scheme}://${host}:${destination.port}`;
}

/**
 * undici's `connect`, bound to the pinned address: whatever host the client's origin names, the
 * socket goes to the validated numeric address (or where a test's dial table sends it), so no DNS
 * lookup and no proxy is ever consulted. TLS is verified against the endpoint's name with SNI, from
 * the transport's roots (absent: Node's bundled ones), TLS 1.2 at least, without session reuse; in
 * `checkServerIdentity` the name must match and the leaf key must be the pinned one. `tls` is
 * node:tls, loaded by the caller with the first TLS endpoint.
 */
export function pinnedConnector(
  tls: typeof NodeTls | null,
  transport: EndpointTransport,
  destination: PinnedDestination,
  watch: ConnectionWatch,
): buildConnector.connector {
  const dialed = transport.dial ? transport.dial(destination.address, destination.port) : { host: destination.address, port: destination.port };
  const name = destination.hostname;
  const checkServerIdentity = (_host: string, certificate: PeerCertificate): Error | undefined => {
    const mismatch = tls?.checkServerIdentity(name, certificate);
    if (mismatch) return mismatch;
    const spki = spkiOf(certificate);
    if (destination.spkiSha256 !== null && spki !== destination.spkiSha256) return new Error('leaf key differs from the preflight');
    watch.spkiSha256 = spki;
    return undefined;
  };
  return (_options, callback) => {
    let answered = false;
    const secure = tls !== null && destination.scheme === 'https';
    const socket: Socket | TLSSocket = secure
      ? tls.connect({
          host: dialed.host,
          port: dialed.port,
          servername: isIP(name) === 0 ? name : undefined,
          ...(transport.ca ? { ca: [...transport.ca] } : {}),
          rejectUnauthorized: true,
          minVersion: 'TLSv1.2',
          ALPNProtocols: ['http/1.1'],
          checkServerIdentity,
        })
      : connectTcp({ host: dialed.host, port: dialed.port });
    socket.setNoDelay(true);
    socket.once('connect', () => {
      watch.connected = true;
    });
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      if (answered) return;
      answered = true;
      callback(null, socket);
    });
    socket.on('error', (error) => {
      if (answered) return;
      answered = true;
      // A failure after the TCP connection and before the secure one is TLS refusing the peer.
      if (secure && watch.connected) watch.tlsRefused = true;
      callback(error, null);
    });
  };
}

/**
 * Ends a call's request and its connection on the next microtask. A call settles from inside undici's
 * parser (the body's data callback); aborting there, when the answer's end is in the same read, makes
 * undici's completion of that request fail its `assert(!this.aborted)`, and Node builds the message of
 * an assertion without one by parsing the source line it stands on: in the bundle, a line of megabytes,
 * which held the first provider call for 9 to 75 seconds (docs/benchmarks.md). After the parser has
 * returned, a completed request ignores the abort.
 */
export function closeOutsideParser(stop: AbortController, client: { destroy(): Promise<void> }): void {
  queueMicrotask(() => {
    stop.abort();
    client.destroy().catch(() => undefined);
  });
}
