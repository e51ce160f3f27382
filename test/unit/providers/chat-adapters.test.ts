import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderFailure, type ChatProvider, type GenerationRequest } from '../../../src/app/providers/model-provider.js';
import type { PinnedEndpoint } from '../../../src/app/providers/preflight.js';
import { CHAT_LIMITS } from '../../../src/contract/limits.js';
import type { ProviderId } from '../../../src/contract/providers.js';
import { createChatProviders } from '../../../src/infra/providers/chat-providers.js';
import { RETRY_POLICIES } from '../../../src/infra/providers/wire-table.js';
import { endpointFor, generationRequest, instantClock, SECRET_KEY } from './adapter-support.js';
import { startFakeProvider, type FakeProvider, type FakeReply, type WireKind } from '../../support/provider-fakes/index.js';
import { createTestPki, type TestPki } from '../../support/test-pki.js';

const TEXT = ['Grüße aus ', 'dem 🌳 Stammbaum: ', '家族', ' — fin.'];
const request = generationRequest;

async function collect(
  provider: ChatProvider,
  generation: GenerationRequest,
): Promise<{ text: string; pieces: number; outcome: Awaited<ReturnType<ChatProvider['generate']>> }> {
  let text = '';
  let pieces = 0;
  const outcome = await provider.generate(generation, {
    text: (piece) => {
      expect(piece.length).toBeGreaterThan(0);
      text += piece;
      pieces++;
    },
  });
  return { text, pieces, outcome };
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderFailure);
    return error as ProviderFailure;
  }
  throw new Error('expected a ProviderFailure');
}

interface Case {
  readonly providerId: ProviderId;
  readonly kind: WireKind;
  readonly tls: boolean;
}

const CASES: readonly Case[] = [
  { providerId: 'ollama', kind: 'ollama', tls: false },
  { providerId: 'openai_compatible', kind: 'openai', tls: false },
  { providerId: 'openai', kind: 'openai', tls: true },
  { providerId: 'anthropic', kind: 'anthropic', tls: true },
];

let pki: TestPki;
beforeAll(() => {
  pki = createTestPki(['api.fake.test']);
});

