import { createHash, X509Certificate } from 'node:crypto';
import type { GenerationRequest } from '../../../src/app/providers/model-provider.js';
import type { PinnedEndpoint } from '../../../src/app/providers/preflight.js';
import { CHAT_LIMITS } from '../../../src/contract/limits.js';
import type { ProviderId } from '../../../src/contract/providers.js';
import type { RetryClock } from '../../../src/infra/providers/retry-policy.js';
import type { FakeProvider } from '../../support/provider-fakes/index.js';
import type { TestPki } from '../../support/test-pki.js';

/** A test credential made at run time; it must never appear in an answer, a failure or a log line. */
export const SECRET_KEY = `sk-test-${createHash('sha256').update(String(process.pid)).digest('hex').slice(0, 24)}`;

export function endpointFor(fake: FakeProvider, providerId: ProviderId, pki?: TestPki, hostname = 'api.fake.test'): PinnedEndpoint {
  const basePath = providerId === 'openai_compatible' || providerId === 'openai' ? '/v1' : '';
  if (!pki) {
    return {
      url: `http://127.0.0.1:${fake.port}${basePath}`,
      scheme: 'http',
      hostname: '127.0.0.1',
      port: fake.port,
      basePath,
      address: '127.0.0.1',
      servername: null,
      spkiSha256: null,
      destinationIdentity: '0'.repeat(64),
    };
  }
  const spki = new X509Certificate(pki.leaf.cert).publicKey.export({ type: 'spki', format: 'der' });
  return {
    url: `https://${hostname}:${fake.port}${basePath}`,
    scheme: 'https',
    hostname,
    port: fake.port,
    basePath,
    address: '127.0.0.1',
    servername: hostname,
    spkiSha256: createHash('sha256').update(spki).digest('hex'),
    destinationIdentity: '0'.repeat(64),
  };
}

export function generationRequest(providerId: ProviderId, endpoint: PinnedEndpoint, overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    providerId,
    model: 'fake-model',
    endpoint,
    credential: providerId === 'ollama' ? null : SECRET_KEY,
    system: 'SYSTEM INSTRUCTION',
    messages: [{ role: 'user', content: 'Wer war Johann?' }],
    maxOutputTokens: 64,
    temperature: 0.2,
    maxOutputCharacters: CHAT_LIMITS.maxMessageCharacters,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/**
 * A retry clock on virtual time: `sleep` returns at once and records the pause it was asked for.
 * Its timers (run deadline, idle bound) fire only when `advance` moves virtual time past them.
 */
export function instantClock(): { readonly clock: RetryClock; readonly pauses: number[]; advance(ms: number): void; armed(): number } {
  let now = 1_000_000;
  const pauses: number[] = [];
  const timers = new Set<{ readonly at: number; readonly fire: () => void }>();
  return {
    pauses,
    clock: {
      now: () => now,
      sleep: (ms) => {
        pauses.push(ms);
        now += ms;
        return Promise.resolve();
      },
      after: (ms, fire) => {
        const timer = { at: now + ms, fire };
        timers.add(timer);
        return () => timers.delete(timer);
      },
    },
    advance(ms) {
      now += ms;
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at > now) continue;
        timers.delete(timer);
        timer.fire();
      }
    },
    armed: () => timers.size,
  };
}
