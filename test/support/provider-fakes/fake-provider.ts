import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  anthropicErrorEvent,
  contentType,
  errorBody,
  LLAMACPP_ERROR_FIELD,
  midStreamError,
  nonStreamBody,
  textFrames,
  type OpenAiFlavour,
  type TextAnswer,
  type WireKind,
} from './wire-frames.js';

/**
 * A loopback fake of one provider wire format, faithful at the byte level: answers are cut into
 * small writes at arbitrary byte offsets (inside lines, JSON strings and UTF-8 characters), with
 * keep-alives, error bodies, slow first tokens, abrupt disconnects and endless output. It counts
 * every generation call and every answer the client abandoned.
 */

export type FakeReply =
  | {
      readonly kind: 'text';
      readonly answer: TextAnswer;
      /** Bytes per write; small values cut through lines and characters. Default 7. */
      readonly splitBytes?: number;
      /** Pause before the first text-bearing frame (slow first token). */
      readonly firstTokenDelayMs?: number;
    }
  /** An error status with the provider's own error body for it (or `body`, e.g. another server's 404 page). */
  | { readonly kind: 'status'; readonly status: number; readonly body?: string; readonly contentType?: string }
  /** llama.cpp before late 2025: some text, then `error: {…}` as an SSE field and `data: [DONE]`. */
  | { readonly kind: 'llamacpp-error'; readonly pieces: readonly string[] }
  /** OpenAI-compatible: text chunks, then `data: [DONE]` without any finish reason. */
  | { readonly kind: 'done-without-finish'; readonly pieces: readonly string[] }
  /** The provider's in-stream error before any output (Anthropic `event: error` after `message_start`). */
  | { readonly kind: 'stream-error'; readonly errorType?: string }
  /** A recorded transcript, byte for byte, cut every `splitBytes` bytes. */
  | { readonly kind: 'raw'; readonly bytes: Buffer; readonly splitBytes?: number; readonly contentType?: string }
  /** Some text, then the provider's mid-stream error frame (status stays 200). */
  | { readonly kind: 'mid-stream-error'; readonly pieces: readonly string[] }
  /** Some text, then the socket is destroyed without an end. */
  | { readonly kind: 'disconnect'; readonly pieces: readonly string[] }
  /** One text frame every interval until the client goes away (cancel tests). */
  | { readonly kind: 'endless'; readonly piece: string; readonly intervalMs: number }
  /** Headers, then silence until the client goes away. */
  | { readonly kind: 'silent' }
  /** The connection is dropped before any answer. */
  | { readonly kind: 'refuse' };

export interface RecordedCall {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
  /** The request body exactly as it arrived. */
  readonly raw: string;
  readonly servername: string | null;
}

export interface FakeProvider {
  readonly kind: WireKind;
  readonly port: number;
  /** Generation calls received (probes excluded). */
  calls(): number;
  /** TCP connections accepted (endpoint probes and TLS handshakes included). */
  connections(): number;
  /** Answers the client abandoned before their end (cancel or timeout reached the socket). */
  abandoned(): number;
  readonly recorded: RecordedCall[];
  /** performance.now() of the write that carried the first text byte of the latest answer. */
  firstTextWrittenAt(): number | null;
  /** Resolves with performance.now() when the next answer is abandoned (its socket closed by the client before its end). */
  nextAbandonment(): Promise<number>;
  /** Resolves with performance.now() when the next answer writes its first text byte. */
  nextFirstText(): Promise<number>;
  /** Resolves with performance.now() when the next generation call arrives. */
  nextCall(): Promise<number>;
  /** Queues replies for the next calls; when the queue is empty `fallback` answers. */
  script(...replies: FakeReply[]): void;
  setFallback(reply: FakeReply): void;
  /** TLS fakes: serves another certificate from now on (a changed leaf key for identity tests). */
  setCertificate(tls: { readonly key: string; readonly cert: string }): void;
  reset(): void;
  close(): Promise<void>;
}

const GENERATION_PATHS: Record<WireKind, readonly string[]> = {
  ollama: ['/api/chat'],
  openai: ['/v1/chat/completions', '/chat/completions'],
  anthropic: ['/v1/messages'],
};

const MAX_RECORDED = 256;

function firstPieceIndex(kind: WireKind): number {
  return kind === 'anthropic' ? 3 : 0;
}

function cut(bytes: Buffer, size: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) parts.push(bytes.subarray(offset, offset + size));
  return parts;
}

function nextTick(ms = 0): Promise<void> {
  return new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}

async function readBody(request: IncomingMessage): Promise<{ body: unknown; raw: string }> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const raw = Buffer.concat(parts).toString('utf8');
  try {
    return { body: JSON.parse(raw) as unknown, raw };
  } catch {
    return { body: raw, raw };
  }
}

