import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, PROVIDER_LIMITS } from '../../src/contract/limits.js';
import type { ProviderId } from '../../src/contract/providers.js';
import { Compile } from 'typebox/compile';
import { ChatStreamEvent } from '../../src/contract/chat.js';
import {
  call,
  createConsent,
  createProfile,
  deltaText,
  MODEL,
  openChatStream,
  openSession,
  OWNER,
  sessionRequest,
  startChatWorld,
  streamToEnd,
  TERMINAL_KINDS,
  TEST_API_KEY,
  until,
  type ChatWorld,
  type JsonAnswer,
} from '../support/chat-world.js';
import { httpText, rawRequest } from '../support/raw-http.js';

const PROFILES: Readonly<Record<ProviderId, string>> = {
  ollama: 'local-ollama',
  openai_compatible: 'local-llama',
  openai: 'cloud-openai',
  anthropic: 'cloud-anthropic',
};
const CONSENTS: Partial<Record<ProviderId, string>> = { openai: 'chat-openai', anthropic: 'chat-anthropic' };
const TEXT = ['Grüße aus ', 'dem 🌳 Stammbaum: ', '家族', ' — nur ein Hinweis.'];
/** A marker in user input that must never reach a log line. */
const PROMPT_MARKER = 'PROMPT-MARKER-7f3a';

let world: ChatWorld;

beforeAll(async () => {
  world = await startChatWorld();
  for (const reference of ['openai.api_key', 'anthropic.api_key']) {
    const stored = await call(world, 'POST', `/api/v1/secrets/${reference}/set`, { body: { value: TEST_API_KEY } });
    expect(stored.status).toBe(200);
  }
  for (const [providerId, profile] of Object.entries(PROFILES) as [ProviderId, string][]) await createProfile(world, profile, providerId);
  for (const [providerId, consent] of Object.entries(CONSENTS) as [ProviderId, string][]) await createConsent(world, consent, PROFILES[providerId]);
  for (const fake of Object.values(world.fakes)) {
    fake.reset();
    fake.setFallback({ kind: 'text', answer: { pieces: TEXT, keepAlive: true } });
  }
});

afterAll(async () => {
  await world?.close();
});

const sessions = (sessionId: string, rest = ''): string => `/api/v1/chat/sessions/${sessionId}${rest}`;

function withoutCorrelation(answer: JsonAnswer): unknown {
  const { correlation_ref: _ignored, ...rest } = answer.body;
  return { status: answer.status, body: rest };
}

function terminals(events: readonly ChatStreamEvent[]): ChatStreamEvent[] {
  return events.filter((event) => TERMINAL_KINDS.includes(event.kind));
}

describe('chat capability', () => {
  it('declares the exact limits and the disabled capabilities', async () => {
    const capability = await call(world, 'GET', '/api/v1/chat/capability');
    expect(capability.status).toBe(200);
    expect(capability.body).toEqual({
      schema_version: 1,
      limits: {
        max_sessions: 32,
        max_messages_per_session: 32,
        max_message_characters: 16_384,
        max_context_characters: 65_536,
        replay_buffer_bytes: 262_144,
        max_output_tokens: CHAT_LIMITS.maxOutputTokens,
        min_temperature: 0,
        max_temperature: 1,
        run_timeout_ms: CHAT_LIMITS.runTimeoutMs,
        idle_timeout_ms: CHAT_LIMITS.idleTimeoutMs,
        safe_retries: CHAT_LIMITS.safeRetries,
        retained_runs_per_session: CHAT_LIMITS.retainedRunsPerSession,
        subscribers_per_run: CHAT_LIMITS.subscribersPerRun,
        max_delta_characters: CHAT_LIMITS.maxDeltaCharacters,
      },
      disabled_capabilities: ['tools', 'files', 'databases', 'shells', 'plugins', 'external_services'],
      system_instruction: 'fixed',
      output_label: 'advisory_not_evidence',
      stream_event_kinds: ['active', 'first-token', 'delta', 'cancelling', 'completed', 'interrupted', 'failed'],
    });
    const manifest = await call(world, 'GET', '/api/v1/capabilities');
    const chat = (manifest.body.modules as { module_id: string; actions: { dispatch_key: string }[] }[]).find((module) => module.module_id === 'chat');
    expect(chat?.actions.map((action) => action.dispatch_key)).toEqual([
      'chat.capability',
      'chat.create_session',
      'chat.get_session',
      'chat.delete_session',
      'chat.run',
      'chat.start_stream',
      'chat.stream_events',
      'chat.cancel_stream',
    ]);
  });
});

