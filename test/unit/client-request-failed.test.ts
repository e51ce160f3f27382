import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../client/api-client.js';
import { ChatClient } from '../../client/chat.js';
import { readEventStream } from '../../client/event-stream.js';
import { RequestFailed } from '../../client/request-failed.js';
import { SettingsClient } from '../../client/settings.js';

const SESSION = `chs_${'1'.repeat(32)}`;
const RUN = `chr_${'2'.repeat(32)}`;
const CORRELATION = `api_${'a'.repeat(32)}`;

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server === null ? resolve() : server.close(() => resolve()))));

/** A loopback service answering every request with `status` and `body`. */
async function answering(status: number, body: unknown): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  // cast: listening on a TCP port, address() is an AddressInfo
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const identity = { bearer: 'b'.repeat(43), appBuild: '1.0.0-test' };

describe('a refusal keeps what the service said', () => {
  it('an ErrorEnvelope: its typed code, details, correlation_ref and remediation', async () => {
    const envelope = {
      code: 'SETTINGS_VALUE_INVALID',
      message: 'A setting value is not valid.',
      correlation_ref: CORRELATION,
      details: [{ name: 'chat.temperature', value: 'out_of_range' }],
      remediation: 'send a value in range',
    };
    const settings = new SettingsClient(createApiClient(await answering(400, envelope), identity));
    const failure = await settings.patch({ 'chat.temperature': 5 }, 3).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestFailed);
    expect(failure).toMatchObject({
      status: 400,
      code: 'SETTINGS_VALUE_INVALID',
      serviceMessage: envelope.message,
      details: envelope.details,
      correlationRef: CORRELATION,
      remediation: 'send a value in range',
      validation: [],
    });
  });

  it('a 422: the validation errors, no code', async () => {
    const detail = [{ loc: ['body', 'expected_revision'], msg: 'must be integer', type: 'integer' }];
    const settings = new SettingsClient(createApiClient(await answering(422, { detail }), identity));
    await expect(settings.get()).rejects.toMatchObject({ status: 422, code: null, validation: detail, details: [] });
  });

  it('a code this client does not know, or a body that is no envelope, is kept as null, never trusted', async () => {
    const settings = new SettingsClient(createApiClient(await answering(500, { code: 'SOMETHING_NEW', details: [{ name: 1 }], correlation_ref: 7 }), identity));
    await expect(settings.get()).rejects.toMatchObject({ status: 500, code: null, serviceMessage: null, details: [], correlationRef: null });
  });

  it('a refused event stream says the same', async () => {
    const baseUrl = await answering(410, { code: 'CHAT_STREAM_REPLAY_GAP', message: 'gone', correlation_ref: CORRELATION, details: [] });
    const stream = readEventStream(`${baseUrl}/events`, {}, undefined);
    const failure = await stream.next().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestFailed);
    expect(failure).toMatchObject({
      status: 410,
      request: 'event stream',
      code: 'CHAT_STREAM_REPLAY_GAP',
      serviceMessage: 'gone',
      correlationRef: CORRELATION,
    });
  });

  it("a chat run's cancel that the service refuses throws instead of resolving", async () => {
    const envelope = { code: 'CHAT_RUN_NOT_FOUND', message: 'no run', correlation_ref: CORRELATION, details: [] };
    let first = true;
    server = createServer((req, res) => {
      req.resume();
      res.writeHead(first ? 202 : 404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(first ? { schema_version: 1, session_id: SESSION, run_id: RUN, state: 'active' } : envelope));
      first = false;
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    // cast: listening on a TCP port, address() is an AddressInfo
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const chat = new ChatClient(createApiClient(baseUrl, identity), baseUrl, () => ({}), 'window-1');
    const run = await chat.stream(SESSION, { message: 'hi' });
    await expect(run.cancel()).rejects.toMatchObject({ name: 'RequestFailed', status: 404, code: 'CHAT_RUN_NOT_FOUND' });
  });
});

describe('a request the caller gives up on', () => {
  it('settings.get and settings.patch end with the abort reason while the service holds the request', async () => {
    server = createServer((req) => req.resume());
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    // cast: listening on a TCP port, address() is an AddressInfo
    const settings = new SettingsClient(createApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, identity));
    const reason = new Error('the window closed');
    const controller = new AbortController();
    const pending = settings.get(controller.signal);
    const patching = settings.patch({ 'ui.theme': 'dark' }, 0, controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await expect(patching).rejects.toBe(reason);
    server.closeAllConnections();
  });
});
