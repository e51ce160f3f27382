import { describe, expect, it } from 'vitest';
import { ProviderFailure, type ChatProvider, type ChatProviders, type GenerationRequest } from '../../../src/app/providers/model-provider.js';
import { ChatService } from '../../../src/app/chat/chat-service.js';
import { ConsentRuns } from '../../../src/app/providers/consent-runs.js';
import { CHAT_SYSTEM_INSTRUCTION } from '../../../src/app/chat/system-instruction.js';
import type { ExecutionBinding, PreflightRequest } from '../../../src/app/providers/preflight.js';
import { ServiceError } from '../../../src/app/service-error.js';
import { startupGate } from '../../../src/app/startup/startup-gate.js';
import { CHAT_LIMITS } from '../../../src/contract/limits.js';

const OWNER = 'owner-1';

function binding(request: PreflightRequest): ExecutionBinding {
  return {
    providerId: 'ollama',
    providerKind: 'local',
    profile: request.profile,
    model: request.model,
    module: 'chat',
    purpose: request.purpose,
    dataClasses: [...request.dataClasses],
    consent: request.consent ?? null,
    endpoint: {
      url: 'http://127.0.0.1:1',
      scheme: 'http',
      hostname: '127.0.0.1',
      port: 1,
      basePath: '',
      address: '127.0.0.1',
      servername: null,
      spkiSha256: null,
      destinationIdentity: '0'.repeat(64),
    },
    credentialReference: null,
    capabilities: { streaming: true, max_context_characters: 65_536, max_output_tokens: 4096, modules: ['chat'], tools: false },
  };
}

function world(options: { degraded?: boolean; provider?: ChatProvider } = {}) {
  const preflights: PreflightRequest[] = [];
  const generations: GenerationRequest[] = [];
  const provider: ChatProvider = options.provider ?? {
    generate: async (request, sink) => {
      generations.push(request);
      sink.text('ok');
      return { outcome: 'completed', finishReason: 'stop', attempts: 1 };
    },
  };
  let id = 0;
  const consentRuns = new ConsentRuns(null);
  const chat = new ChatService({
    consentRuns,
    preflight: {
      check: async (request) => {
        preflights.push(request);
        return binding(request);
      },
    },
    providers: { ollama: provider, openai_compatible: provider, openai: provider, anthropic: provider } satisfies ChatProviders,
    credentials: { resolve: async () => null },
    startup: startupGate(options.degraded ?? false, false),
    defaultTemperature: () => 0.3,
    log: { event: () => undefined },
    now: () => 0,
    newId: (prefix) => `${prefix}_${(++id).toString(16).padStart(32, '0')}`,
  });
  return { chat, preflights, generations, consentRuns };
}

const SESSION = { profile: 'local', model: 'm', purpose: 'research_chat' as const, data_classes: ['user_text' as const] };

async function codeOf(action: () => Promise<unknown>): Promise<string | null> {
  try {
    await action();
    return null;
  } catch (error) {
    return error instanceof ServiceError ? error.code : 'other';
  }
}

