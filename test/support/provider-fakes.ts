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

export const OK_HANDLER: FakeHandler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"ok":true}');
};

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
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, servername: typeof socket.servername === 'string' ? socket.servername : null });
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
