import { createHash } from 'node:crypto';
import { isIP, connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls, type TLSSocket } from 'node:tls';
import { PROVIDER_LIMITS } from '../../contract/limits.js';
import type { EndpointProber, EndpointTransport, ProbeOutcome, ProbeTarget, TlsFailure } from '../../app/providers/ports.js';

const UNTRUSTED: ReadonlySet<string> = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'INVALID_CA',
]);

function tlsFailureOf(error: unknown): TlsFailure {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return 'hostname_mismatch';
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return 'certificate_expired';
  if (UNTRUSTED.has(code)) return 'certificate_untrusted';
  return 'handshake_failed';
}

function hostHeader(target: ProbeTarget): string {
  const host = isIP(target.hostname) === 6 ? `[${target.hostname}]` : target.hostname;
  const defaultPort = target.scheme === 'https' ? 443 : 80;
  return target.port === defaultPort ? host : `${host}:${target.port}`;
}

const STATUS_LINE = /^HTTP\/1\.[01] ([1-5][0-9]{2})(?: |\r?$)/;

/**
 * The endpoint probe over raw sockets: it connects to the validated numeric address only (no
 * lookup, no agent, so no proxy variable is ever consulted), verifies TLS against the name with
 * SNI and without session reuse, sends at most one GET without credentials, and reads only the
 * status line. A redirect is reported, never followed.
 */
export class NodeEndpointProber implements EndpointProber {
  constructor(private readonly options: EndpointTransport = {}) {}

  probe(target: ProbeTarget): Promise<ProbeOutcome> {
    const dialed = this.options.dial ? this.options.dial(target.address, target.port) : { host: target.address, port: target.port };
    return new Promise<ProbeOutcome>((resolve) => {
      let settled = false;
      let connected = false;
      let socket: Socket | TLSSocket;
      const finish = (outcome: ProbeOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        resolve(outcome);
      };
      const timer = setTimeout(() => finish({ kind: 'timeout' }), target.timeoutMs);
      timer.unref?.();

      const onReady = (spkiSha256: string | null): void => {
        if (!target.sendRequest) {
          finish({ kind: 'answered', status: null, spkiSha256 });
          return;
        }
        let received = Buffer.alloc(0);
        socket.on('data', (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          const end = received.indexOf('\r\n');
          if (end === -1) {
            if (received.length > PROVIDER_LIMITS.maxProbeAnswerBytes) finish({ kind: 'protocol_error' });
            return;
          }
          const match = STATUS_LINE.exec(received.subarray(0, end).toString('latin1'));
          finish(match ? { kind: 'answered', status: Number(match[1]), spkiSha256 } : { kind: 'protocol_error' });
        });
        socket.on('end', () => finish({ kind: 'protocol_error' }));
        socket.write(
          `GET ${target.path === '' ? '/' : target.path} HTTP/1.1\r\nHost: ${hostHeader(target)}\r\nUser-Agent: service-endpoint-test/1\r\nAccept: application/json\r\nConnection: close\r\n\r\n`,
        );
      };

      if (target.scheme === 'https') {
        const tlsSocket = connectTls({
          host: dialed.host,
          port: dialed.port,
          servername: isIP(target.hostname) === 0 ? target.hostname : undefined,
          ...(this.options.ca ? { ca: [...this.options.ca] } : {}),
          rejectUnauthorized: true,
          minVersion: 'TLSv1.2',
          ALPNProtocols: ['http/1.1'],
        });
        socket = tlsSocket;
        tlsSocket.once('connect', () => {
          connected = true;
        });
        tlsSocket.once('secureConnect', () => {
          const certificate = tlsSocket.getPeerX509Certificate();
          if (!certificate) {
            finish({ kind: 'tls_failed', failure: 'handshake_failed' });
            return;
          }
          const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
          onReady(createHash('sha256').update(spki).digest('hex'));
        });
        tlsSocket.on('error', (error) => finish(connected ? { kind: 'tls_failed', failure: tlsFailureOf(error) } : { kind: 'unreachable' }));
      } else {
        const tcpSocket = connectTcp({ host: dialed.host, port: dialed.port });
        socket = tcpSocket;
        tcpSocket.once('connect', () => {
          connected = true;
          onReady(null);
        });
        tcpSocket.on('error', () => finish(connected ? { kind: 'protocol_error' } : { kind: 'unreachable' }));
      }
    });
  }
}
