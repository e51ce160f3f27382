import Anthropic from '@anthropic-ai/sdk';
import { Ollama } from 'ollama';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../support/provider-fakes/index.js';

/**
 * The loopback fakes checked against the providers' own clients (openai 6, @anthropic-ai/sdk 1,
 * ollama 0.6, dev dependencies), not against our adapters: every stream and error shape the fakes
 * produce must be one the official SDK accepts and reads as the provider means it.
 */

const MODEL = 'fake-model';
const MESSAGES = [{ role: 'user' as const, content: 'Hallo' }];

let openai: FakeProvider;
let llamacpp: FakeProvider;
let anthropic: FakeProvider;
let ollama: FakeProvider;

beforeAll(async () => {
  [openai, llamacpp, anthropic, ollama] = await Promise.all([
    startFakeProvider('openai'),
    startFakeProvider('openai', undefined, { flavour: 'llamacpp' }),
    startFakeProvider('anthropic'),
    startFakeProvider('ollama'),
  ]);
});

afterAll(async () => {
  await Promise.all([openai, llamacpp, anthropic, ollama].map((fake) => fake.close()));
});

function openAiClient(fake: FakeProvider): OpenAI {
  return new OpenAI({ apiKey: 'sk-test-key', baseURL: `http://127.0.0.1:${fake.port}/v1`, maxRetries: 0 });
}

function anthropicClient(): Anthropic {
  return new Anthropic({ apiKey: 'sk-ant-test-key', baseURL: `http://127.0.0.1:${anthropic.port}`, maxRetries: 0 });
}

function ollamaClient(): Ollama {
  return new Ollama({ host: `http://127.0.0.1:${ollama.port}` });
}

async function thrown(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the SDK to throw');
}