describe.each(CASES)('$providerId adapter against its wire fake', ({ providerId, kind, tls }) => {
  let fake: FakeProvider;
  let providers: ReturnType<typeof createChatProviders>;
  let endpoint: PinnedEndpoint;

  let pauses: number[];
  let virtual: ReturnType<typeof instantClock>;

  beforeAll(async () => {
    fake = await startFakeProvider(kind, tls ? pki.leaf : undefined, { flavour: providerId === 'openai_compatible' ? 'llamacpp' : 'openai' });
    virtual = instantClock();
    pauses = virtual.pauses;
    providers = createChatProviders(tls ? { ca: [pki.caCert] } : {}, { idleTimeoutMs: 2_000 }, virtual.clock);
    endpoint = endpointFor(fake, providerId, tls ? pki : undefined);
  });
  afterEach(() => {
    fake.reset();
    pauses.length = 0;
  });
  afterAll(() => fake.close());

  it.each([1, 2, 3, 5, 7, 64])('reassembles text cut every %i bytes, through lines and UTF-8 characters', async (splitBytes) => {
    fake.script({ kind: 'text', answer: { pieces: TEXT }, splitBytes });
    const { text, outcome } = await collect(providers[providerId], request(providerId, endpoint));
    expect(text).toBe(TEXT.join(''));
    expect(outcome).toMatchObject({ outcome: 'completed', finishReason: 'stop', attempts: 1 });
    expect(fake.calls()).toBe(1);
  });

  it('reports the token counts the answer carried (Ollama and Anthropic always; OpenAI-compatible only with a usage chunk, which is not asked for)', async () => {
    fake.script({ kind: 'text', answer: { pieces: TEXT } });
    const { outcome } = await collect(providers[providerId], request(providerId, endpoint));
    const expected = kind === 'ollama' ? { input: 169, output: TEXT.length } : kind === 'anthropic' ? { input: 25, output: TEXT.length } : undefined;
    expect(outcome.usage).toEqual(expected);
  });

  it('ignores keep-alives, pings and unknown events, and reports a length finish', async () => {
    fake.script({ kind: 'text', answer: { pieces: TEXT, keepAlive: true, finish: 'length' } });
    const { text, outcome } = await collect(providers[providerId], request(providerId, endpoint));
    expect(text).toBe(TEXT.join(''));
    expect(outcome).toMatchObject({ outcome: 'truncated', finishReason: 'length' });
  });

  it('sends the system instruction, the exact model, temperature and the output-token bound, and no tools', async () => {
    fake.script({ kind: 'text', answer: { pieces: ['ok'] } });
    await collect(providers[providerId], request(providerId, endpoint, { temperature: 0.7, maxOutputTokens: 33 }));
    const body = fake.recorded[0]?.body as Record<string, unknown>;
    expect(body.model).toBe('fake-model');
    expect(body.stream).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/tool|function/);
    if (kind === 'anthropic') {
      expect(body.system).toBe('SYSTEM INSTRUCTION');
      expect(body).toMatchObject({ max_tokens: 33, temperature: 0.7 });
      expect(fake.recorded[0]?.headers['x-api-key']).toBe(SECRET_KEY);
      expect(fake.recorded[0]?.headers['anthropic-version']).toBe('2023-06-01');
    } else {
      expect((body.messages as { role: string; content: string }[])[0]).toEqual({ role: 'system', content: 'SYSTEM INSTRUCTION' });
      if (kind === 'ollama') expect(body.options).toEqual({ temperature: 0.7, num_predict: 33 });
      else {
        expect(body.temperature).toBe(0.7);
        expect(body[providerId === 'openai' ? 'max_completion_tokens' : 'max_tokens']).toBe(33);
        expect(fake.recorded[0]?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      }
    }
    if (tls) expect(fake.recorded[0]?.servername).toBe('api.fake.test');
    expect(fake.recorded[0]?.headers.host).toBe(tls ? `api.fake.test:${fake.port}` : `127.0.0.1:${fake.port}`);
  });

  it('retries an overloaded answer before any output, within the safe-retry bound, on the injected clock', async () => {
    fake.script({ kind: 'status', status: 503 }, { kind: 'refuse' }, { kind: 'text', answer: { pieces: ['late'] } });
    const { text, outcome } = await collect(providers[providerId], request(providerId, endpoint));
    expect(text).toBe('late');
    expect(outcome.attempts).toBe(3);
    expect(fake.calls()).toBe(1 + CHAT_LIMITS.safeRetries);
    expect(pauses).toEqual([RETRY_POLICIES[providerId].backoffMs(1), RETRY_POLICIES[providerId].backoffMs(2)]);
  });

  it('gives up after the safe retries with a sanitized code', async () => {
    fake.setFallback({ kind: 'status', status: 429 });
    try {
      const failure = await failureOf(collect(providers[providerId], request(providerId, endpoint)));
      expect(failure.code).toBe('PROVIDER_RATE_LIMITED');
      expect(failure.message).toBe('PROVIDER_RATE_LIMITED');
      expect(fake.calls()).toBe(1 + CHAT_LIMITS.safeRetries);
    } finally {
      fake.setFallback({ kind: 'text', answer: { pieces: ['Hello'] } });
    }
  });

  it.each(RETRY_POLICIES[providerId].retryStatuses.map((status) => [status]))(
    'retries status %i of its declared policy once output has not begun',
    async (status) => {
      fake.script({ kind: 'status', status }, { kind: 'text', answer: { pieces: ['after overload'] } });
      const { text, outcome } = await collect(providers[providerId], request(providerId, endpoint));
      expect(text).toBe('after overload');
      expect(outcome.attempts).toBe(2);
    },
  );

  it.each([400, 401, 403, 404, 500, 529].filter((status) => !RETRY_POLICIES[providerId].retryStatuses.includes(status)).map((status) => [status]))(
    'does not retry status %i, outside its declared policy',
    async (status) => {
      fake.script({ kind: 'status', status }, { kind: 'text', answer: { pieces: ['never'] } });
      const failure = await failureOf(collect(providers[providerId], request(providerId, endpoint)));
      expect(failure.code).toMatch(/^PROVIDER_/);
      expect(fake.calls()).toBe(1);
    },
  );

  it('tells authentication, rate limits and a missing model apart, and keeps none of the error body', async () => {
    const codes: Record<number, string> = {};
    for (const status of [401, 404]) {
      fake.reset();
      fake.script({ kind: 'status', status });
      const failure = await failureOf(collect(providers[providerId], request(providerId, endpoint)));
      codes[status] = failure.code;
      expect(JSON.stringify({ ...failure, remediation: null })).not.toMatch(/upstream detail|not found|pulling|Invalid|Incorrect|x-api-key/);
      if (status === 404 && providerId !== 'openai_compatible') {
        expect(failure.details).toContainEqual({ name: 'model', value: 'fake-model' });
        if (providerId === 'ollama') expect(failure.remediation).toContain('ollama pull fake-model');
      }
    }
    expect(codes).toEqual({
      401: 'PROVIDER_AUTH_REJECTED',
      404: providerId === 'openai_compatible' ? 'PROVIDER_ENDPOINT_MISMATCH' : 'PROVIDER_MODEL_NOT_FOUND',
    });
  });

  it('reports a server that is not this API (a plain 404 page) as an endpoint mismatch', async () => {
    fake.script({ kind: 'status', status: 404, body: '<html><body>Not Found</body></html>', contentType: 'text/html' });
    const failure = await failureOf(collect(providers[providerId], request(providerId, endpoint)));
    expect(failure.code).toBe('PROVIDER_ENDPOINT_MISMATCH');
    expect(failure.remediation).toMatch(/base path/);
  });

  it('fails once, without retry, on a mid-stream error after output', async () => {
    fake.script({ kind: 'mid-stream-error', pieces: ['partial'] });
    const seen: string[] = [];
    const failure = await failureOf(providers[providerId].generate(request(providerId, endpoint), { text: (piece) => seen.push(piece) }));
    expect(failure).toMatchObject({ code: kind === 'anthropic' ? 'PROVIDER_UNAVAILABLE' : 'PROVIDER_FAILED', outputStarted: true });
    expect(seen.join('')).toBe('partial');
    expect(fake.calls()).toBe(1);
  });

  it('fails once, without retry, when the provider disconnects after output', async () => {
    fake.script({ kind: 'disconnect', pieces: ['Hal', 'f an an'] });
    const failure = await failureOf(collect(providers[providerId], request(providerId, endpoint)));
    expect(failure).toMatchObject({ code: 'PROVIDER_ANSWER_INCOMPLETE', outputStarted: true, cancelled: false });
    // A retry is made before the failure is answered, never after: one call means none was made.
    expect(fake.calls()).toBe(1);
  });

  it('cancels through the AbortSignal and closes the upstream socket', async () => {
    fake.script({ kind: 'endless', piece: 'more ', intervalMs: 5 });
    const abandoned = fake.nextAbandonment();
    const controller = new AbortController();
    let received = 0;
    const running = providers[providerId].generate(request(providerId, endpoint, { signal: controller.signal }), {
      text: () => {
        received++;
        if (received === 3) controller.abort();
      },
    });
    const failure = await failureOf(running);
    expect(failure.cancelled).toBe(true);
    await abandoned;
    expect(fake.calls()).toBe(1);
  });

  it('times out a silent provider on the idle bound (virtual time) and closes the socket', async () => {
    const time = instantClock();
    const quick = createChatProviders(tls ? { ca: [pki.caCert] } : {}, { idleTimeoutMs: 100 }, time.clock);
    fake.script({ kind: 'silent' });
    const called = fake.nextCall();
    const abandoned = fake.nextAbandonment();
    const failure = failureOf(collect(quick[providerId], request(providerId, endpoint)));
    await called;
    time.advance(99);
    expect(time.armed()).toBe(2);
    time.advance(1);
    expect((await failure).code).toBe('PROVIDER_TIMEOUT');
    expect(time.armed()).toBe(0);
    await abandoned;
    expect(fake.calls()).toBe(1);
  });

  it('waits for a slow first token within the bounds (virtual time just under the idle bound)', async () => {
    fake.script({ kind: 'text', answer: { pieces: ['slow', ' start'] }, firstTokenDelayMs: 50 });
    const called = fake.nextCall();
    const answer = collect(providers[providerId], request(providerId, endpoint));
    await called;
    virtual.advance(1_999);
    const { text } = await answer;
    expect(text).toBe('slow start');
  });

  it('stops at the output character bound without splitting a character', async () => {
    fake.script({ kind: 'endless', piece: 'a🌳', intervalMs: 1 });
    const abandoned = fake.nextAbandonment();
    const { text, outcome } = await collect(providers[providerId], request(providerId, endpoint, { maxOutputCharacters: 5 }));
    expect(text).toBe('a🌳a🌳a');
    expect(outcome).toMatchObject({ outcome: 'truncated', finishReason: 'length' });
    await abandoned;
  });

  it('treats a body that ends without any end of answer as a failure', async () => {
    fake.script({ kind: 'text', answer: { pieces: ['cut'], omitEndMarker: true } });
    if (kind === 'openai') {
      // OpenAI-compatible servers that omit [DONE] after a finish reason (ik_llama.cpp) are accepted.
      const { text } = await collect(providers[providerId], request(providerId, endpoint));
      expect(text).toBe('cut');
    } else {
      const failure = await failureOf(collect(providers[providerId], request(providerId, endpoint)));
      expect(failure).toMatchObject({ code: 'PROVIDER_ANSWER_INCOMPLETE', outputStarted: true });
      expect(fake.calls()).toBe(1);
    }
  });

  it('reports a refusal as refused, never as a reply', async () => {
    fake.script({ kind: 'text', answer: { pieces: ["I'm sorry, ", "I can't help with that."], finish: 'refusal' } });
    const { text, outcome } = await collect(providers[providerId], request(providerId, endpoint));
    if (kind === 'ollama') {
      // Ollama has no refusal signal: the text is an ordinary answer.
      expect(outcome.outcome).toBe('completed');
    } else {
      expect(outcome.outcome).toBe('refused');
      if (kind === 'openai') expect(text).toBe('');
    }
  });

  it('answers a request with stream: false as one JSON document (the fake honours it)', async () => {
    const { nonStreamBody } = await import('../../support/provider-fakes/index.js');
    expect(JSON.parse(nonStreamBody(kind, { pieces: ['a', 'b'] }))).toBeTruthy();
  });

  if (tls) {
    it('refuses a certificate from another CA and a leaf key other than the pinned one, without retry', async () => {
      const untrusted = createChatProviders({}, {}, instantClock().clock);
      const first = await failureOf(collect(untrusted[providerId], request(providerId, endpoint)));
      expect(first.code).toBe('PROVIDER_UNAVAILABLE');
      const pinnedElsewhere = { ...endpoint, spkiSha256: 'f'.repeat(64) };
      const second = await failureOf(collect(providers[providerId], request(providerId, pinnedElsewhere)));
      expect(second.code).toBe('PROVIDER_UNAVAILABLE');
      const wrongName = { ...endpoint, hostname: 'elsewhere.test', servername: 'elsewhere.test' };
      const third = await failureOf(collect(providers[providerId], request(providerId, wrongName)));
      expect(third.code).toBe('PROVIDER_UNAVAILABLE');
      expect(fake.calls()).toBe(0);
    });
  }
});

