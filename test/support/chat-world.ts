import { createServer, type AddressInfo } from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { LaunchedSidecar } from '../../client/launcher.js';
import type { ChatStreamEvent } from '../../src/contract/chat.js';
import type { ProviderId } from '../../src/contract/providers.js';
import { localState, type LocalStateFixture } from './local-state.js';
import { TEST_PROVIDER_NETWORK_VARIABLE, type TestProviderNetwork } from './provider-network-extension.js';
import { startFakeProvider, type FakeProvider } from './provider-fakes/index.js';
import { startSidecar, TEST_SIDECAR_ENTRY } from './sidecar.js';
import { createTestPki } from './test-pki.js';

export const OPENAI_HOST = 'api.openai.test';
export const ANTHROPIC_HOST = 'api.anthropic.test';
const OPENAI_ADDRESS = '34.117.40.1';
const ANTHROPIC_ADDRESS = '34.117.40.2';
export const MODEL = 'fake-model';
export const OWNER = 'desktop-main:window-1';

/** A test credential made at run time; it must never appear in an answer or a log line. */
export const TEST_API_KEY = `sk-test-${Math.random().toString(36).slice(2)}-never-echo`;

export interface JsonAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly text: string;
}

export interface ChatWorld {
  readonly fixture: LocalStateFixture;
  sidecar: LaunchedSidecar;
  readonly fakes: Readonly<Record<ProviderId, FakeProvider>>;
  readonly network: TestProviderNetwork;
  /** The cloud fakes' names served with another key, signed by a second CA the sidecar also trusts. */
  readonly rekeyedLeaf: { readonly key: string; readonly cert: string };
  /** The cloud fakes' original leaf. */
  readonly originalLeaf: { readonly key: string; readonly cert: string };
  /** Connections the proxy named in the sidecar's environment received (it must stay 0). */
  proxyConnections(): number;
  /** Every answer text seen, for the no-leak checks. */
  readonly transcripts: string[];
  /** Every stream event parsed, for the schema check. */
  readonly seenEvents: ChatStreamEvent[];
  launch(): Promise<LaunchedSidecar>;
  close(): Promise<void>;
}

