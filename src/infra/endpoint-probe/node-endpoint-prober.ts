import { isIP } from 'node:net';
import { PROVIDER_LIMITS } from '../../contract/limits.js';
import type { EndpointProber, EndpointTransport, ProbeOutcome, ProbeTarget, TlsFailure } from '../../app/providers/ports.js';
import { closeOutsideParser, originOf, pinnedConnector, type ConnectionWatch } from '../providers/pinned-connector.js';

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

/**
 * The endpoint probe on the same pinned connector as the provider wire clients: it connects to the
 * validated numeric address only (no lookup, no agent, so no proxy variable is ever consulted),
 * verifies TLS against the name with SNI and without session reuse, sends at most one GET without
 * credentials through an undici Client, and reads one answer of at most maxProbeAnswerBytes (status
 * and body, for the verifier to check the provider's shape). A redirect is reported, never followed.
 */
export class NodeEndpointProber implements EndpointProber {
  constructor(private readonly options: EndpointTransport = {}) {}

  async probe(target: ProbeTarget): Promise<ProbeOutcome> {
    // undici and node:tls (and the OpenSSL contexts behind it) load with the first test, not at start.
    const tls = target.scheme === 'https' ? await import('node:tls') : null;
    const undici = target.sendRequest ? await import('undici') : null;
    const watch: ConnectionWatch = { connected: false, tlsRefused: false, spkiSha256: null };
    const connect = pinnedConnector(tls, this.options, { ...target, spkiSha256: null }, watch);
    const limit = PROVIDER_LIMITS.maxProbeAnswerBytes;
    return new Promise<ProbeOutcome>((resolve) => {
      let settled = false;
      const closers: (() => void)[] = [];
      const finish = (outcome: ProbeOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        for (const close of closers) close();
        resolve(outcome);
      };
      const timer = setTimeout(() => finish({ kind: 'timeout' }), target.timeoutMs);
      timer.unref?.();
      const failed = (error: unknown): ProbeOutcome => {
        if (watch.tlsRefused) return { kind: 'tls_failed', failure: tlsFailureOf(error) };
        return watch.connected ? { kind: 'protocol_error' } : { kind: 'unreachable' };
      };
      const spki = (): string | null => (target.scheme === 'https' ? watch.spkiSha256 : null);

      if (undici === null) {
        // Connect (and handshake TLS) only: no request is sent.
        connect({ hostname: target.hostname, protocol: `${target.scheme}:`, port: String(target.port) }, (error, socket) => {
          if (error !== null) return finish(failed(error));
          closers.push(() => socket.destroy());
          finish(
            target.scheme === 'https' && watch.spkiSha256 === null
              ? { kind: 'tls_failed', failure: 'handshake_failed' }
              : { kind: 'answered', status: null, spkiSha256: spki(), body: null, bodyComplete: true },
          );
        });
        return;
      }

      const stop = new AbortController();
      const client = new undici.Client(originOf({ ...target, spkiSha256: null }), { connect, headersTimeout: 0, bodyTimeout: 0, pipelining: 1 });
      closers.push(() => closeOutsideParser(stop, client));
      client
        .request({
          method: 'GET',
          path: target.path === '' ? '/' : target.path,
          signal: stop.signal,
          headers: {
            host: hostHeader(target),
            'user-agent': 'service-endpoint-test/1',
            accept: 'application/json',
            ...Object.fromEntries(target.headers),
            connection: 'close',
          },
        })
        .then(
          (response) => {
            const chunks: Buffer[] = [];
            let size = 0;
            // `complete` false: the body was cut at the bound, or ended before its declared end.
            const answer = (complete: boolean): void => {
              const body = Buffer.concat(chunks).subarray(0, limit).toString('utf8');
              finish({ kind: 'answered', status: response.statusCode, spkiSha256: spki(), body, bodyComplete: complete });
            };
            response.body.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
              size += chunk.length;
              if (size > limit) answer(false);
            });
            response.body.on('end', () => answer(true));
            response.body.on('error', () => answer(false));
          },
          (error: unknown) => finish(failed(error)),
        );
    });
  }
}