export interface FakeOptions {
  /** OpenAI-compatible fakes: whose error bodies to send (default `openai`). */
  readonly flavour?: OpenAiFlavour;
}

function modelsBody(kind: WireKind, path: string): string | null {
  if (kind === 'ollama') {
    if (path === '/api/version') return '{"version":"0.5.1"}';
    if (path === '/api/tags')
      return JSON.stringify({
        models: [
          { name: 'fake-model:latest', model: 'fake-model:latest', size: 2019393189, digest: 'a80c4f17acd5', details: { format: 'gguf', family: 'llama' } },
        ],
      });
    return null;
  }
  if (path === '/v1/models' || path === '/models') {
    return kind === 'anthropic'
      ? JSON.stringify({
          data: [{ type: 'model', id: 'fake-model', display_name: 'Fake', created_at: '2025-02-19T00:00:00Z' }],
          has_more: false,
          first_id: 'fake-model',
          last_id: 'fake-model',
        })
      : JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model', created: 1686935002, owned_by: 'organization-owner' }] });
  }
  return null;
}

export async function startFakeProvider(
  kind: WireKind,
  tls?: { readonly key: string; readonly cert: string },
  options: FakeOptions = {},
): Promise<FakeProvider> {
  const flavour = options.flavour ?? 'openai';
  let queue: FakeReply[] = [];
  let fallback: FakeReply = { kind: 'text', answer: { pieces: ['Hello', ' from the fake.'] } };
  let calls = 0;
  let connections = 0;
  let abandoned = 0;
  let firstTextAt: number | null = null;
  const recorded: RecordedCall[] = [];
  const abandonmentWaiters: ((at: number) => void)[] = [];
  const firstTextWaiters: ((at: number) => void)[] = [];
  const callWaiters: ((at: number) => void)[] = [];
  const wake = (waiters: ((at: number) => void)[], at: number): void => {
    for (const waiter of waiters.splice(0)) waiter(at);
  };

  async function writeParts(response: ServerResponse, parts: readonly Buffer[], live: () => boolean, onFirst?: () => void): Promise<boolean> {
    for (const part of parts) {
      if (!live()) return false;
      response.write(part);
      onFirst?.();
      onFirst = undefined;
      await nextTick();
    }
    return live();
  }

  async function answer(reply: FakeReply, response: ServerResponse, socket: Socket, body: unknown): Promise<void> {
    let open = true;
    response.on('close', () => {
      if (open && !response.writableFinished) {
        abandoned++;
        wake(abandonmentWaiters, performance.now());
      }
      open = false;
    });
    const live = (): boolean => open && !socket.destroyed;
    const markFirst = (): void => {
      firstTextAt = performance.now();
      wake(firstTextWaiters, firstTextAt);
    };
    switch (reply.kind) {
      case 'refuse':
        socket.destroy();
        return;
      case 'status':
        response.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json', ...(reply.status === 429 ? { 'retry-after': '0' } : {}) });
        response.end(reply.body ?? errorBody(kind, reply.status, flavour));
        open = false;
        return;
      default:
        break;
    }
    const request = (typeof body === 'object' && body !== null ? body : {}) as { stream?: unknown; stream_options?: { include_usage?: unknown } };
    // `stream: false` (Ollama streams unless told not to; OpenAI and Anthropic stream only when asked).
    const streaming = kind === 'ollama' ? request.stream !== false : request.stream === true;
    if (reply.kind === 'text' && !streaming) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(nonStreamBody(kind, reply.answer));
      open = false;
      return;
    }
    if (reply.kind === 'raw') {
      response.writeHead(200, { 'content-type': reply.contentType ?? contentType(kind), 'cache-control': 'no-cache' });
      response.flushHeaders();
      if (!(await writeParts(response, cut(reply.bytes, reply.splitBytes ?? reply.bytes.length), live, markFirst))) return;
      open = false;
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': contentType(kind), 'cache-control': 'no-cache' });
    response.flushHeaders();
    if (reply.kind === 'silent') return;
    if (reply.kind === 'endless') {
      const frames = textFrames(kind, { pieces: [reply.piece, reply.piece] });
      const index = firstPieceIndex(kind);
      if (!(await writeParts(response, [Buffer.from(frames.slice(0, index).join(''))], live))) return;
      const piece = Buffer.from(frames[index + 1] ?? '');
      let first: (() => void) | undefined = markFirst;
      while (live()) {
        response.write(piece);
        first?.();
        first = undefined;
        await nextTick(reply.intervalMs);
      }
      return;
    }
    if (reply.kind === 'stream-error') {
      const prelude = kind === 'anthropic' ? (textFrames(kind, { pieces: [] })[0] ?? '') : '';
      const error =
        kind === 'anthropic'
          ? anthropicErrorEvent(reply.errorType ?? 'overloaded_error')
          : kind === 'ollama'
            ? `${JSON.stringify({ error: 'an error was encountered while running the model' })}\n`
            : `data: ${JSON.stringify({ error: { message: 'Loading model', type: reply.errorType ?? 'unavailable_error', code: 503 } })}\n\n`;
      await writeParts(response, cut(Buffer.from(prelude + error), 5), live);
      open = false;
      response.end();
      return;
    }
    if (reply.kind === 'llamacpp-error' || reply.kind === 'done-without-finish') {
      const frames = textFrames('openai', { pieces: reply.pieces }).slice(0, reply.pieces.length);
      const tail = reply.kind === 'llamacpp-error' ? LLAMACPP_ERROR_FIELD : 'data: [DONE]\n\n';
      if (!(await writeParts(response, cut(Buffer.from(frames.join('') + tail), 4), live, markFirst))) return;
      open = false;
      response.end();
      return;
    }
    if (reply.kind === 'text') {
      const includeUsage = request.stream_options?.include_usage === true;
      const frames = textFrames(kind, { ...reply.answer, includeUsage: reply.answer.includeUsage ?? includeUsage });
      const index = firstPieceIndex(kind);
      const size = reply.splitBytes ?? 7;
      const before = Buffer.from(frames.slice(0, index).join(''));
      const after = Buffer.from(frames.slice(index).join(''));
      if (!(await writeParts(response, cut(before, size), live))) return;
      if (reply.firstTokenDelayMs) await nextTick(reply.firstTokenDelayMs);
      if (!(await writeParts(response, cut(after, size), live, markFirst))) return;
      open = false;
      response.end();
      return;
    }
    // mid-stream-error and disconnect: the prelude and the pieces, then the failure.
    const frames = textFrames(kind, { pieces: reply.pieces });
    const shown = frames.slice(0, firstPieceIndex(kind) + reply.pieces.length).join('');
    if (!(await writeParts(response, cut(Buffer.from(shown), 5), live, markFirst))) return;
    if (reply.kind === 'mid-stream-error') {
      response.write(midStreamError(kind));
      if (kind === 'ollama') {
        open = false;
        response.end();
      }
      // SSE servers keep the connection after the error event; the client is expected to stop.
      return;
    }
    await nextTick(5);
    open = false;
    socket.destroy();
  }

  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    const path = request.url ?? '';
    if (request.method === 'GET') {
      const models = modelsBody(kind, path);
      if (models === null) {
        // Ollama's router answers an unknown path with Go's plain text page.
        response.writeHead(404, { 'content-type': kind === 'ollama' ? 'text/plain; charset=utf-8' : 'application/json' });
        response.end(kind === 'ollama' ? '404 page not found' : errorBody(kind, 404, flavour));
        return;
      }
      // Anthropic takes the key as `x-api-key` or, as @anthropic-ai/sdk 1.x sends it, `Authorization: Bearer`.
      if (kind === 'anthropic' && request.headers['x-api-key'] === undefined && !/^Bearer \S/.test(request.headers.authorization ?? '')) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(errorBody(kind, 401));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(models);
      return;
    }
    if (request.method !== 'POST' || !GENERATION_PATHS[kind].includes(path)) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(errorBody(kind, 404));
      return;
    }
    calls++;
    wake(callWaiters, performance.now());
    const socket = request.socket;
    socket.setNoDelay(true);
    const reply = queue.shift() ?? fallback;
    void readBody(request).then(({ body, raw }) => {
      const tlsSocket = socket as Socket & { servername?: string | false };
      if (recorded.length < MAX_RECORDED) {
        recorded.push({ path, headers: request.headers, body, raw, servername: typeof tlsSocket.servername === 'string' ? tlsSocket.servername : null });
      }
      return answer(reply, response, socket, body);
    });
  };

  const secure: HttpsServer | null = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, handler) : null;
  const server: Server = secure ?? createHttpServer(handler);
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    kind,
    port,
    calls: () => calls,
    connections: () => connections,
    abandoned: () => abandoned,
    recorded,
    firstTextWrittenAt: () => firstTextAt,
    nextAbandonment: () => new Promise((resolve) => abandonmentWaiters.push(resolve)),
    nextFirstText: () => new Promise((resolve) => firstTextWaiters.push(resolve)),
    nextCall: () => new Promise((resolve) => callWaiters.push(resolve)),
    script: (...replies) => {
      queue.push(...replies);
    },
    setFallback: (reply) => {
      fallback = reply;
    },
    setCertificate: (next) => {
      if (!secure) throw new Error('not a TLS fake');
      secure.setSecureContext({ key: next.key, cert: next.cert });
    },
    reset: () => {
      queue = [];
      calls = 0;
      connections = 0;
      abandoned = 0;
      firstTextAt = null;
      recorded.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