/** Four wire fakes (two behind the test CA and test names), a provisioned workspace and the test sidecar. */
/** `args` are added to the sidecar's command line (e.g. `--artifact-root`). */
export async function startChatWorld(options: { readonly args?: readonly string[] } = {}): Promise<ChatWorld> {
  const pki = createTestPki([OPENAI_HOST, ANTHROPIC_HOST]);
  const second = createTestPki([OPENAI_HOST, ANTHROPIC_HOST]);
  const fakes: Record<ProviderId, FakeProvider> = {
    ollama: await startFakeProvider('ollama'),
    openai_compatible: await startFakeProvider('openai'),
    openai: await startFakeProvider('openai', pki.leaf),
    anthropic: await startFakeProvider('anthropic', pki.leaf),
  };
  const network: TestProviderNetwork = {
    hosts: { [OPENAI_HOST]: [[OPENAI_ADDRESS]], [ANTHROPIC_HOST]: [[ANTHROPIC_ADDRESS]] },
    ca: [pki.caCert, second.caCert],
    dial: { [`${OPENAI_ADDRESS}:443`]: fakes.openai.port, [`${ANTHROPIC_ADDRESS}:443`]: fakes.anthropic.port },
    cloudUrls: { openai: `https://${OPENAI_HOST}/v1`, anthropic: `https://${ANTHROPIC_HOST}` },
  };
  // A proxy trap named by every proxy variable: provider sockets must never go through it.
  let proxyConnections = 0;
  const trap = createServer((socket) => {
    proxyConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  const proxy = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
  const proxyEnv = { HTTP_PROXY: proxy, HTTPS_PROXY: proxy, ALL_PROXY: proxy, http_proxy: proxy, https_proxy: proxy, NO_PROXY: '', NODE_USE_ENV_PROXY: '1' };
  const fixture = localState('unlocked');
  const launch = (): Promise<LaunchedSidecar> =>
    startSidecar({
      entry: TEST_SIDECAR_ENTRY,
      args: ['--workspace', fixture.workspace, ...(options.args ?? [])],
      env: { ...fixture.secrets.env, ...proxyEnv, [TEST_PROVIDER_NETWORK_VARIABLE]: JSON.stringify(network) },
    });
  const world: ChatWorld = {
    fixture,
    sidecar: await launch(),
    fakes,
    network,
    rekeyedLeaf: second.leaf,
    originalLeaf: pki.leaf,
    transcripts: [],
    seenEvents: [],
    proxyConnections: () => proxyConnections,
    launch,
    async close() {
      await world.sidecar.stop();
      fixture.stop();
      await Promise.all(Object.values(fakes).map((fake) => fake.close()));
      await new Promise<void>((resolve) => trap.close(() => resolve()));
    },
  };
  return world;
}

export interface CallOptions {
  readonly body?: unknown;
  /** The owner header; null sends none. Default OWNER. */
  readonly owner?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
}

export async function call(world: ChatWorld, method: string, path: string, options: CallOptions = {}): Promise<JsonAnswer> {
  const headers: Record<string, string> = { ...world.sidecar.requestHeaders(), ...options.headers };
  const owner = options.owner === undefined ? OWNER : options.owner;
  if (owner !== null) headers['x-service-session-owner'] = owner;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${world.sidecar.baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  world.transcripts.push(text);
  return { status: response.status, body: (text.length > 0 ? JSON.parse(text) : {}) as Record<string, unknown>, text };
}

export function endpointOf(world: ChatWorld, providerId: ProviderId): string {
  switch (providerId) {
    case 'ollama':
      return `http://127.0.0.1:${world.fakes.ollama.port}`;
    case 'openai_compatible':
      return `http://127.0.0.1:${world.fakes.openai_compatible.port}/v1`;
    case 'openai':
      return `https://${OPENAI_HOST}/v1`;
    case 'anthropic':
      return `https://${ANTHROPIC_HOST}`;
  }
}

function expectOk(answer: JsonAnswer, what: string): Record<string, unknown> {
  if (answer.status !== 200) throw new Error(`${what} failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** Tests the endpoint and saves a named profile for it. */
export async function createProfile(world: ChatWorld, name: string, providerId: ProviderId, model = MODEL): Promise<void> {
  const endpoint = endpointOf(world, providerId);
  const tested = expectOk(await call(world, 'POST', '/api/v1/provider-endpoints/validate', { body: { provider_id: providerId, endpoint } }), 'endpoint test');
  const configuration = expectOk(await call(world, 'GET', '/api/v1/provider-configuration'), 'configuration');
  expectOk(
    await call(world, 'POST', '/api/v1/provider-profiles', {
      body: {
        expected_revision: configuration.profile_revision,
        name,
        provider_id: providerId,
        endpoint,
        model,
        destination_identity: tested.destination_identity,
      },
    }),
    'profile',
  );
}

/** Previews and grants a chat consent for a profile. */
/** A chat consent on `profile`; `budget` is a run count or a whole budget (with character bounds). */
export async function createConsent(world: ChatWorld, name: string, profile: string, budget: number | Record<string, number> | null = null): Promise<void> {
  const preview = expectOk(
    await call(world, 'POST', '/api/v1/consents/preview', {
      body: {
        name,
        profile,
        model: MODEL,
        modules: ['chat'],
        purposes: ['research_chat'],
        data_classes: ['user_text'],
        retention: 'transient',
        budget: typeof budget === 'number' ? { max_runs: budget } : budget,
      },
    }),
    'consent preview',
  );
  const configuration = expectOk(await call(world, 'GET', '/api/v1/provider-configuration'), 'configuration');
  expectOk(
    await call(world, 'POST', '/api/v1/consents', {
      body: { expected_revision: configuration.consent_revision, digest: preview.digest, scope: preview.scope },
    }),
    'consent',
  );
}

export function sessionRequest(profile: string, consent: string | null = null): Record<string, unknown> {
  return { profile, model: MODEL, purpose: 'research_chat', data_classes: ['user_text'], ...(consent === null ? {} : { consent }) };
}

export async function openSession(world: ChatWorld, profile: string, consent: string | null = null): Promise<string> {
  const created = expectOk(await call(world, 'POST', '/api/v1/chat/sessions', { body: sessionRequest(profile, consent) }), 'session');
  return created.session_id as string;
}

export interface ChatStream {
  readonly status: number;
  readonly error: { code: string } | null;
  readonly events: ChatStreamEvent[];
  readonly messages: EventSourceMessage[];
  readonly finished: Promise<'end' | 'error'>;
  /** Resolves once an event matching `predicate` arrived (or the stream finished). */
  waitFor(predicate: (event: ChatStreamEvent) => boolean): Promise<void>;
  close(): void;
}

/** Opens a run's event stream with a real HTTP client and parses it with eventsource-parser. */
export async function openChatStream(
  world: ChatWorld,
  sessionId: string,
  runId: string,
  options: { owner?: string | null; lastEventId?: string; query?: string } = {},
): Promise<ChatStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { ...world.sidecar.requestHeaders(), accept: 'text/event-stream' };
  const owner = options.owner === undefined ? OWNER : options.owner;
  if (owner !== null) headers['x-service-session-owner'] = owner;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const url = `${world.sidecar.baseUrl}/api/v1/chat/sessions/${sessionId}/streams/${runId}/events${options.query ?? ''}`;
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: ChatStreamEvent[] = [];
  const messages: EventSourceMessage[] = [];
  const waiters: Array<{ predicate: (event: ChatStreamEvent) => boolean; resolve: () => void }> = [];
  let ended = false;
  const notify = (): void => {
    for (const waiter of [...waiters]) {
      if (ended || events.some(waiter.predicate)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  if (response.status !== 200) {
    const error = (await response.json()) as { code: string };
    return {
      status: response.status,
      error,
      events,
      messages,
      finished: Promise.resolve('end'),
      waitFor: async () => undefined,
      close: () => controller.abort(),
    };
  }
  const parser = createParser({
    onEvent: (message) => {
      messages.push(message);
      const event = JSON.parse(message.data) as ChatStreamEvent;
      events.push(event);
      if (world.seenEvents.length < 100_000) world.seenEvents.push(event);
      notify();
    },
  });
  const finished = (async (): Promise<'end' | 'error'> => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        world.transcripts.push(text);
        parser.feed(text);
      }
      return 'end';
    } catch {
      return 'error';
    } finally {
      ended = true;
      notify();
    }
  })();
  return {
    status: 200,
    error: null,
    events,
    messages,
    finished,
    waitFor: (predicate) =>
      new Promise<void>((resolve) => {
        waiters.push({ predicate, resolve });
        notify();
      }),
    close: () => controller.abort(),
  };
}

/** Starts a streaming run and reads all its events to the end. */
export async function streamToEnd(
  world: ChatWorld,
  sessionId: string,
  body: Record<string, unknown>,
): Promise<{ runId: string; events: ChatStreamEvent[]; messages: EventSourceMessage[] }> {
  const started = await call(world, 'POST', `/api/v1/chat/sessions/${sessionId}/streams`, { body });
  if (started.status !== 202) throw new Error(`stream start failed: ${started.status} ${started.text}`);
  const runId = started.body.run_id as string;
  const stream = await openChatStream(world, sessionId, runId);
  await stream.finished;
  return { runId, events: stream.events, messages: stream.messages };
}

export function deltaText(events: readonly ChatStreamEvent[]): string {
  return events.map((event) => (event.kind === 'delta' ? event.text : '')).join('');
}

export const TERMINAL_KINDS = ['completed', 'interrupted', 'failed'];

export async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}
