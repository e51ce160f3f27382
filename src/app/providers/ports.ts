import type { ProviderCredentialReference, SecretPresence } from '../../contract/providers.js';

/**
 * What the provider and consent services need from the world. Infra implements these; tests
 * inject doubles. DNS, TLS trust, the clock and the keyring never appear here as concrete classes.
 */

/** Presence of a credential, never its value. The keyring adapter implements it. */
export interface CredentialPresence {
  status(reference: ProviderCredentialReference): Promise<SecretPresence>;
}

/** Name resolution: every address of a name (A and AAAA), as numeric text. Throws when it fails. */
export interface HostResolver {
  resolve(hostname: string): Promise<readonly string[]>;
}

export interface ProbeTarget {
  readonly scheme: 'http' | 'https';
  /** The name the endpoint carries: Host header, SNI and certificate check use it. */
  readonly hostname: string;
  readonly port: number;
  /** The validated numeric address to connect to; the probe never resolves anything itself. */
  readonly address: string;
  /** Request path of the test, e.g. `/api/version`. */
  readonly path: string;
  /** False: connect (and handshake TLS) only, send no request. */
  readonly sendRequest: boolean;
  /** Extra request headers the provider documents for its test path (never a credential). */
  readonly headers: readonly (readonly [string, string])[];
  readonly timeoutMs: number;
}

export type TlsFailure = 'hostname_mismatch' | 'certificate_untrusted' | 'certificate_expired' | 'handshake_failed';

export type ProbeOutcome =
  | {
      readonly kind: 'answered';
      readonly status: number | null;
      readonly spkiSha256: string | null;
      /** The answer's body (identity or chunked, decoded), at most maxProbeAnswerBytes; null without a request. */
      readonly body: string | null;
      /** False when the body was cut at maxProbeAnswerBytes. */
      readonly bodyComplete: boolean;
    }
  | { readonly kind: 'tls_failed'; readonly failure: TlsFailure }
  | { readonly kind: 'unreachable' }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'protocol_error' };

/**
 * Connects directly to one numeric address (no proxy, no redirect, no session reuse), verifies TLS
 * against the name, and reads one bounded answer (status and body).
 */
export interface EndpointProber {
  probe(target: ProbeTarget): Promise<ProbeOutcome>;
}

/**
 * How sockets to a validated address are made: the trusted roots (absent: Node's bundled roots) and
 * where a socket for an address really goes (absent: the address itself). The endpoint probe and the
 * provider wire clients use the same transport; only a test composition sets either.
 */
export interface EndpointTransport {
  readonly ca?: readonly string[];
  readonly dial?: (address: string, port: number) => { readonly host: string; readonly port: number };
}

export interface Clock {
  now(): Date;
}

export const SYSTEM_CLOCK: Clock = { now: () => new Date() };

/** The system clocks' sleep: resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
