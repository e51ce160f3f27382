import { createHash } from 'node:crypto';
import { isIP, connect as connectTcp, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
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
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
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

type AnswerRead = { readonly status: number; readonly body: string; readonly complete: boolean } | 'protocol_error' | 'more';

/** A chunked body as far as it has arrived: the data, and whether the last chunk was seen. */
function dechunk(raw: Buffer): { readonly data: Buffer; readonly done: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd === -1) return { data: Buffer.concat(parts), done: false };
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isSafeInteger(size) || size < 0) return { data: Buffer.concat(parts), done: false };
    if (size === 0) return { data: Buffer.concat(parts), done: true };
    const start = lineEnd + 2;
    parts.push(raw.subarray(start, Math.min(start + size, raw.length)));
    if (start + size + 2 > raw.length) return { data: Buffer.concat(parts), done: false };
    at = start + size + 2;
  }
}

/**
 * Reads one answer as far as it has arrived: the status line, the headers, and the body (plain,
 * by Content-Length, or chunked). `over` means the bound was reached: what is there is the answer.
 */
function readAnswer(received: Buffer, ended: boolean, over: boolean): AnswerRead {
  const lineEnd = received.indexOf('\r\n');
  if (lineEnd === -1) return ended || over ? 'protocol_error' : 'more';
  const match = STATUS_LINE.exec(received.subarray(0, lineEnd).toString('latin1'));
  if (!match) return 'protocol_error';
  const status = Number(match[1]);
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd === -1) return ended || over ? { status, body: '', complete: false } : 'more';
  const head = received
    .subarray(lineEnd + 2, headEnd)
    .toString('latin1')
    .toLowerCase();
  const raw = received.subarray(headEnd + 4);
  const stop = ended || over;
  if (/^transfer-encoding:.*chunked/m.test(head)) {
    const { data, done } = dechunk(raw);
    return done || stop ? { status, body: data.toString('utf8'), complete: done } : 'more';
  }
  const length = /^content-length:\s*(\d+)\s*$/m.exec(head);
  if (length) {
    const expected = Number(length[1]);
    if (raw.length >= expected) return { status, body: raw.subarray(0, expected).toString('utf8'), complete: true };
    return stop ? { status, body: raw.toString('utf8'), complete: false } : 'more';
  }
  return stop ? { status, body: raw.toString('utf8'), complete: ended && !over } : 'more';
}

/**
 * The endpoint probe over raw sockets: it connects to the validated numeric address only (no
 * lookup, no agent, so no proxy variable is ever consulted), verifies TLS against the name with
 * SNI and without session reuse, sends at most one GET without credentials, and reads one answer
 * of at most maxProbeAnswerBytes (status and body, for the verifier to check the provider's shape).
 * A redirect is reported, never followed.
 */
export class NodeEndpointProber implements EndpointProber {
  constructor(private readonly options: EndpointTransport = {}) {}

  async probe(target: ProbeTarget): Promise<ProbeOutcome> {
    // node:tls (and the OpenSSL contexts behind it) loads with the first TLS endpoint, not at start.
    const tls = target.scheme === 'https' ? await import('node:tls') : null;
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
          finish({ kind: 'answered', status: null, spkiSha256, body: null, bodyComplete: true });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const settle = (ended: boolean): void => {
          const over = size >= PROVIDER_LIMITS.maxProbeAnswerBytes;
          const received = Buffer.concat(chunks).subarray(0, PROVIDER_LIMITS.maxProbeAnswerBytes);
          const answer = readAnswer(received, ended, over);
          if (answer === 'more') return;
          finish(
            answer === 'protocol_error'
              ? { kind: 'protocol_error' }
              : { kind: 'answered', status: answer.status, spkiSha256, body: answer.body, bodyComplete: answer.complete },
          );
        };
        socket.on('data', (chunk: Buffer) => {
          if (size < PROVIDER_LIMITS.maxProbeAnswerBytes) chunks.push(chunk);
          size += chunk.length;
          settle(false);
        });
        socket.on('end', () => settle(true));
        const extra = target.headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
        socket.write(
          `GET ${target.path === '' ? '/' : target.path} HTTP/1.1\r\nHost: ${hostHeader(target)}\r\nUser-Agent: service-endpoint-test/1\r\nAccept: application/json\r\n${extra}Connection: close\r\n\r\n`,
        );
      };

      if (tls !== null) {
        const tlsSocket = tls.connect({
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
