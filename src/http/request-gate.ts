import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { API_CONTRACT, isValidBuild } from '../contract/api-version.js';
import type { ErrorCode } from '../contract/error-codes.js';

/**
 * Headers that reveal a browser, a cookie jar, an origin or a proxy (contract.md section 2, rule 3):
 * the contract's list, and the others of the same kinds that browsers and proxies send.
 */
const REJECTED_METADATA: ReadonlySet<string> = new Set([
  'origin',
  'referer',
  'cookie',
  'cookie2',
  'forwarded',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'x-cluster-client-ip',
  'cf-connecting-ip',
  'x-original-url',
  'x-rewrite-url',
  'x-http-method-override',
  'x-method-override',
  'x-requested-with',
  'upgrade-insecure-requests',
  'purpose',
  'via',
  'proxy-authorization',
  'proxy-connection',
  'upgrade',
]);

/**
 * Every `Sec-` header (fetch metadata, client hints, Sec-Purpose, Sec-WebSocket-*: only a browser
 * may send them) except `Sec-Fetch-Mode`, which Node's own fetch sends; CORS preflight questions;
 * proxy forwarding (`X-Forwarded`, `X-Forwarded-*`).
 */
function isRejectedMetadata(name: string): boolean {
  if (REJECTED_METADATA.has(name)) return true;
  if (name.startsWith('sec-')) return name !== 'sec-fetch-mode';
  return name.startsWith('x-forwarded') || name.startsWith('access-control-request-');
}

/** `Bearer`, in any letter case, at the start of `header` (ASCII letters: `| 0x20` folds them to lower case). */
function isBearerScheme(header: string): boolean {
  return (
    (header.charCodeAt(0) | 0x20) === 0x62 &&
    (header.charCodeAt(1) | 0x20) === 0x65 &&
    (header.charCodeAt(2) | 0x20) === 0x61 &&
    (header.charCodeAt(3) | 0x20) === 0x72 &&
    (header.charCodeAt(4) | 0x20) === 0x65 &&
    (header.charCodeAt(5) | 0x20) === 0x72
  );
}

/** A Content-Length that announces no body. */
const ZERO_LENGTH = /^0+$/;

export const PASS = 0;
export const PASS_WITH_BODY = 1;

export interface GateIdentity {
  /** The bearer fixed at construction (BEARER_PATTERN: 43 ASCII characters). */
  readonly bearer: string;
  readonly appBuild: string;
}

/**
 * The request gate of contract.md section 2, rules 1 to 5 (and the origin-form target after rule 1), evaluated on the raw request
 * before routing and before any body byte is read. It answers the first failing rule's
 * code, or null when the request may proceed to routing.
 */
export class RequestGate {
  private readonly bearerBytes: Buffer;
  private readonly presented: Buffer;
  private readonly appBuild: string;
  /** Whether the paired build is a valid build string: a presented build equal to it is then valid too. */
  private readonly appBuildValid: boolean;
  private hostWithPort = '\u0000';

  constructor(identity: GateIdentity) {
    this.bearerBytes = Buffer.from(identity.bearer, 'latin1');
    this.presented = Buffer.alloc(this.bearerBytes.length);
    this.appBuild = identity.appBuild;
    this.appBuildValid = isValidBuild(identity.appBuild);
  }

  /** The bound port is known only after listen; the Host rule accepts it from then on. */
  bindPort(port: number): void {
    this.hostWithPort = `127.0.0.1:${port}`;
  }

  /**
   * The verdict on the raw request: a refusal code, or `PASS` / `PASS_WITH_BODY` (the request
   * announces a body by Content-Length other than 0 or by Transfer-Encoding).
   */
  check(req: IncomingMessage): ErrorCode | typeof PASS | typeof PASS_WITH_BODY {
    const raw = req.rawHeaders;
    let authorization: string | undefined;
    let authorizationCount = 0;
    let host: string | undefined;
    let hostCount = 0;
    let metadata = false;
    let apiVersion: string | undefined;
    let apiVersionCount = 0;
    let appBuild: string | undefined;
    let appBuildCount = 0;
    let body = false;
    for (let i = 0; i < raw.length; i += 2) {
      // cast: i < raw.length, and node:http's rawHeaders alternates name and value, so raw[i + 1] is there too
      const name = (raw[i] as string).toLowerCase();
      // cast: rawHeaders comes in name/value pairs (see above)
      const value = raw[i + 1] as string;
      switch (name) {
        case 'authorization':
          authorization = value;
          authorizationCount++;
          break;
        case 'host':
          host = value;
          hostCount++;
          break;
        case 'x-service-api-version':
          apiVersion = value;
          apiVersionCount++;
          break;
        case 'x-service-app-build':
          appBuild = value;
          appBuildCount++;
          break;
        case 'content-length':
          // Node's parser has checked the digits: `0`, `00`, ... announce no body.
          if (!ZERO_LENGTH.test(value)) body = true;
          break;
        case 'transfer-encoding':
          body = true;
          break;
        default:
          if (isRejectedMetadata(name)) metadata = true;
      }
    }
    if (authorizationCount !== 1 || authorization === undefined || !this.bearerMatches(authorization)) return 'AUTH_BEARER_INVALID';
    // Origin-form only (`/path?query`): an absolute-form (`http://host/path`), authority-form or
    // asterisk-form target is refused whatever its Host (contract.md section 11).
    if ((req.url ?? '').charCodeAt(0) !== 0x2f) return 'REQUEST_TARGET_REJECTED';
    if (hostCount !== 1 || (host !== '127.0.0.1' && host !== this.hostWithPort)) return 'REQUEST_HOST_REJECTED';
    if (metadata) return 'REQUEST_METADATA_REJECTED';
    if (apiVersionCount !== 1 || apiVersion !== API_CONTRACT) return 'API_VERSION_UNSUPPORTED';
    if (appBuildCount !== 1 || appBuild !== this.appBuild || !this.appBuildValid) return 'APP_BUILD_MISMATCH';
    return body ? PASS_WITH_BODY : PASS;
  }

  private bearerMatches(header: string): boolean {
    // Scheme matched case-insensitively, exactly one space, then the token.
    if (header.length < 8 || header.charCodeAt(6) !== 32 || !isBearerScheme(header)) return false;
    // The length first: the contract fixes it (43 characters), so refusing another length at once
    // tells nothing about the bearer. Then the token's bytes (header values are latin1 text of the
    // bytes received), written into the gate's one presented-token buffer (a check runs to its end
    // before another starts), are compared in constant time.
    if (header.length - 7 !== this.bearerBytes.length) return false;
    this.presented.write(header.slice(7), 0, 'latin1');
    return timingSafeEqual(this.presented, this.bearerBytes);
  }
}