describe('openai-node against the OpenAI-compatible fake', () => {
  async function streamed(
    fake: FakeProvider,
    options: { include_usage?: boolean } = {},
  ): Promise<{ text: string; refusal: string; finish: (string | null)[]; usage: number }> {
    const stream = await openAiClient(fake).chat.completions.create({
      model: MODEL,
      messages: MESSAGES,
      stream: true,
      ...(options.include_usage ? { stream_options: { include_usage: true } } : {}),
    });
    let text = '';
    let refusal = '';
    const finish: (string | null)[] = [];
    let usage = 0;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      text += choice?.delta.content ?? '';
      refusal += choice?.delta.refusal ?? '';
      if (choice?.finish_reason) finish.push(choice.finish_reason);
      if (chunk.usage) usage++;
    }
    return { text, refusal, finish, usage };
  }

  it('reads a streamed answer, and the usage chunk only when asked for', async () => {
    openai.script({ kind: 'text', answer: { pieces: ['Hello', ' wörld 🌳'] } }, { kind: 'text', answer: { pieces: ['Hi'] } });
    expect(await streamed(openai)).toEqual({ text: 'Hello wörld 🌳', refusal: '', finish: ['stop'], usage: 0 });
    expect(await streamed(openai, { include_usage: true })).toMatchObject({ text: 'Hi', finish: ['stop'], usage: 1 });
  });

  it('reads length and content_filter finishes and a refusal (delta.refusal, also through the stream helper)', async () => {
    openai.script(
      { kind: 'text', answer: { pieces: ['cut'], finish: 'length' } },
      { kind: 'text', answer: { pieces: [], finish: 'content_filter' } },
      { kind: 'text', answer: { pieces: ["I'm sorry", ', I cannot help.'], finish: 'refusal' } },
      { kind: 'text', answer: { pieces: ["I'm sorry."], finish: 'refusal' } },
    );
    expect(await streamed(openai)).toMatchObject({ text: 'cut', finish: ['length'] });
    expect(await streamed(openai)).toMatchObject({ text: '', finish: ['content_filter'] });
    expect(await streamed(openai)).toMatchObject({ text: '', refusal: "I'm sorry, I cannot help.", finish: ['stop'] });
    const final = await openAiClient(openai).chat.completions.stream({ model: MODEL, messages: MESSAGES }).finalChatCompletion();
    expect(final.choices[0]?.message).toMatchObject({ content: null, refusal: "I'm sorry." });
  });

  it('reads `stream: false` as one chat.completion', async () => {
    openai.script({ kind: 'text', answer: { pieces: ['Hello', ' there'] } }, { kind: 'text', answer: { pieces: ['No.'], finish: 'refusal' } });
    const completion = await openAiClient(openai).chat.completions.create({ model: MODEL, messages: MESSAGES, stream: false });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello there' }, finish_reason: 'stop' });
    const refused = await openAiClient(openai).chat.completions.create({ model: MODEL, messages: MESSAGES, stream: false });
    expect(refused.choices[0]?.message).toMatchObject({ content: null, refusal: 'No.' });
  });

  it("ends quietly on llama.cpp's `error:` field and on [DONE] without a finish reason (the SDK ignores the unknown field)", async () => {
    llamacpp.script({ kind: 'llamacpp-error', pieces: ['partial'] }, { kind: 'done-without-finish', pieces: ['also partial'] });
    expect(await streamed(llamacpp)).toEqual({ text: 'partial', refusal: '', finish: [], usage: 0 });
    expect(await streamed(llamacpp)).toEqual({ text: 'also partial', refusal: '', finish: [], usage: 0 });
  });

  it('throws an APIError on a mid-stream `data: {"error":…}` frame', async () => {
    openai.script({ kind: 'mid-stream-error', pieces: ['some'] });
    const error = await thrown(streamed(openai));
    expect(error).toBeInstanceOf(OpenAI.APIError);
  });

  it.each([
    [400, OpenAI.BadRequestError, 'context_length_exceeded'],
    [401, OpenAI.AuthenticationError, 'invalid_api_key'],
    [403, OpenAI.PermissionDeniedError, null],
    [404, OpenAI.NotFoundError, 'model_not_found'],
    [429, OpenAI.RateLimitError, 'rate_limit_exceeded'],
    [500, OpenAI.InternalServerError, null],
    [503, OpenAI.InternalServerError, null],
  ])('reads the %i error body as its own error class and code (OpenAI)', async (status, errorClass, code) => {
    openai.script({ kind: 'status', status });
    const error = await thrown(openAiClient(openai).chat.completions.create({ model: MODEL, messages: MESSAGES, stream: true }));
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toMatchObject({ status, code });
  });

  it.each([
    [400, 'exceed_context_size_error'],
    [401, 'authentication_error'],
    [404, 'not_found_error'],
    [503, 'unavailable_error'],
  ])("reads llama.cpp's %i error body (type %s, numeric code)", async (status, type) => {
    llamacpp.script({ kind: 'status', status });
    const error = await thrown(openAiClient(llamacpp).chat.completions.create({ model: MODEL, messages: MESSAGES, stream: true }));
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error).toMatchObject({ status, type, code: status });
  });

  it('lists models at {base}/models (the endpoint test path)', async () => {
    const page = await openAiClient(openai).models.list();
    expect(page.data.map((model) => model.id)).toEqual(['fake-model']);
  });
});

