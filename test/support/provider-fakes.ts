import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly servername: string | null;
}

export interface ProviderFake {
  readonly port: number;
  readonly requests: FakeRequest[];
  close(): Promise<void>;
}

export type FakeHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** Answers each provider's test path in its listing shape (Ollama's version, OpenAI's list, Anthropic's page). */
export const OK_HANDLER: FakeHandler = (request, response) => {
  const path = request.url ?? '';
  const body = path.endsWith('/api/version')
    ? { version: '0.5.1' }
    : path === '/v1/models' && request.headers['anthropic-version'] !== undefined
      ? {
          data: [{ type: 'model', id: 'fake-model', display_name: 'Fake', created_at: '2025-02-19T00:00:00Z' }],
          has_more: false,
          first_id: 'fake-model',
          last_id: 'fake-model',
        }
      : { object: 'list', data: [{ id: 'fake-model', object: 'model', created: 1686935002, owned_by: 'organization-owner' }] };
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** A server of another kind: 404 with a plain-text page on every path (Go's net/http, llama.cpp's "File Not Found"). */
export const NOT_FOUND_HANDLER: FakeHandler = (_request, response) => {
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  response.end('404 page not found\n');
};

/** A server of another kind answering 200 with an HTML page on every path. */
export const HTML_HANDLER: FakeHandler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end('<!doctype html><title>router</title>');
};

/** Answers with the given status and an OpenAI-shaped error body, chunked (no Content-Length). */
export function statusHandler(status: number, error: Record<string, unknown>): FakeHandler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.write(JSON.stringify(error).slice(0, 10));
    response.end(JSON.stringify(error).slice(10));
  };
}

export const REDIRECT_HANDLER: FakeHandler = (_request, response) => {
  response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
  response.end();
};

async function listen(server: Server | TcpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closing(server: Server | TcpServer): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      server.close(() => resolve());
    });
}

function recorder(requests: FakeRequest[], handler: FakeHandler): FakeHandler {
  return (request, response) => {
    const socket = request.socket as { servername?: string | false };
    if (requests.length < 256) {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        servername: typeof socket.servername === 'string' ? socket.servername : null,
      });
    }
    handler(request, response);
  };
}

/** A loopback HTTP fake (local providers). */
export async function startHttpFake(handler: FakeHandler = OK_HANDLER): Promise<ProviderFake> {
  const requests: FakeRequest[] = [];
  const server = createHttpServer(recorder(requests, handler));
  return { port: await listen(server), requests, close: closing(server) };
}

/** A loopback HTTPS fake with the given certificate (cloud providers). */
export async function startHttpsFake(tls: { key: string; cert: string }, handler: FakeHandler = OK_HANDLER): Promise<ProviderFake> {
  const requests: FakeRequest[] = [];
  const server = createHttpsServer({ key: tls.key, cert: tls.cert }, recorder(requests, handler));
  return { port: await listen(server), requests, close: closing(server) };
}

/** A listening trap: counts every connection and answers nothing. */
export async function startTrap(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let count = 0;
  const server = createTcpServer((socket) => {
    count++;
    socket.destroy();
  });
  return { port: await listen(server), connections: () => count, close: closing(server) };
}
