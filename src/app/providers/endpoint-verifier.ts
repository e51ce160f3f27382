import { createHash } from 'node:crypto';
import { PROVIDER_LIMITS } from '../../contract/limits.js';
import type { CatalogueProbe } from '../../contract/provider-entry.js';
import type { ProviderId, ProviderKind } from '../../contract/providers.js';
import { ServiceError } from '../service-error.js';
import { parseAddress, type ParsedAddress } from './address-class.js';
import type { ProviderEntry } from './catalog.js';
import { judgeProbeAnswer, probeRemediation } from './endpoint-answer.js';
import { checkEndpointUrl, destinationRefusal, type EndpointRejection, type EndpointTarget } from './endpoint-policy.js';
import type { EndpointProber, HostResolver } from './ports.js';

/** A tested endpoint: where exactly a connection goes, and the identity that names it. */
export interface VerifiedEndpoint {
  readonly providerId: ProviderId;
  readonly kind: ProviderKind;
  readonly url: string;
  readonly scheme: 'http' | 'https';
  readonly hostname: string;
  readonly port: number;
  readonly basePath: string;
  readonly destination: string;
  /** Every validated address of the name, sorted (IPv4 first). */
  readonly addresses: readonly string[];
  /** The numeric address every connection must use. */
  readonly pinnedAddress: string;
  /** The TLS server name (SNI and certificate check); null for plain loopback http. */
  readonly servername: string | null;
  /** SHA-256 (hex) of the leaf certificate's SubjectPublicKeyInfo; null without TLS. */
  readonly spkiSha256: string | null;
  /** SHA-256 destination identity (contract.md section 9). */
  readonly identity: string;
}

function endpointRejected(
  reason: EndpointRejection,
  extra: readonly { name: string; value: string | number }[] = [],
  probe: CatalogueProbe | null = null,
): ServiceError {
  return new ServiceError('ENDPOINT_REJECTED', [{ name: 'reason', value: reason }, ...extra], probeRemediation(probe, reason));
}

/** The destination identity: SHA-256 over provider, scheme, host, port, resolved addresses and the TLS key. */
function destinationIdentity(parts: {
  readonly providerId: ProviderId;
  readonly scheme: string;
  readonly hostname: string;
  readonly port: number;
  readonly addresses: readonly string[];
  readonly spkiSha256: string | null;
}): string {
  const text = [
    'service.destination-identity/1',
    parts.providerId,
    parts.scheme,
    parts.hostname,
    String(parts.port),
    parts.addresses.join(','),
    parts.spkiSha256 ?? '',
  ].join('\n');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function sortAddresses(addresses: readonly ParsedAddress[]): string[] {
  const unique = new Map<string, ParsedAddress>();
  for (const address of addresses) unique.set(address.canonical, address);
  return [...unique.values()]
    .sort((a, b) => a.family - b.family || (a.canonical < b.canonical ? -1 : a.canonical > b.canonical ? 1 : 0))
    .map((address) => address.canonical);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    timer.unref?.();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('resolution failed'));
      },
    );
  });
}

export interface VerifyOptions {
  /**
   * True: one GET of the provider's test path (the explicit endpoint test), whose answer must have
   * the provider's own shape. False: connect and TLS only.
   */
  readonly sendRequest: boolean;
}

/**
 * Resolves, validates, pins and probes one endpoint (spec section 4, endpoint-validation rules).
 * A cloud name is resolved twice; every address of both answers must be global unicast and the
 * answers must agree. The probe connects to the pinned numeric address only.
 */
export class EndpointVerifier {
  constructor(
    private readonly resolver: HostResolver,
    private readonly prober: EndpointProber,
  ) {}

  /** The text rules alone (no network): throws ENDPOINT_REJECTED with the reason. */
  target(entry: ProviderEntry, raw: string): EndpointTarget {
    const result = checkEndpointUrl(entry, raw);
    if (!result.ok) throw endpointRejected(result.reason);
    return result.target;
  }

  async verify(entry: ProviderEntry, raw: string, options: VerifyOptions): Promise<VerifiedEndpoint> {
    const target = this.target(entry, raw);
    const addresses = target.literalAddress !== null ? [target.literalAddress] : await this.resolveTwice(target.hostname);
    // cast: a literal address is one element, and resolveTwice throws unless the resolver answered at least one address
    const pinnedAddress = addresses[0] as string;
    const outcome = await this.prober.probe({
      scheme: target.scheme,
      hostname: target.hostname,
      port: target.port,
      address: pinnedAddress,
      path: `${target.basePath}${entry.probe.path}`,
      sendRequest: options.sendRequest,
      headers: entry.probe.headers,
      timeoutMs: PROVIDER_LIMITS.probeTimeoutMs,
    });
    switch (outcome.kind) {
      case 'tls_failed':
        throw endpointRejected('tls_failed', [{ name: 'tls', value: outcome.failure }]);
      case 'unreachable':
        throw endpointRejected('unreachable', [], entry.probe);
      case 'timeout':
        throw endpointRejected('timeout');
      case 'protocol_error':
        throw endpointRejected('protocol_error');
      case 'answered':
        break;
    }
    if (outcome.status !== null && outcome.status >= 300 && outcome.status <= 399) throw endpointRejected('redirect');
    if (outcome.status !== null) {
      const refusal = judgeProbeAnswer(entry.probe, outcome.status, outcome.body ?? '', outcome.bodyComplete);
      if (refusal) throw endpointRejected(refusal, [{ name: 'upstream_status', value: outcome.status }], entry.probe);
    }
    if (target.scheme === 'https' && outcome.spkiSha256 === null) throw endpointRejected('tls_failed', [{ name: 'tls', value: 'handshake_failed' }]);
    const spkiSha256 = target.scheme === 'https' ? outcome.spkiSha256 : null;
    return {
      providerId: target.providerId,
      kind: target.kind,
      url: target.url,
      scheme: target.scheme,
      hostname: target.hostname,
      port: target.port,
      basePath: target.basePath,
      destination: target.destination,
      addresses,
      pinnedAddress,
      servername: target.scheme === 'https' ? target.hostname : null,
      spkiSha256,
      identity: destinationIdentity({
        providerId: target.providerId,
        scheme: target.scheme,
        hostname: target.hostname,
        port: target.port,
        addresses,
        spkiSha256,
      }),
    };
  }

  private async resolveOnce(hostname: string): Promise<string[]> {
    let answer: readonly string[] | 'timeout';
    try {
      answer = await withTimeout(this.resolver.resolve(hostname), PROVIDER_LIMITS.probeTimeoutMs);
    } catch {
      throw endpointRejected('resolution_failed');
    }
    if (answer === 'timeout') throw endpointRejected('resolution_failed');
    if (answer.length === 0) throw endpointRejected('resolution_empty');
    if (answer.length > PROVIDER_LIMITS.maxResolvedAddresses) throw endpointRejected('too_many_addresses');
    const parsed: ParsedAddress[] = [];
    for (const text of answer) {
      const address = typeof text === 'string' ? parseAddress(text) : null;
      if (!address) throw endpointRejected('resolution_failed');
      const refusal = destinationRefusal(address.class);
      if (refusal) throw endpointRejected(refusal);
      parsed.push(address);
    }
    return sortAddresses(parsed);
  }

  private async resolveTwice(hostname: string): Promise<string[]> {
    const first = await this.resolveOnce(hostname);
    const second = await this.resolveOnce(hostname);
    if (first.length !== second.length || first.some((address, index) => address !== second[index])) throw endpointRejected('resolution_changed');
    return first;
  }
}
