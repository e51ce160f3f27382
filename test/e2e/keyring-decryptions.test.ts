import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import { monitorCalls, type BusMonitor } from '../support/bus-monitor.js';
import { keyringTool, localState, type LocalStateFixture } from '../support/local-state.js';
import { httpText, rawRequest, type RawResponse } from '../support/raw-http.js';

/**
 * Decrypt only to use (docs/security.md): a bus monitor on the private session bus of a real
 * GNOME Keyring counts the `GetSecret` calls the real sidecar makes per operation. Start reads the
 * database key (one); a credential's status and the provider listing read none (presence comes from
 * the item search); a set verifies its write with at most one.
 */

let fixture: LocalStateFixture;
let monitor: BusMonitor;
let sidecar: LaunchedSidecar | null = null;

beforeAll(async () => {
  fixture = localState('unlocked');
  keyringTool(fixture.secrets.env, 'set', 'openai.api_key', 'sk-present-before-start');
  monitor = await monitorCalls(fixture.secrets.env, 'org.freedesktop.Secret.Item', 'GetSecret');
});

afterAll(async () => {
  await sidecar?.stop();
  monitor.stop();
  fixture.stop();
});

async function send(method: string, path: string, body = ''): Promise<RawResponse> {
  if (sidecar === null) throw new Error('no sidecar');
  const headers = sidecar.requestHeaders();
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Content-Type: application/json',
    'Connection: close',
  ];
  if (body.length > 0) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return rawRequest(sidecar.port, httpText(lines, body));
}

describe('GetSecret calls per operation, against the real GNOME Keyring', () => {
  it('start: one (the database key)', async () => {
    sidecar = await fixture.launch();
    // The diagnostics answer once the local state (and so the key read) is settled.
    const diagnostics = await send('GET', '/api/v1/startup-diagnostics');
    expect(JSON.parse(diagnostics.body)).toMatchObject({ status: 'ready' });
    expect(await monitor.mark()).toBe(1);
  });

  it('status: none, present or missing', async () => {
    expect(JSON.parse((await send('GET', '/api/v1/secrets/openai.api_key/status')).body)).toEqual({ reference: 'openai.api_key', status: 'present' });
    expect(JSON.parse((await send('GET', '/api/v1/secrets/anthropic.api_key/status')).body)).toEqual({ reference: 'anthropic.api_key', status: 'missing' });
    expect(await monitor.mark()).toBe(0);
  });

  it('provider listing: none', async () => {
    const listing = await send('GET', '/api/v1/provider-configuration');
    expect(listing.status).toBe(200);
    expect(listing.body).toContain('present');
    expect(listing.body).not.toContain('sk-present-before-start');
    expect(await monitor.mark()).toBe(0);
  });

  it('set: at most one, for a new entry and for a replaced one', async () => {
    expect((await send('POST', '/api/v1/secrets/anthropic.api_key/set', JSON.stringify({ value: 'sk-new-entry' }))).status).toBe(200);
    expect(await monitor.mark()).toBeLessThanOrEqual(1);
    expect((await send('POST', '/api/v1/secrets/openai.api_key/set', JSON.stringify({ value: 'sk-replaced' }))).status).toBe(200);
    expect(await monitor.mark()).toBeLessThanOrEqual(1);
    expect(JSON.parse(keyringTool(fixture.secrets.env, 'get', 'openai.api_key'))).toBe('sk-replaced');
    expect(JSON.parse(keyringTool(fixture.secrets.env, 'get', 'anthropic.api_key'))).toBe('sk-new-entry');
  });
});