describe('sessions', () => {
  it('opens a session only through a named profile, its exact model and the policy', async () => {
    const before = Object.values(world.fakes).map((fake) => fake.calls());
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [sessionRequest('none'), 400, 'PROVIDER_NOT_ALLOWED'],
      [sessionRequest('ollama'), 400, 'PROVIDER_NOT_ALLOWED'],
      [sessionRequest('openai'), 400, 'PROVIDER_NOT_ALLOWED'],
      [sessionRequest('no-such-profile'), 409, 'PROFILE_NOT_FOUND'],
      [{ ...sessionRequest(PROFILES.ollama), model: 'other-model' }, 400, 'PROVIDER_NOT_ALLOWED'],
      [sessionRequest(PROFILES.openai), 409, 'CONSENT_REQUIRED'],
      [{ ...sessionRequest(PROFILES.openai, CONSENTS.openai ?? null), purpose: 'translation' }, 409, 'CONSENT_SCOPE_MISMATCH'],
      [sessionRequest(PROFILES.openai, CONSENTS.anthropic ?? null), 409, 'CONSENT_SCOPE_MISMATCH'],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await call(world, 'POST', '/api/v1/chat/sessions', { body });
      expect([answer.status, answer.body.code]).toEqual([status, code]);
    }
    const noOwner = await call(world, 'POST', '/api/v1/chat/sessions', { body: sessionRequest(PROFILES.ollama), owner: null });
    expect(noOwner.status).toBe(422);
    expect(noOwner.body.detail).toEqual([expect.objectContaining({ loc: ['header', 'X-Service-Session-Owner'] })]);
    const badOwner = await call(world, 'POST', '/api/v1/chat/sessions', { body: sessionRequest(PROFILES.ollama), owner: 'has space' });
    expect(badOwner.status).toBe(422);
    const extra = await call(world, 'POST', '/api/v1/chat/sessions', { body: { ...sessionRequest(PROFILES.ollama), tools: [] } });
    expect(extra.status).toBe(422);
    // No refusal reached a provider with a generation request.
    expect(Object.values(world.fakes).map((fake) => fake.calls())).toEqual(before);
  });

  it('summarises a session without content or paths and discards it on delete', async () => {
    const created = await call(world, 'POST', '/api/v1/chat/sessions', { body: sessionRequest(PROFILES.ollama) });
    expect(created.status).toBe(200);
    const sessionId = created.body.session_id as string;
    expect(sessionId).toMatch(/^chs_[0-9a-f]{32}$/);
    expect(created.body).toMatchObject({
      schema_version: 1,
      profile: PROFILES.ollama,
      provider_id: 'ollama',
      provider_kind: 'local',
      model: MODEL,
      purpose: 'research_chat',
      data_classes: ['user_text'],
      consent: null,
      message_count: 0,
      context_characters: 0,
      active_run_id: null,
      runs_completed: 0,
    });
    const run = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: `Wer war Johann? ${PROMPT_MARKER}` } });
    expect(run.status).toBe(200);
    const summary = await call(world, 'GET', sessions(sessionId));
    expect(summary.body).toMatchObject({ message_count: 2, runs_completed: 1 });
    expect(summary.text).not.toContain(PROMPT_MARKER);
    expect(summary.text).not.toContain('Stammbaum');
    expect(summary.text).not.toMatch(/\/(home|tmp|root)\//);
    const deleted = await call(world, 'DELETE', sessions(sessionId));
    expect(deleted.body).toEqual({ schema_version: 1, session_id: sessionId, state: 'deleted' });
    expect((await call(world, 'GET', sessions(sessionId))).body.code).toBe('CHAT_SESSION_NOT_FOUND');
  });

  it('answers an absent or wrong owner exactly like an unknown session, on every session route', async () => {
    const sessionId = await openSession(world, PROFILES.ollama);
    const { body } = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'hello' } });
    const runId = body.run_id as string;
    const unknownSession = `chs_${'0'.repeat(32)}`;
    const routes: Array<[string, string, unknown]> = [
      ['GET', '', undefined],
      ['POST', '/runs', { message: 'hi' }],
      ['POST', '/streams', { message: 'hi' }],
      ['POST', `/streams/${runId}/cancel`, undefined],
      ['DELETE', '', undefined],
    ];
    for (const [method, rest, requestBody] of routes) {
      const reference = withoutCorrelation(await call(world, method, sessions(unknownSession, rest), { body: requestBody }));
      expect(reference).toEqual({ status: 404, body: { code: 'CHAT_SESSION_NOT_FOUND', message: expect.any(String), details: [] } });
      for (const owner of [null, 'someone-else', `${OWNER}x`, OWNER.toUpperCase()]) {
        expect(withoutCorrelation(await call(world, method, sessions(sessionId, rest), { body: requestBody, owner }))).toEqual(reference);
      }
    }
    for (const owner of [null, 'someone-else']) {
      for (const lastEventId of [undefined, 'not-a-number', '999999']) {
        const stream = await openChatStream(world, sessionId, runId, { owner, lastEventId });
        expect([stream.status, stream.error?.code]).toEqual([404, 'CHAT_SESSION_NOT_FOUND']);
      }
    }
    // The owner still sees everything.
    expect((await call(world, 'GET', sessions(sessionId))).status).toBe(200);
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('refuses the 33rd live session and admits one again after a delete', async () => {
    const live = (await call(world, 'GET', '/api/v1/chat/capability')).status === 200 ? [] : [];
    const opened: string[] = [...live];
    for (let i = 0; i < CHAT_LIMITS.maxSessions; i++) opened.push(await openSession(world, PROFILES.ollama));
    const calls = world.fakes.ollama.calls();
    const refused = await call(world, 'POST', '/api/v1/chat/sessions', { body: sessionRequest(PROFILES.ollama) });
    expect([refused.status, refused.body.code]).toEqual([409, 'CHAT_SESSION_LIMIT']);
    expect(world.fakes.ollama.calls()).toBe(calls);
    await call(world, 'DELETE', sessions(opened.pop() as string));
    opened.push(await openSession(world, PROFILES.ollama));
    for (const sessionId of opened) expect((await call(world, 'DELETE', sessions(sessionId))).status).toBe(200);
  });
});