describe('chat service', () => {
  it('preflights the session without charge and every run once with charge; streams are not preflighted twice', async () => {
    const { chat, preflights, generations } = world();
    const session = await chat.createSession(OWNER, SESSION);
    await chat.run(session.session_id, OWNER, { message: 'a' });
    const started = await chat.startStream(session.session_id, OWNER, { message: 'b', temperature: 0.9, max_output_tokens: 10_000 });
    const reader = chat.subscribe(session.session_id, OWNER, started.run_id, null);
    while ((await reader.next()) !== null);
    expect(preflights.map((request) => request.chargeRun)).toEqual([false, true, true]);
    expect(preflights.every((request) => request.module === 'chat' && request.profile === 'local')).toBe(true);
    expect(generations.map((request) => [request.temperature, request.maxOutputTokens])).toEqual([
      [0.3, CHAT_LIMITS.maxOutputTokens],
      [0.9, CHAT_LIMITS.maxOutputTokens],
    ]);
    expect(generations[1]?.system).toBe(CHAT_SYSTEM_INSTRUCTION);
    expect(generations[1]?.messages.map((message) => message.content)).toEqual(['a', 'ok', 'b']);
    expect(chat.getSession(session.session_id, OWNER).message_count).toBe(4);
  });

  it('refuses everything before the preflight while degraded', async () => {
    const { chat, preflights } = world({ degraded: true });
    expect(await codeOf(() => chat.createSession(OWNER, SESSION))).toBe('STARTUP_DEGRADED');
    expect(preflights).toEqual([]);
  });

  it('keeps a bounded number of stream runs per session for replay', async () => {
    const { chat } = world();
    const session = await chat.createSession(OWNER, SESSION);
    const runs: string[] = [];
    for (let i = 0; i <= CHAT_LIMITS.retainedRunsPerSession; i++) {
      const started = await chat.startStream(session.session_id, OWNER, { message: `m${i}` });
      runs.push(started.run_id);
      const reader = chat.subscribe(session.session_id, OWNER, started.run_id, null);
      while ((await reader.next()) !== null);
    }
    expect(await codeOf(async () => chat.subscribe(session.session_id, OWNER, runs[0] as string, null))).toBe('CHAT_RUN_NOT_FOUND');
    expect(await codeOf(async () => chat.subscribe(session.session_id, OWNER, runs.at(-1) as string, 0))).toBeNull();
  });

  it.each(['CONSENT_REVOKED', 'CONSENT_BUDGET_EXHAUSTED'] as const)(
    'stops a stream run the moment its consent is withdrawn (%s): upstream aborted in the same turn, failed with the code, history unchanged',
    async (code) => {
      let upstreamAborted = false;
      let wrote: () => void = () => undefined;
      const writing = new Promise<void>((resolve) => (wrote = resolve));
      const provider: ChatProvider = {
        generate: (request, sink) =>
          new Promise((_resolve, reject) => {
            sink.text('partial answer ');
            wrote();
            request.signal.addEventListener('abort', () => {
              upstreamAborted = true;
              reject(new ProviderFailure('PROVIDER_FAILED', false, false, true));
            });
          }),
      };
      const { chat, consentRuns } = world({ provider });
      const session = await chat.createSession(OWNER, { ...SESSION, consent: 'grant-1' });
      const other = await chat.createSession(OWNER, { ...SESSION, consent: 'grant-2' });
      const started = await chat.startStream(session.session_id, OWNER, { message: 'hold' });
      await writing;
      consentRuns.withdraw('grant-2', code);
      expect(upstreamAborted).toBe(false);
      consentRuns.withdraw('grant-1', code);
      expect(upstreamAborted).toBe(true);
      const events = [];
      const reader = chat.subscribe(session.session_id, OWNER, started.run_id, null);
      for (let event = await reader.next(); event !== null; event = await reader.next()) events.push(event);
      expect(events.map((event) => event.kind)).toEqual(['active', 'first-token', 'delta', 'failed']);
      expect(events.at(-1)).toMatchObject({ kind: 'failed', outcome: 'failed', code });
      expect(chat.getSession(session.session_id, OWNER).message_count).toBe(0);
      expect(chat.getSession(other.session_id, OWNER).message_count).toBe(0);
      expect(chat.activeWork()).toEqual({ active: 0, pendingCancellation: 0 });
    },
  );

  it('refuses a synchronous run whose consent is withdrawn while it runs, keeping nothing of it', async () => {
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const provider: ChatProvider = {
      generate: (request, sink) =>
        new Promise((_resolve, reject) => {
          sink.text('half');
          started();
          request.signal.addEventListener('abort', () => reject(new ProviderFailure('PROVIDER_FAILED', false, false, true)));
        }),
    };
    const { chat, consentRuns } = world({ provider });
    const session = await chat.createSession(OWNER, { ...SESSION, consent: 'grant-1' });
    const run = codeOf(() => chat.run(session.session_id, OWNER, { message: 'hold' }));
    await running;
    consentRuns.withdraw('grant-1', 'CONSENT_REVOKED');
    expect(await run).toBe('CONSENT_REVOKED');
    expect(chat.getSession(session.session_id, OWNER).message_count).toBe(0);
  });

  it('counts active runs for the shutdown preflight and interrupts them on shutdown', async () => {
    let release: () => void = () => undefined;
    const provider: ChatProvider = {
      generate: (request) =>
        new Promise((_resolve, reject) => {
          release = () => reject(new ProviderFailure('PROVIDER_FAILED', false, false, true));
          request.signal.addEventListener('abort', () => release());
        }),
    };
    const { chat } = world({ provider });
    const session = await chat.createSession(OWNER, SESSION);
    let changes = 0;
    chat.onChange(() => changes++);
    const started = await chat.startStream(session.session_id, OWNER, { message: 'hold' });
    expect(chat.activeWork()).toEqual({ active: 1, pendingCancellation: 0 });
    chat.shutdown();
    expect(chat.activeWork().pendingCancellation).toBe(1);
    const events = [];
    const reader = chat.subscribe(session.session_id, OWNER, started.run_id, null);
    for (let event = await reader.next(); event !== null; event = await reader.next()) events.push(event);
    expect(events.map((event) => event.kind)).toEqual(['active', 'interrupted']);
    expect(events.at(-1)).toMatchObject({ reason: 'shutdown' });
    expect(chat.activeWork()).toEqual({ active: 0, pendingCancellation: 0 });
    expect(changes).toBeGreaterThan(0);
    expect(await codeOf(() => chat.startStream(session.session_id, OWNER, { message: 'after' }))).toBe('STARTUP_DEGRADED');
  });
});