describe('@anthropic-ai/sdk against the Anthropic fake', () => {
  it('reads a streamed answer with pings and an unknown event kind, and each stop reason', async () => {
    anthropic.script(
      { kind: 'text', answer: { pieces: ['Hello', ' wörld 🌳'], keepAlive: true } },
      { kind: 'text', answer: { pieces: ['cut'], finish: 'length' } },
      { kind: 'text', answer: { pieces: [], finish: 'refusal' } },
      { kind: 'text', answer: { pieces: ['big'], finish: 'context_window' } },
    );
    const final = async (): Promise<{ text: string; stop: string | null }> => {
      const message = await anthropicClient().messages.stream({ model: MODEL, max_tokens: 64, messages: MESSAGES }).finalMessage();
      const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      return { text, stop: message.stop_reason };
    };
    expect(await final()).toEqual({ text: 'Hello wörld 🌳', stop: 'end_turn' });
    expect(await final()).toEqual({ text: 'cut', stop: 'max_tokens' });
    expect(await final()).toEqual({ text: '', stop: 'refusal' });
    expect(await final()).toEqual({ text: 'big', stop: 'model_context_window_exceeded' });
  });

  it('reads `stream: false` as one message', async () => {
    anthropic.script({ kind: 'text', answer: { pieces: ['Hello', ' there'] } });
    const message = await anthropicClient().messages.create({ model: MODEL, max_tokens: 64, messages: MESSAGES, stream: false });
    expect(message).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Hello there' }], stop_reason: 'end_turn' });
  });

  it('throws an APIError carrying overloaded_error on the in-stream error event', async () => {
    anthropic.script({ kind: 'stream-error' });
    const error = await thrown(anthropicClient().messages.stream({ model: MODEL, max_tokens: 64, messages: MESSAGES }).finalMessage());
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error).toMatchObject({ error: { type: 'error', error: { type: 'overloaded_error' } } });
  });

  it.each([
    [400, Anthropic.BadRequestError, 'invalid_request_error'],
    [401, Anthropic.AuthenticationError, 'authentication_error'],
    [403, Anthropic.PermissionDeniedError, 'permission_error'],
    [404, Anthropic.NotFoundError, 'not_found_error'],
    [429, Anthropic.RateLimitError, 'rate_limit_error'],
    [500, Anthropic.InternalServerError, 'api_error'],
    [529, Anthropic.InternalServerError, 'overloaded_error'],
  ])('reads the %i error body as its own error class and type', async (status, errorClass, type) => {
    anthropic.script({ kind: 'status', status });
    const error = await thrown(anthropicClient().messages.create({ model: MODEL, max_tokens: 64, messages: MESSAGES, stream: true }));
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toMatchObject({ status, error: { type: 'error', error: { type } } });
  });

  it('lists models at /v1/models with its headers (the endpoint test path)', async () => {
    const page = await anthropicClient().models.list();
    expect(page.data.map((model) => model.id)).toEqual(['fake-model']);
  });
});

describe('ollama-js against the Ollama fake', () => {
  it('reads a streamed chat, with done_reason on the last object', async () => {
    ollama.script({ kind: 'text', answer: { pieces: ['Hello', ' wörld 🌳'] } }, { kind: 'text', answer: { pieces: ['cut'], finish: 'length' } });
    for (const [expected, reason] of [
      ['Hello wörld 🌳', 'stop'],
      ['cut', 'length'],
    ] as const) {
      let text = '';
      let last: { done: boolean; done_reason: string } | null = null;
      for await (const part of await ollamaClient().chat({ model: MODEL, messages: MESSAGES, stream: true })) {
        text += part.message.content;
        last = part;
      }
      expect(text).toBe(expected);
      expect(last).toMatchObject({ done: true, done_reason: reason });
    }
  });

  it('reads `stream: false` as one object', async () => {
    ollama.script({ kind: 'text', answer: { pieces: ['Hello', ' there'] } });
    const answer = await ollamaClient().chat({ model: MODEL, messages: MESSAGES, stream: false });
    expect(answer).toMatchObject({ message: { role: 'assistant', content: 'Hello there' }, done: true, done_reason: 'stop' });
  });

  it('throws the mid-stream error line', async () => {
    ollama.script({ kind: 'mid-stream-error', pieces: ['some'] });
    const error = await thrown(
      (async () => {
        for await (const part of await ollamaClient().chat({ model: MODEL, messages: MESSAGES, stream: true })) void part;
      })(),
    );
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toContain('an error was encountered while running the model');
  });

  it.each([
    [404, 'model "fake-model" not found, try pulling it first'],
    [500, 'llama runner process has terminated'],
    [429, 'server busy'],
  ])('reads the %i error body as a ResponseError with its status and text', async (status, text) => {
    ollama.script({ kind: 'status', status });
    const error = await thrown(ollamaClient().chat({ model: MODEL, messages: MESSAGES, stream: true }));
    expect(error).toMatchObject({ name: 'ResponseError', status_code: status });
    expect(String((error as { error: unknown }).error)).toContain(text);
  });

  it('reads the version and the model list (the endpoint test paths)', async () => {
    expect(await ollamaClient().version()).toEqual({ version: '0.5.1' });
    expect((await ollamaClient().list()).models.map((model) => model.name)).toEqual(['fake-model:latest']);
  });
});
