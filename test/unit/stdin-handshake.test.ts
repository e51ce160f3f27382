// The handshake deadline (HANDSHAKE.timeoutMs) on the real reader over a real stream, with the
// clock faked: the launch tests in test/e2e show that every refusal exits 2 with its reason.
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newBearer } from '../../client/launcher.js';
import { HANDSHAKE } from '../../src/contract/limits.js';
import { readHandshake, type HandshakeResult } from '../../src/infra/launch/stdin-handshake.js';

const line = (bearer: string): string => `${JSON.stringify({ bearer, app_build: '0.9.0-test' })}\n`;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** What the reader has settled on so far; undefined while it still waits. */
function watch(input: PassThrough): { result: () => HandshakeResult | undefined } {
  let result: HandshakeResult | undefined;
  void readHandshake(input).then((settled) => (result = settled));
  return { result: () => result };
}

describe('the stdin handshake deadline', () => {
  it('refuses a handshake that has not arrived after HANDSHAKE.timeoutMs, and ignores what comes later', async () => {
    const input = new PassThrough();
    const reader = watch(input);
    await vi.advanceTimersByTimeAsync(HANDSHAKE.timeoutMs - 1);
    expect(reader.result()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(reader.result()).toEqual({ ok: false, reason: 'handshake_timeout' });
    input.write(line(newBearer()));
    await vi.advanceTimersByTimeAsync(0);
    expect(reader.result()).toEqual({ ok: false, reason: 'handshake_timeout' });
  });

  it('accepts a handshake that completes just inside the deadline, even in pieces', async () => {
    const input = new PassThrough();
    const reader = watch(input);
    const bearer = newBearer();
    const text = line(bearer);
    input.write(text.slice(0, 10));
    await vi.advanceTimersByTimeAsync(HANDSHAKE.timeoutMs - 1);
    input.write(text.slice(10));
    await vi.advanceTimersByTimeAsync(0);
    expect(reader.result()).toEqual({ ok: true, handshake: { bearer, app_build: '0.9.0-test' } });
    // Settled: the deadline no longer fires.
    await vi.advanceTimersByTimeAsync(HANDSHAKE.timeoutMs);
    expect(reader.result()).toEqual({ ok: true, handshake: { bearer, app_build: '0.9.0-test' } });
  });
});
