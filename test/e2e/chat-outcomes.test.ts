import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../src/contract/chat.js';
import type { ProviderId } from '../../src/contract/providers.js';
import {
  call,
  createConsent,
  createProfile,
  deltaText,
  openSession,
  startChatWorld,
  streamToEnd,
  TERMINAL_KINDS,
  TEST_API_KEY,
  type ChatWorld,
} from '../support/chat-world.js';
import type { FakeReply } from '../support/provider-fakes/index.js';

/**
 * Issue 17 through the real sidecar: each shape a real provider sends that used to end as a
 * "completed" answer now ends with its own outcome, and a refused or failed turn leaves the
 * session's history as it was.
 */

const PROFILES: Readonly<Record<ProviderId, string>> = { ollama: 'o-ollama', openai_compatible: 'o-llama', openai: 'o-openai', anthropic: 'o-anthropic' };
const CONSENTS: Partial<Record<ProviderId, string>> = { openai: 'o-chat-openai', anthropic: 'o-chat-anthropic' };

let world: ChatWorld;

beforeAll(async () => {
  world = await startChatWorld();
  for (const reference of ['openai.api_key', 'anthropic.api_key']) {
    expect((await call(world, 'POST', `/api/v1/secrets/${reference}/set`, { body: { value: TEST_API_KEY } })).status).toBe(200);
  }
  for (const [providerId, profile] of Object.entries(PROFILES) as [ProviderId, string][]) await createProfile(world, profile, providerId);
  for (const [providerId, consent] of Object.entries(CONSENTS) as [ProviderId, string][]) await createConsent(world, consent, PROFILES[providerId]);
});

afterAll(async () => {
  await world?.close();
});

const sessions = (sessionId: string, rest = ''): string => `/api/v1/chat/sessions/${sessionId}${rest}`;

function terminal(events: readonly ChatStreamEvent[]): ChatStreamEvent | undefined {
  const ends = events.filter((event) => TERMINAL_KINDS.includes(event.kind));
  expect(ends).toHaveLength(1);
  return ends[0];
}

async function session(providerId: ProviderId): Promise<{ id: string; before: Record<string, unknown> }> {
  const id = await openSession(world, PROFILES[providerId], CONSENTS[providerId] ?? null);
  world.fakes[providerId].reset();
  world.fakes[providerId].script({ kind: 'text', answer: { pieces: ['Erste Antwort.'] } });
  expect((await call(world, 'POST', sessions(id, '/runs'), { body: { message: 'eins' } })).status).toBe(200);
  return { id, before: (await call(world, 'GET', sessions(id))).body };
}

async function expectHistoryUnchanged(id: string, before: Record<string, unknown>): Promise<void> {
  const after = (await call(world, 'GET', sessions(id))).body;
  expect(after).toEqual({ ...before, last_activity_at: after.last_activity_at });
}

describe('a stream ends with the outcome the provider gave, and only kept answers change history', () => {
  const dropped: Array<[string, ProviderId, FakeReply, string, string]> = [
    ["llama.cpp's `error:` field, then [DONE]", 'openai_compatible', { kind: 'llamacpp-error', pieces: ['Johann'] }, 'failed', 'PROVIDER_CONTEXT_EXCEEDED'],
    [
      '[DONE] without any finish reason',
      'openai_compatible',
      { kind: 'done-without-finish', pieces: ['Johann', ' Meier'] },
      'failed',
      'PROVIDER_ANSWER_INCOMPLETE',
    ],
    ['OpenAI delta.refusal', 'openai', { kind: 'text', answer: { pieces: ["I'm sorry, ", 'I cannot.'], finish: 'refusal' } }, 'refused', 'PROVIDER_REFUSED'],
    ['Anthropic stop_reason refusal', 'anthropic', { kind: 'text', answer: { pieces: ['Hi'], finish: 'refusal' } }, 'refused', 'PROVIDER_REFUSED'],
    ['Ollama 404 model not found', 'ollama', { kind: 'status', status: 404 }, 'failed', 'PROVIDER_MODEL_NOT_FOUND'],
  ];
  it.each(dropped)('%s (%s): the terminal event, history unchanged', async (_name, providerId, reply, outcome, code) => {
    const { id, before } = await session(providerId);
    world.fakes[providerId].script(reply);
    const { events } = await streamToEnd(world, id, { message: 'zwei' });
    expect(terminal(events)).toMatchObject({ kind: 'failed', outcome, code, remediation: expect.any(String) });
    await expectHistoryUnchanged(id, before);
    expect(JSON.stringify(events)).not.toMatch(/exceeds the available|not found, try|upstream detail/);
  });

  it("Anthropic's model_context_window_exceeded is kept as truncated by the context window", async () => {
    const { id, before } = await session('anthropic');
    world.fakes.anthropic.script({ kind: 'text', answer: { pieces: ['Johann ', 'Meier'], finish: 'context_window' } });
    const { events } = await streamToEnd(world, id, { message: 'zwei' });
    expect(deltaText(events)).toBe('Johann Meier');
    expect(terminal(events)).toMatchObject({
      kind: 'completed',
      outcome: 'truncated',
      finish_reason: 'context_window',
      message_count: (before.message_count as number) + 2,
    });
  });

  it("Anthropic's in-stream overloaded_error before any output is retried; Ollama's 500 is not", async () => {
    const anthropic = await session('anthropic');
    world.fakes.anthropic.script({ kind: 'stream-error' }, { kind: 'text', answer: { pieces: ['nach Überlast'] } });
    const retried = await streamToEnd(world, anthropic.id, { message: 'zwei' });
    expect(terminal(retried.events)).toMatchObject({ kind: 'completed', outcome: 'completed' });
    expect(world.fakes.anthropic.calls()).toBe(1 + 2);
    const ollama = await session('ollama');
    world.fakes.ollama.script({ kind: 'status', status: 500 }, { kind: 'text', answer: { pieces: ['never'] } });
    const failed = await streamToEnd(world, ollama.id, { message: 'zwei' });
    expect(terminal(failed.events)).toMatchObject({ kind: 'failed', outcome: 'failed', code: 'PROVIDER_UNAVAILABLE' });
    expect(world.fakes.ollama.calls()).toBe(1 + 1);
  });
});

describe('synchronous runs', () => {
  it('a refusal is 409 PROVIDER_REFUSED and a truncated answer says so; a refused turn is not kept', async () => {
    const { id, before } = await session('anthropic');
    world.fakes.anthropic.script({ kind: 'text', answer: { pieces: ['Hi'], finish: 'refusal' } });
    const refused = await call(world, 'POST', sessions(id, '/runs'), { body: { message: 'zwei' } });
    expect([refused.status, refused.body.code]).toEqual([409, 'PROVIDER_REFUSED']);
    expect(refused.body.remediation).toMatch(/not kept/);
    await expectHistoryUnchanged(id, before);
    world.fakes.anthropic.script({ kind: 'text', answer: { pieces: ['abgeschnitten'], finish: 'length' } });
    const truncated = await call(world, 'POST', sessions(id, '/runs'), { body: { message: 'drei' } });
    expect(truncated.body).toMatchObject({ outcome: 'truncated', finish_reason: 'length', reply: { content: 'abgeschnitten' } });
  });
});