describe('synchronous runs', () => {
  it.each(Object.keys(PROFILES) as ProviderId[])(
    'runs against the %s wire fake with the fixed instruction and labels the reply advisory',
    async (providerId) => {
      const fake = world.fakes[providerId];
      fake.reset();
      const sessionId = await openSession(world, PROFILES[providerId], CONSENTS[providerId] ?? null);
      const first = await call(world, 'POST', sessions(sessionId, '/runs'), {
        body: { message: `Erste Frage ${PROMPT_MARKER}`, temperature: 0.5, max_output_tokens: 99 },
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        schema_version: 1,
        session_id: sessionId,
        reply: { role: 'assistant', content: TEXT.join(''), label: 'advisory_not_evidence' },
        finish_reason: 'stop',
        message_count: 2,
      });
      expect(first.body.run_id).toMatch(/^chr_[0-9a-f]{32}$/);
      const second = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'Zweite Frage' } });
      expect(second.body.message_count).toBe(4);
      expect(fake.calls()).toBe(2);
      const sent = JSON.stringify(fake.recorded[1]?.body);
      // The fixed system instruction, the history and no tool of any kind.
      expect(sent).toContain('untrusted data');
      expect(sent).toContain('never evidence');
      expect(sent).toContain('no tools, no file access, no database access, no shell, no plugins');
      expect(sent).toContain(TEXT.join('').replace('—', '\\u2014').slice(0, 5));
      expect(sent).toContain('Zweite Frage');
      expect(sent).not.toMatch(/"tools"|"functions"|"tool_choice"/);
      expect(JSON.stringify(fake.recorded[0]?.body)).toMatch(/0\.5/);
      await call(world, 'DELETE', sessions(sessionId));
    },
  );

  it('leaves history unchanged when the provider fails, with a sanitized code', async () => {
    const fake = world.fakes.ollama;
    const sessionId = await openSession(world, PROFILES.ollama);
    await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'one' } });
    const before = (await call(world, 'GET', sessions(sessionId))).body;
    fake.reset();
    // Ollama's 500 (a model that fails to load) is not retried; 503 and 502 are (docs/providers.md).
    fake.script({ kind: 'status', status: 503 }, { kind: 'status', status: 502 }, { kind: 'status', status: 503 });
    const unavailable = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'two' } });
    expect([unavailable.status, unavailable.body.code]).toEqual([500, 'PROVIDER_UNAVAILABLE']);
    expect(fake.calls()).toBe(1 + CHAT_LIMITS.safeRetries);
    fake.script({ kind: 'mid-stream-error', pieces: ['half an'] });
    const failed = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'three' } });
    expect([failed.status, failed.body.code]).toEqual([500, 'PROVIDER_FAILED']);
    fake.script({ kind: 'status', status: 404 });
    const refused = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'four' } });
    expect([refused.status, refused.body.code]).toEqual([500, 'PROVIDER_MODEL_NOT_FOUND']);
    expect(refused.body.details).toEqual([
      { name: 'upstream_status', value: 404 },
      { name: 'model', value: MODEL },
    ]);
    expect(refused.body.remediation).toContain(`ollama pull ${MODEL}`);
    for (const answer of [unavailable, failed, refused]) expect(answer.text).not.toMatch(/upstream detail|half an|not found|crashed/);
    const after = (await call(world, 'GET', sessions(sessionId))).body;
    expect(after).toEqual({ ...before, last_activity_at: after.last_activity_at });
    expect(after.message_count).toBe(2);
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('refuses the 33rd message and a context beyond 65,536 characters before any provider call', async () => {
    const fake = world.fakes.ollama;
    fake.reset();
    const sessionId = await openSession(world, PROFILES.ollama);
    for (let run = 0; run < CHAT_LIMITS.maxMessagesPerSession / 2; run++) {
      expect((await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: `q${run}` } })).status).toBe(200);
    }
    expect((await call(world, 'GET', sessions(sessionId))).body.message_count).toBe(32);
    const refused = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'the 33rd message' } });
    expect([refused.status, refused.body.code]).toEqual([409, 'CHAT_MESSAGE_LIMIT']);
    const refusedStream = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'the 33rd message' } });
    expect([refusedStream.status, refusedStream.body.code]).toEqual([409, 'CHAT_MESSAGE_LIMIT']);
    expect(fake.calls()).toBe(16);
    await call(world, 'DELETE', sessions(sessionId));

    const wide = await openSession(world, PROFILES.ollama);
    const long = 'ä'.repeat(CHAT_LIMITS.maxMessageCharacters);
    for (let run = 0; run < 3; run++) expect((await call(world, 'POST', sessions(wide, '/runs'), { body: { message: long } })).status).toBe(200);
    const calls = fake.calls();
    const tooWide = await call(world, 'POST', sessions(wide, '/runs'), { body: { message: long } });
    expect([tooWide.status, tooWide.body.code]).toEqual([409, 'CHAT_CONTEXT_LIMIT']);
    const tooLong = await call(world, 'POST', sessions(wide, '/runs'), { body: { message: `${long}x` } });
    expect(tooLong.status).toBe(422);
    expect(fake.calls()).toBe(calls);
    await call(world, 'DELETE', sessions(wide));
  });

  it('refuses a run whose endpoint identity changed (new leaf key) before any generation request', async () => {
    const fake = world.fakes.openai;
    const sessionId = await openSession(world, PROFILES.openai, CONSENTS.openai ?? null);
    expect((await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'before' } })).status).toBe(200);
    const calls = fake.calls();
    fake.setCertificate(world.rekeyedLeaf);
    try {
      const refused = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'after rekey' } });
      expect([refused.status, refused.body.code]).toEqual([409, 'ENDPOINT_IDENTITY_CHANGED']);
      const refusedStream = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'after rekey' } });
      expect([refusedStream.status, refusedStream.body.code]).toEqual([409, 'ENDPOINT_IDENTITY_CHANGED']);
      expect(fake.calls()).toBe(calls);
    } finally {
      fake.setCertificate(world.originalLeaf);
    }
    expect((await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'restored' } })).status).toBe(200);
    expect((await call(world, 'GET', sessions(sessionId))).body.message_count).toBe(4);
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('stops the provider call of a synchronous run whose client went away, leaving history unchanged', async () => {
    const fake = world.fakes.ollama;
    fake.reset();
    fake.script({ kind: 'endless', piece: 'noch ', intervalMs: 5 });
    const sessionId = await openSession(world, PROFILES.ollama);
    const controller = new AbortController();
    const headers = { ...world.sidecar.requestHeaders(), 'x-service-session-owner': OWNER, 'content-type': 'application/json' };
    const called = fake.nextCall();
    const abandoned = fake.nextAbandonment();
    const pending = fetch(`${world.sidecar.baseUrl}${sessions(sessionId, '/runs')}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message: 'endless' }),
      signal: controller.signal,
    }).catch(() => null);
    await called;
    controller.abort();
    await pending;
    await abandoned;
    await until(async () => (await call(world, 'GET', sessions(sessionId))).body.active_run_id === null);
    expect((await call(world, 'GET', sessions(sessionId))).body.message_count).toBe(0);
    expect(fake.calls()).toBe(1);
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('re-reads consent at every run: a revoked consent stops the next run before the provider', async () => {
    await createConsent(world, 'short-lived', PROFILES.anthropic);
    const sessionId = await openSession(world, PROFILES.anthropic, 'short-lived');
    expect((await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'allowed' } })).status).toBe(200);
    expect((await call(world, 'POST', '/api/v1/consents/short-lived/revoke')).status).toBe(200);
    const calls = world.fakes.anthropic.calls();
    const refused = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'not any more' } });
    expect([refused.status, refused.body.code]).toEqual([409, 'CONSENT_REVOKED']);
    const refusedStream = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'not any more' } });
    expect([refusedStream.status, refusedStream.body.code]).toEqual([409, 'CONSENT_REVOKED']);
    expect(world.fakes.anthropic.calls()).toBe(calls);
    expect((await call(world, 'GET', sessions(sessionId))).body.message_count).toBe(2);
    await call(world, 'DELETE', sessions(sessionId));
  });
});

describe('streaming runs', () => {
  it.each(Object.keys(PROFILES) as ProviderId[])(
    'streams %s output as active, first-token, deltas and one completed, then commits history',
    async (providerId) => {
      const sessionId = await openSession(world, PROFILES[providerId], CONSENTS[providerId] ?? null);
      const { runId, events, messages } = await streamToEnd(world, sessionId, { message: `Frage ${PROMPT_MARKER}` });
      expect(events[0]).toEqual({ schema_version: 1, run_id: runId, sequence: 1, kind: 'active' });
      expect(events[1]).toMatchObject({ kind: 'first-token', sequence: 2 });
      expect(events.slice(2, -1).every((event) => event.kind === 'delta')).toBe(true);
      expect(deltaText(events)).toBe(TEXT.join(''));
      expect(events.at(-1)).toMatchObject({
        kind: 'completed',
        finish_reason: 'stop',
        message_count: 2,
        output_characters: [...TEXT.join('')].length,
        label: 'advisory_not_evidence',
      });
      expect(terminals(events)).toHaveLength(1);
      events.forEach((event, index) => {
        expect(event.sequence).toBe(index + 1);
        expect(messages[index]?.id).toBe(String(index + 1));
        expect(messages[index]?.event).toBe(event.kind);
      });
      expect((await call(world, 'GET', sessions(sessionId))).body.message_count).toBe(2);
      await call(world, 'DELETE', sessions(sessionId));
    },
  );

  it('replays from every id through Last-Event-ID, and refuses bad cursors, query strings and unknown runs', async () => {
    const sessionId = await openSession(world, PROFILES.openai_compatible);
    const { runId, events } = await streamToEnd(world, sessionId, { message: 'replay me' });
    for (let last = 0; last <= events.length; last++) {
      const replay = await openChatStream(world, sessionId, runId, { lastEventId: String(last) });
      expect(replay.status).toBe(200);
      await replay.finished;
      expect(replay.events).toEqual(events.slice(last));
    }
    for (const bad of ['-1', 'abc', '1.5', '1 2', '01', '0x1', String(events.length + 1), '99999999999999999999']) {
      const refused = await openChatStream(world, sessionId, runId, { lastEventId: bad });
      expect([refused.status, refused.error?.code]).toEqual([400, 'CHAT_STREAM_CURSOR_INVALID']);
    }
    for (const query of ['?last_event_id=2', '?lastEventId=2', '?Last-Event-ID=2', '?x']) {
      const refused = await openChatStream(world, sessionId, runId, { query });
      expect([refused.status, refused.error?.code]).toEqual([400, 'CHAT_STREAM_CURSOR_INVALID']);
    }
    // A bare `?` (which fetch would drop) sent byte for byte.
    const headers = Object.entries({ ...world.sidecar.requestHeaders(), 'x-service-session-owner': OWNER }).map(([name, value]) => `${name}: ${value}`);
    const bare = await rawRequest(
      world.sidecar.port,
      httpText([`GET ${sessions(sessionId, `/streams/${runId}/events`)}? HTTP/1.1`, 'Host: 127.0.0.1', ...headers, 'Connection: close']),
    );
    expect([bare.status, (JSON.parse(bare.body) as { code: string }).code]).toEqual([400, 'CHAT_STREAM_CURSOR_INVALID']);
    const unknown = await openChatStream(world, sessionId, `chr_${'0'.repeat(32)}`);
    expect([unknown.status, unknown.error?.code]).toEqual([404, 'CHAT_RUN_NOT_FOUND']);
    const malformed = await openChatStream(world, sessionId, 'chr_nothex');
    expect(malformed.status).toBe(422);
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('refuses a replay from before the 256 KiB window instead of skipping events', async () => {
    const fake = world.fakes.ollama;
    const pieces = Array.from({ length: 6000 }, (_, index) => String.fromCharCode(97 + (index % 26)));
    fake.script({ kind: 'text', answer: { pieces }, splitBytes: 4096 });
    const sessionId = await openSession(world, PROFILES.ollama);
    const started = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'long answer' } });
    const runId = started.body.run_id as string;
    await until(async () => (await call(world, 'GET', sessions(sessionId))).body.active_run_id === null);
    const fromStart = await openChatStream(world, sessionId, runId);
    expect([fromStart.status, fromStart.error?.code]).toEqual([410, 'CHAT_STREAM_REPLAY_GAP']);
    const fromZero = await openChatStream(world, sessionId, runId, { lastEventId: '0' });
    expect(fromZero.status).toBe(410);
    const last = pieces.length + 3;
    const tail = await openChatStream(world, sessionId, runId, { lastEventId: String(last - 2) });
    expect(tail.status).toBe(200);
    await tail.finished;
    expect(tail.events.map((event) => event.sequence)).toEqual([last - 1, last]);
    expect(tail.events.at(-1)).toMatchObject({ kind: 'completed', output_characters: pieces.length });
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('ends a stream disconnected by the provider after output with one failed event and no retry', async () => {
    const fake = world.fakes.openai_compatible;
    fake.reset();
    fake.script({ kind: 'disconnect', pieces: ['Ein Anfang', ' und dann'] });
    const sessionId = await openSession(world, PROFILES.openai_compatible);
    const { events } = await streamToEnd(world, sessionId, { message: 'go' });
    expect(deltaText(events)).toBe('Ein Anfang und dann');
    expect(terminals(events)).toEqual([expect.objectContaining({ kind: 'failed', outcome: 'failed', code: 'PROVIDER_ANSWER_INCOMPLETE' })]);
    expect(events.at(-1)?.kind).toBe('failed');
    expect(fake.calls()).toBe(1);
    expect((await call(world, 'GET', sessions(sessionId))).body.message_count).toBe(0);
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('cancels during output: cancelling, then interrupted; idempotent; the upstream socket is closed', async () => {
    const fake = world.fakes.anthropic;
    fake.reset();
    fake.script({ kind: 'endless', piece: 'weiter ', intervalMs: 5 });
    const abandoned = fake.nextAbandonment();
    const sessionId = await openSession(world, PROFILES.anthropic, CONSENTS.anthropic ?? null);
    const started = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'talk forever' } });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ schema_version: 1, session_id: sessionId, state: 'active' });
    const runId = started.body.run_id as string;
    const stream = await openChatStream(world, sessionId, runId);
    await stream.waitFor((event) => event.kind === 'delta');
    const busy = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'meanwhile' } });
    expect([busy.status, busy.body.code]).toEqual([409, 'CHAT_RUN_ACTIVE']);
    const cancel = await call(world, 'POST', sessions(sessionId, `/streams/${runId}/cancel`));
    expect(cancel.body).toMatchObject({ run_id: runId, disposition: 'cancelling' });
    await stream.finished;
    const kinds = stream.events.map((event) => event.kind);
    expect(kinds.slice(-2)).toEqual(['cancelling', 'interrupted']);
    expect(stream.events.at(-1)).toMatchObject({ kind: 'interrupted', reason: 'cancelled' });
    expect(kinds.filter((kind) => kind === 'cancelling')).toHaveLength(1);
    expect(terminals(stream.events)).toHaveLength(1);
    const again = await call(world, 'POST', sessions(sessionId, `/streams/${runId}/cancel`));
    expect(again.body).toMatchObject({ disposition: 'terminal', state: 'interrupted' });
    const replay = await openChatStream(world, sessionId, runId, { lastEventId: '0' });
    await replay.finished;
    expect(replay.events).toEqual(stream.events);
    await abandoned;
    expect(fake.calls()).toBe(1);
    expect((await call(world, 'GET', sessions(sessionId))).body.message_count).toBe(0);
    const unknown = await call(world, 'POST', sessions(sessionId, `/streams/chr_${'1'.repeat(32)}/cancel`));
    expect([unknown.status, unknown.body.code]).toEqual([404, 'CHAT_RUN_NOT_FOUND']);
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('stops a stream the moment its consent is revoked: upstream closed within the bound, failed CONSENT_REVOKED, history unchanged', async () => {
    await createConsent(world, 'chat-revoked-mid-run', PROFILES.anthropic);
    const fake = world.fakes.anthropic;
    fake.reset();
    fake.script({ kind: 'endless', piece: 'weiter ', intervalMs: 5 });
    const sessionId = await openSession(world, PROFILES.anthropic, 'chat-revoked-mid-run');
    const started = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'talk forever' } });
    const runId = started.body.run_id as string;
    const stream = await openChatStream(world, sessionId, runId);
    await stream.waitFor((event) => event.kind === 'delta');
    const abandoned = fake.nextAbandonment();
    const revokedAt = performance.now();
    const revoked = await call(world, 'POST', '/api/v1/consents/chat-revoked-mid-run/revoke');
    expect(revoked.status).toBe(200);
    expect((await abandoned) - revokedAt).toBeLessThan(PROVIDER_LIMITS.withdrawalStopMs);
    await stream.finished;
    expect(stream.events.at(-1)).toMatchObject({ kind: 'failed', outcome: 'failed', code: 'CONSENT_REVOKED' });
    expect(terminals(stream.events)).toHaveLength(1);
    expect((await call(world, 'GET', sessions(sessionId))).body.message_count).toBe(0);
    const again = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'again' } });
    expect([again.status, again.body.code]).toEqual([409, 'CONSENT_REVOKED']);
    expect(fake.calls()).toBe(1);
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('makes the shutdown preflight wait for an active stream', async () => {
    const fake = world.fakes.ollama;
    fake.script({ kind: 'silent' });
    const sessionId = await openSession(world, PROFILES.ollama);
    const started = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'hold on' } });
    const runId = started.body.run_id as string;
    const blocked = await call(world, 'POST', '/api/v1/jobs/shutdown', { body: { wait_ms: 0 } });
    expect([blocked.status, blocked.body.code]).toEqual([409, 'SHUTDOWN_BLOCKED_ACTIVE_WORK']);
    expect(blocked.body.details).toEqual(expect.arrayContaining([{ name: 'chat.active', value: 1 }]));
    await call(world, 'POST', sessions(sessionId, `/streams/${runId}/cancel`));
    const ready = await call(world, 'POST', '/api/v1/jobs/shutdown', { body: { wait_ms: 5000 } });
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('deleting a session stops its stream, which ends interrupted', async () => {
    world.fakes.ollama.script({ kind: 'endless', piece: 'x', intervalMs: 5 });
    const sessionId = await openSession(world, PROFILES.ollama);
    const started = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'delete me' } });
    const stream = await openChatStream(world, sessionId, started.body.run_id as string);
    await stream.waitFor((event) => event.kind === 'delta');
    expect((await call(world, 'DELETE', sessions(sessionId))).status).toBe(200);
    await stream.finished;
    expect(terminals(stream.events)).toEqual([expect.objectContaining({ kind: 'interrupted' })]);
  });
});

describe('nothing leaks', () => {
  it('every stream event matched the strict schema-v1 event schema, each kind seen', () => {
    const check = Compile(ChatStreamEvent);
    expect(world.seenEvents.length).toBeGreaterThan(50);
    for (const event of world.seenEvents) expect(check.Check(event)).toBe(true);
    expect(new Set(world.seenEvents.map((event) => event.kind))).toEqual(
      new Set(['active', 'first-token', 'delta', 'cancelling', 'completed', 'interrupted', 'failed']),
    );
    expect(check.Check({ ...world.seenEvents[0], extra: 1 })).toBe(false);
  });

  it('no provider socket went through the proxy named in the environment', () => {
    expect(world.proxyConnections()).toBe(0);
  });

  it('no answer carries the API key; no log line carries prompt or response content', () => {
    for (const text of world.transcripts) expect(text).not.toContain(TEST_API_KEY);
    const log = world.sidecar.stderrText();
    expect(log).not.toContain(TEST_API_KEY);
    expect(log).not.toContain(PROMPT_MARKER);
    expect(log).not.toContain('Stammbaum');
    expect(log).toContain('chat.run.ended');
  });
});

describe('consent character budgets (issue 18)', () => {
  const consentOf = async (name: string): Promise<Record<string, unknown> | undefined> =>
    ((await call(world, 'GET', '/api/v1/provider-configuration')).body.consents as Record<string, unknown>[]).find((grant) => grant.name === name);

  it('refuses a run whose request would pass the sent bound before anything is sent', async () => {
    await createConsent(world, 'tiny-sent', PROFILES.anthropic, { max_runs: 10, max_characters_sent: 10 });
    const fake = world.fakes.anthropic;
    fake.reset();
    const sessionId = await openSession(world, PROFILES.anthropic, 'tiny-sent');
    const refused = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'hello' } });
    expect([refused.status, refused.body.code]).toEqual([409, 'CONSENT_BUDGET_EXHAUSTED']);
    expect(fake.calls()).toBe(0);
    expect(await consentOf('tiny-sent')).toMatchObject({ used_characters_sent: 0, remaining: { characters_sent: 10 } });
    await call(world, 'DELETE', sessions(sessionId));
  });

  it('charges the tokens the provider reports; once the token bound is reached the next run is refused', async () => {
    await createConsent(world, 'metered-tokens', PROFILES.anthropic, { max_runs: 10, max_tokens: 40 });
    const fake = world.fakes.anthropic;
    fake.reset();
    fake.script({ kind: 'text', answer: { pieces: ['one', ' two'] } }, { kind: 'text', answer: { pieces: ['three', ' four'] } });
    const sessionId = await openSession(world, PROFILES.anthropic, 'metered-tokens');
    // the fake reports 25 input tokens and one output token per piece
    expect((await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'first' } })).status).toBe(200);
    expect(await consentOf('metered-tokens')).toMatchObject({ used_runs: 1, used_tokens: 27, remaining: { tokens: 13 } });
    expect((await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'second' } })).status).toBe(200);
    expect(await consentOf('metered-tokens')).toMatchObject({ used_runs: 2, used_tokens: 54, remaining: { tokens: 0 } });
    const refused = await call(world, 'POST', sessions(sessionId, '/runs'), { body: { message: 'third' } });
    expect([refused.status, refused.body.code]).toEqual([409, 'CONSENT_BUDGET_EXHAUSTED']);
    expect(fake.calls()).toBe(2);
    expect((await call(world, 'GET', sessions(sessionId))).body.message_count).toBe(4);
  });

  it('ends a stream when the received bound is reached (upstream closed, nothing kept) and stays used up after a restart (the token usage of the test before too)', async () => {
    await createConsent(world, 'metered-received', PROFILES.anthropic, { max_runs: 10, max_characters_received: 40 });
    const fake = world.fakes.anthropic;
    fake.reset();
    fake.script({ kind: 'endless', piece: 'weiter ', intervalMs: 5 });
    const sessionId = await openSession(world, PROFILES.anthropic, 'metered-received');
    const abandoned = fake.nextAbandonment();
    const started = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'talk until the budget ends' } });
    const stream = await openChatStream(world, sessionId, started.body.run_id as string);
    await stream.finished;
    await abandoned;
    expect(stream.events.at(-1)).toMatchObject({ kind: 'failed', outcome: 'failed', code: 'CONSENT_BUDGET_EXHAUSTED' });
    expect(deltaText(stream.events).length).toBeLessThan(40);
    expect((await call(world, 'GET', sessions(sessionId))).body.message_count).toBe(0);
    const used = await consentOf('metered-received');
    expect(used).toMatchObject({ used_runs: 1, remaining: { runs: 9, characters_received: 0 } });
    expect(used?.used_characters_received).toBeGreaterThanOrEqual(40);

    expect(await world.sidecar.stop()).toBe(0);
    world.sidecar = await world.launch();
    expect(await consentOf('metered-received')).toEqual(used);
    expect(await consentOf('metered-tokens')).toMatchObject({ used_tokens: 54, remaining: { tokens: 0 } });
    const again = await call(world, 'POST', '/api/v1/chat/sessions', { body: sessionRequest(PROFILES.anthropic, 'metered-received') });
    expect([again.status, again.body.code]).toEqual([409, 'CONSENT_BUDGET_EXHAUSTED']);
    expect(fake.calls()).toBe(1);
  });
});

describe('graceful shutdown', () => {
  it('ends an active stream with exactly one interrupted event (reason shutdown) and closes the upstream socket', async () => {
    const fake = world.fakes.ollama;
    fake.reset();
    fake.script({ kind: 'endless', piece: 'x', intervalMs: 5 });
    const abandoned = fake.nextAbandonment();
    const sessionId = await openSession(world, PROFILES.ollama);
    const started = await call(world, 'POST', sessions(sessionId, '/streams'), { body: { message: 'until shutdown' } });
    const stream = await openChatStream(world, sessionId, started.body.run_id as string);
    await stream.waitFor((event) => event.kind === 'delta');
    expect(await world.sidecar.stop()).toBe(0);
    await stream.finished;
    expect(terminals(stream.events)).toEqual([expect.objectContaining({ kind: 'interrupted', reason: 'shutdown' })]);
    expect(stream.events.at(-1)?.kind).toBe('interrupted');
    await abandoned;
    expect(fake.calls()).toBe(1);
  });
});