describe('safe retries never follow output', () => {
  it('a refused connection is retried, a disconnect after output is not', async () => {
    const fake = await startFakeProvider('ollama');
    try {
      const providers = createChatProviders({}, {}, instantClock().clock);
      const endpoint = endpointFor(fake, 'ollama');
      fake.script({ kind: 'disconnect', pieces: [] }, { kind: 'text', answer: { pieces: ['second'] } });
      const { text, outcome } = await collect(providers.ollama, request('ollama', endpoint));
      expect(text).toBe('second');
      expect(outcome.attempts).toBe(2);
      const replies: FakeReply[] = [
        { kind: 'disconnect', pieces: ['x'] },
        { kind: 'text', answer: { pieces: ['never'] } },
      ];
      fake.reset();
      fake.script(...replies);
      const failure = await failureOf(collect(providers.ollama, request('ollama', endpoint)));
      expect(failure.outputStarted).toBe(true);
      expect(fake.calls()).toBe(1);
    } finally {
      await fake.close();
    }
  });
});

describe('shapes real servers send that the adapters used to take for complete answers', () => {
  let ollama: FakeProvider;
  let llama: FakeProvider;
  let anthropic: FakeProvider;
  let virtual: ReturnType<typeof instantClock>;
  let providers: ReturnType<typeof createChatProviders>;
  beforeAll(async () => {
    ollama = await startFakeProvider('ollama');
    llama = await startFakeProvider('openai', undefined, { flavour: 'llamacpp' });
    anthropic = await startFakeProvider('anthropic');
  });
  afterAll(async () => {
    await Promise.all([ollama.close(), llama.close(), anthropic.close()]);
  });
  afterEach(() => {
    for (const fake of [ollama, llama, anthropic]) fake.reset();
  });
  beforeAll(() => {
    virtual = instantClock();
    providers = createChatProviders({}, {}, virtual.clock);
  });

  it("llama.cpp's `error:` field then [DONE] is a context failure, not an empty success", async () => {
    llama.script({ kind: 'llamacpp-error', pieces: ['Johann'] });
    const failure = await failureOf(collect(providers.openai_compatible, request('openai_compatible', endpointFor(llama, 'openai_compatible'))));
    expect(failure).toMatchObject({ code: 'PROVIDER_CONTEXT_EXCEEDED', outputStarted: true });
    expect(failure.remediation).toMatch(/context/);
  });

  it('[DONE] without any finish reason is an incomplete answer', async () => {
    llama.script({ kind: 'done-without-finish', pieces: ['Johann', ' Meier'] });
    const failure = await failureOf(collect(providers.openai_compatible, request('openai_compatible', endpointFor(llama, 'openai_compatible'))));
    expect(failure.code).toBe('PROVIDER_ANSWER_INCOMPLETE');
  });

  it("Anthropic's model_context_window_exceeded is truncation by the context window", async () => {
    anthropic.script({ kind: 'text', answer: { pieces: ['Johann Meier'], finish: 'context_window' } });
    const { outcome } = await collect(providers.anthropic, request('anthropic', endpointFor(anthropic, 'anthropic')));
    expect(outcome).toMatchObject({ outcome: 'truncated', finishReason: 'context_window' });
  });

  it("Anthropic's in-stream overloaded_error before any output is retried like HTTP 529", async () => {
    anthropic.script({ kind: 'stream-error' }, { kind: 'text', answer: { pieces: ['after'] } });
    const { text, outcome } = await collect(providers.anthropic, request('anthropic', endpointFor(anthropic, 'anthropic')));
    expect([text, outcome.attempts]).toEqual(['after', 2]);
  });

  it("Ollama's 500 (a model that fails to load) is not retried", async () => {
    ollama.script({ kind: 'status', status: 500 }, { kind: 'text', answer: { pieces: ['never'] } });
    const failure = await failureOf(collect(providers.ollama, request('ollama', endpointFor(ollama, 'ollama'))));
    expect(failure.code).toBe('PROVIDER_UNAVAILABLE');
    expect(ollama.calls()).toBe(1);
  });
});
