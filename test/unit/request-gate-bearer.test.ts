import { randomBytes } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_CONTRACT } from '../../src/contract/api-version.js';
import { PASS, RequestGate } from '../../src/http/request-gate.js';

/**
 * The bearer comparison of the request gate, one case per length class of the presented token:
 * empty, shorter, the bearer's length (right, wrong in one byte, wrong in its bytes above ASCII),
 * longer, much longer. The length is checked before the constant-time comparison, which compares
 * a buffer of the request's own: a request never sees what an earlier one presented.
 */

const BEARER = randomBytes(32).toString('base64url');
const BUILD = 'bearer-test+1';

function request(authorization: string): IncomingMessage {
  const message = new IncomingMessage(new Socket());
  message.url = '/api/v1/health';
  message.rawHeaders = ['Host', '127.0.0.1', 'Authorization', authorization, 'X-Service-API-Version', API_CONTRACT, 'X-Service-App-Build', BUILD];
  return message;
}

const verdict = (gate: RequestGate, token: string): string | number => gate.check(request(`Bearer ${token}`));

describe('bearer comparison by length class', () => {
  const gate = new RequestGate({ bearer: BEARER, appBuild: BUILD });

  it('the bearer itself passes; the scheme is case-insensitive', () => {
    expect(BEARER).toHaveLength(43);
    expect(verdict(gate, BEARER)).toBe(PASS);
    expect(gate.check(request(`bEaReR ${BEARER}`))).toBe(PASS);
  });

  it.each([
    ['empty', ''],
    ['one character', BEARER.slice(0, 1)],
    ['one shorter (a prefix)', BEARER.slice(0, 42)],
    ['one longer (the bearer and one more)', `${BEARER}A`],
    ['twice the length', BEARER + BEARER],
    ['8 KiB', 'A'.repeat(8192)],
  ])('%s: refused', (_name, token) => {
    expect(verdict(gate, token)).toBe('AUTH_BEARER_INVALID');
  });

  it('the same length, wrong in any one position: refused', () => {
    fc.assert(
      fc.property(fc.nat({ max: 42 }), fc.constantFrom('A', 'b', '-', '_', '9'), (at, replacement) => {
        fc.pre(BEARER[at] !== replacement);
        expect(verdict(gate, `${BEARER.slice(0, at)}${replacement}${BEARER.slice(at + 1)}`)).toBe('AUTH_BEARER_INVALID');
      }),
    );
  });

  it('the same length in characters but bytes above ASCII (latin1 header text): refused', () => {
    expect(verdict(gate, `${BEARER.slice(0, 42)}\u00e9`)).toBe('AUTH_BEARER_INVALID');
    expect(verdict(gate, '\u00ff'.repeat(43))).toBe('AUTH_BEARER_INVALID');
  });

  it('a shorter token after the right one is refused: nothing of an earlier request is kept', () => {
    expect(verdict(gate, BEARER)).toBe(PASS);
    expect(verdict(gate, BEARER.slice(0, 40))).toBe('AUTH_BEARER_INVALID');
    expect(verdict(gate, BEARER.slice(0, 42))).toBe('AUTH_BEARER_INVALID');
    expect(verdict(gate, BEARER)).toBe(PASS);
  });
});
