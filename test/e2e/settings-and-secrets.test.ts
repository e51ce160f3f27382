import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import { filesUnder, keyringTool, localState, type LocalStateFixture } from '../support/local-state.js';
import { httpText, rawRequest, type RawResponse } from '../support/raw-http.js';

let fixture: LocalStateFixture;
let sidecar: LaunchedSidecar;
const transcripts: string[] = [];

beforeAll(async () => {
  fixture = localState('unlocked');
  sidecar = await fixture.launch();
});

afterAll(async () => {
  await sidecar.stop();
  fixture.stop();
});

async function patch(body: unknown): Promise<RawResponse> {
  return send('PATCH', '/api/v1/settings', JSON.stringify(body));
}

async function send(method: string, path: string, body = '', extra: readonly string[] = ['Content-Type: application/json']): Promise<RawResponse> {
  const headers = sidecar.requestHeaders();
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...extra,
    'Connection: close',
  ];
  if (body.length > 0 && !extra.some((line) => /^transfer-encoding/i.test(line))) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  const response = await rawRequest(sidecar.port, httpText(lines, body));
  transcripts.push(response.text);
  return response;
}

const json = (response: RawResponse): Record<string, unknown> => JSON.parse(response.body) as Record<string, unknown>;

async function currentSettings(): Promise<{ revision: number; values: Record<string, unknown> }> {
  const response = await sidecar.api.GET('/api/v1/settings', { params: { header: sidecar.header } });
  const data = response.data as NonNullable<typeof response.data>;
  return { revision: data.revision, values: Object.fromEntries(data.fields.map((field) => [field.key, field.value])) };
}

describe('settings', () => {
  it('reads the five-setting catalog with revision 0 and defaults', async () => {
    const response = await sidecar.api.GET('/api/v1/settings', { params: { header: sidecar.header } });
    expect(response.data?.schema_version).toBe(1);
    expect(response.data?.fields.map((field) => field.key)).toEqual([
      'ui.locale',
      'ui.theme',
      'privacy.living_threshold_years',
      'chat.temperature',
      'gedcom.export_version',
    ]);
    expect(response.data?.fields.every((field) => field.sensitive === false)).toBe(true);
  });

  it('applies a valid patch atomically and raises the revision by one', async () => {
    const before = await currentSettings();
    const response = await patch({
      schema_version: 1,
      expected_revision: before.revision,
      changes: { 'ui.theme': 'dark', 'privacy.living_threshold_years': 100, 'chat.temperature': 0.7 },
    });
    expect(response.status).toBe(200);
    const after = await currentSettings();
    expect(after.revision).toBe(before.revision + 1);
    expect(after.values).toMatchObject({ 'ui.theme': 'dark', 'privacy.living_threshold_years': 100, 'chat.temperature': 0.7 });
  });

  it.each([
    ['an unknown key', { 'ui.colour': 'red' }, 'SETTINGS_KEY_UNKNOWN', 'unknown_key'],
    ['a sensitive key', { 'openai.api_key': 'sk-x' }, 'SETTINGS_KEY_SENSITIVE', 'sensitive_key'],
    ['a value outside the allowed set', { 'ui.theme': 'neon' }, 'SETTINGS_VALUE_INVALID', 'invalid_value'],
    ['a value below the minimum', { 'privacy.living_threshold_years': 89 }, 'SETTINGS_VALUE_INVALID', 'invalid_value'],
    ['a fractional integer', { 'privacy.living_threshold_years': 100.5 }, 'SETTINGS_VALUE_INVALID', 'invalid_value'],
    ['a number above the maximum', { 'chat.temperature': 1.01 }, 'SETTINGS_VALUE_INVALID', 'invalid_value'],
    ['a string for a number', { 'chat.temperature': '0.5' }, 'SETTINGS_VALUE_INVALID', 'invalid_value'],
    ['null', { 'ui.locale': null }, 'SETTINGS_VALUE_INVALID', 'invalid_value'],
  ])('refuses %s mixed with valid changes, names the key, and changes nothing', async (_name, bad, code, detail) => {
    const before = await currentSettings();
    const response = await patch({
      schema_version: 1,
      expected_revision: before.revision,
      changes: { 'ui.locale': 'de', 'ui.theme': 'light', 'gedcom.export_version': '5.5.1', ...bad },
    });
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({ code, details: [{ name: detail, value: Object.keys(bad)[0] }] });
    expect(await currentSettings()).toEqual(before);
  });

  it('a patch of 32 changes with all five valid keys and invalid ones changes nothing; 33 changes is a 422', async () => {
    const before = await currentSettings();
    const changes: Record<string, unknown> = {
      'ui.locale': 'fr',
      'ui.theme': 'light',
      'privacy.living_threshold_years': 120,
      'chat.temperature': 0.1,
      'gedcom.export_version': '7.0',
    };
    for (let i = 0; Object.keys(changes).length < 32; i++) changes[`x.unknown_${i}`] = i;
    const response = await patch({ schema_version: 1, expected_revision: before.revision, changes });
    expect(json(response)).toMatchObject({ code: 'SETTINGS_KEY_UNKNOWN' });
    expect((json(response).details as unknown[]).length).toBe(16);
    expect(await currentSettings()).toEqual(before);
    changes['x.one_more'] = 1;
    const tooMany = await patch({ schema_version: 1, expected_revision: before.revision, changes });
    expect(tooMany.status).toBe(422);
    expect(await currentSettings()).toEqual(before);
  });

  it('refuses a stale revision with 409 and changes nothing', async () => {
    const before = await currentSettings();
    const response = await patch({ schema_version: 1, expected_revision: before.revision + 5, changes: { 'ui.theme': 'light' } });
    expect(response.status).toBe(409);
    expect(json(response)).toMatchObject({
      code: 'SETTINGS_REVISION_STALE',
      details: [{ name: 'expected_revision' }, { name: 'current_revision', value: before.revision }],
    });
    expect(await currentSettings()).toEqual(before);
  });

  it('of concurrent patches with the same expected revision exactly one wins', async () => {
    const before = await currentSettings();
    const themes = ['light', 'dark', 'system', 'light', 'dark', 'system', 'light', 'dark'];
    const responses = await Promise.all(
      themes.map((theme) => patch({ schema_version: 1, expected_revision: before.revision, changes: { 'ui.theme': theme } })),
    );
    const winners = responses.filter((response) => response.status === 200);
    expect(winners).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(themes.length - 1);
    const after = await currentSettings();
    expect(after.revision).toBe(before.revision + 1);
    expect(after.values['ui.theme']).toBe(
      (JSON.parse((winners[0] as RawResponse).body) as { fields: Array<{ key: string; value: unknown }> }).fields[1]?.value,
    );
  });
});

describe('request body rules on a body route', () => {
  const valid = (): string => JSON.stringify({ schema_version: 1, expected_revision: 999, changes: { 'ui.theme': 'dark' } });

  it.each([
    ['text/plain', 'Content-Type: text/plain'],
    ['form data', 'Content-Type: application/x-www-form-urlencoded'],
    ['json with another charset', 'Content-Type: application/json; charset=latin1'],
    ['no content type', null],
    ['a content coding (the service decodes none)', ['Content-Type: application/json', 'Content-Encoding: gzip']],
    ['a transfer coding other than chunked', ['Content-Type: application/json', 'Transfer-Encoding: gzip, chunked']],
  ])('415 for %s', async (_name, header) => {
    const extra = header === null ? [] : typeof header === 'string' ? [header] : header;
    const body = extra.some((line) => line.startsWith('Transfer-Encoding')) ? `${Buffer.byteLength(valid()).toString(16)}\r\n${valid()}\r\n0\r\n\r\n` : valid();
    const response = await send('PATCH', '/api/v1/settings', body, extra);
    expect(response.status).toBe(415);
    expect(json(response).code).toBe('CONTENT_TYPE_UNSUPPORTED');
  });

  it('accepts application/json with charset=utf-8, and the identity content coding', async () => {
    const response = await send('PATCH', '/api/v1/settings', valid(), ['Content-Type: application/json; charset=UTF-8']);
    expect(json(response).code).toBe('SETTINGS_REVISION_STALE');
    const identity = await send('PATCH', '/api/v1/settings', valid(), ['Content-Type: application/json', 'Content-Encoding: identity']);
    expect(json(identity).code).toBe('SETTINGS_REVISION_STALE');
  });

  it('413 by Content-Length before reading, and by counting a chunked body', async () => {
    const declared = await send('PATCH', '/api/v1/settings', '', ['Content-Type: application/json', 'Content-Length: 1048577']);
    expect(declared.status).toBe(413);
    expect(json(declared).code).toBe('REQUEST_TOO_LARGE');
    const chunk = `{"a":"${'x'.repeat(600_000)}`;
    const body = `${chunk.length.toString(16)}\r\n${chunk}\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`;
    const chunked = await send('PATCH', '/api/v1/settings', body, ['Content-Type: application/json', 'Transfer-Encoding: chunked']);
    expect(chunked.status).toBe(413);
    expect(json(chunked).code).toBe('REQUEST_TOO_LARGE');
  });

  it.each([
    ['truncated JSON', '{"schema_version":1', 400, 'REQUEST_JSON_INVALID'],
    ['an empty body with a length', ' ', 400, 'REQUEST_JSON_INVALID'],
    ['a prototype key', '{"__proto__":{"polluted":true},"schema_version":1}', 400, 'REQUEST_JSON_INVALID'],
    ['a constructor.prototype key', '{"constructor":{"prototype":{"x":1}}}', 400, 'REQUEST_JSON_INVALID'],
    ['depth 17', `${'['.repeat(17)}${']'.repeat(17)}`, 413, 'REQUEST_LIMIT_EXCEEDED'],
    ['1001 items', JSON.stringify(Array.from({ length: 1001 }, () => 0)), 413, 'REQUEST_LIMIT_EXCEEDED'],
    ['a 65,537-character string', JSON.stringify({ s: 'x'.repeat(65_537) }), 413, 'REQUEST_LIMIT_EXCEEDED'],
  ])('%s: %i %s', async (_name, body, status, code) => {
    const response = await send('PATCH', '/api/v1/settings', body);
    expect(response.status).toBe(status);
    expect(json(response).code).toBe(code);
  });

  it('400 for a body that is not UTF-8', async () => {
    const headers = sidecar.requestHeaders();
    const head = [
      'PATCH /api/v1/settings HTTP/1.1',
      'Host: 127.0.0.1',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'Content-Type: application/json',
      'Content-Length: 6',
      'Connection: close',
    ];
    const response = await rawRequest(sidecar.port, Buffer.concat([Buffer.from(httpText(head)), Buffer.from([0x22, 0xff, 0xfe, 0x80, 0x22, 0x20])]));
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({ code: 'REQUEST_JSON_INVALID', details: [{ name: 'reason', value: 'not_utf8' }] });
  });

  it.each([
    ['an unknown property', { schema_version: 1, expected_revision: 0, changes: { 'ui.theme': 'dark' }, extra: 1 }, ['body', 'extra']],
    ['a wrong type (no coercion)', { schema_version: 1, expected_revision: '0', changes: { 'ui.theme': 'dark' } }, ['body', 'expected_revision']],
    ['a missing field', { schema_version: 1, changes: { 'ui.theme': 'dark' } }, ['body', 'expected_revision']],
    ['another schema version', { schema_version: 2, expected_revision: 0, changes: { 'ui.theme': 'dark' } }, ['body', 'schema_version']],
    ['no changes', { schema_version: 1, expected_revision: 0, changes: {} }, ['body', 'changes']],
  ])('422 HTTPValidationError for %s', async (_name, body, loc) => {
    const response = await patch(body);
    expect(response.status).toBe(422);
    const detail = (json(response).detail as Array<{ loc: unknown[]; msg: string; type: string }>)[0];
    expect(detail?.loc).toEqual(loc);
    expect(typeof detail?.msg).toBe('string');
    expect(typeof detail?.type).toBe('string');
  });
});

describe('credentials', () => {
  const value = `sk-test-${'Zq9'.repeat(20)}-never-visible`;

  it('sets a credential, reads back present, survives a restart, and the value appears nowhere', async () => {
    const set = await send('POST', '/api/v1/secrets/openai.api_key/set', JSON.stringify({ value }));
    expect(set.status).toBe(200);
    expect(json(set)).toEqual({ reference: 'openai.api_key', status: 'present' });
    await sidecar.stop();
    sidecar = await fixture.launch();
    const status = await send('GET', '/api/v1/secrets/openai.api_key/status', '', []);
    expect(json(status)).toEqual({ reference: 'openai.api_key', status: 'present' });
    const needle = Buffer.from(value);
    for (const [file, bytes] of filesUnder(fixture.workspace)) expect(bytes.includes(needle), file).toBe(false);
    expect(readFileSync(join(fixture.workspace, 'service.db')).includes(needle)).toBe(false);
    for (const text of [...transcripts.slice(1), sidecar.stderrText()]) expect(text.includes(value)).toBe(false);
  });

  it('deletes a credential and verifies it is absent; delete is repeatable', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await send('POST', '/api/v1/secrets/openai.api_key/delete', '', []);
      expect(json(response)).toEqual({ reference: 'openai.api_key', status: 'missing' });
    }
    expect(json(await send('GET', '/api/v1/secrets/openai.api_key/status', '', []))).toEqual({ reference: 'openai.api_key', status: 'missing' });
  });

  it('refuses references off the allowlist (404) and malformed ones (422)', async () => {
    for (const reference of ['database.key', 'openai.api_keys', 'github.token']) {
      const response = await send('GET', `/api/v1/secrets/${reference}/status`, '', []);
      expect(response.status).toBe(404);
      expect(json(response).code).toBe('SECRET_REFERENCE_UNKNOWN');
    }
    const malformed = await send('GET', '/api/v1/secrets/OpenAI%20Key/status', '', []);
    expect(malformed.status).toBe(422);
    expect((json(malformed).detail as Array<{ loc: unknown[] }>)[0]?.loc[0]).toBe('path');
    // However long: the parameter breaks its pattern, it is not a bad URL.
    for (const length of [97, 300, 4000]) {
      const long = await send('GET', `/api/v1/secrets/${'a'.repeat(length)}/status`, '', []);
      expect(long.status, `${length} characters`).toBe(422);
      expect((json(long).detail as Array<{ loc: unknown[] }>)[0]?.loc).toEqual(['path', 'reference']);
    }
  });

  it('refuses a value with an escaped lone surrogate before any write (400), and the stored value stays', async () => {
    const good = `sk-kept-${'Qw7'.repeat(8)}`;
    expect(json(await send('POST', '/api/v1/secrets/openai.api_key/set', JSON.stringify({ value: good })))).toEqual({
      reference: 'openai.api_key',
      status: 'present',
    });
    for (const escaped of ['"sk-\\ud800"', '"sk-\\udfff-x"', '"\\ud83d"']) {
      const refused = await send('POST', '/api/v1/secrets/openai.api_key/set', `{"value":${escaped}}`);
      expect(refused.status, escaped).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'REQUEST_JSON_INVALID', details: [{ name: 'reason', value: 'lone_surrogate' }] });
      const missing = await send('POST', '/api/v1/secrets/anthropic.api_key/set', `{"value":${escaped}}`);
      expect(missing.status, escaped).toBe(400);
    }
    expect(JSON.parse(keyringTool(fixture.secrets.env, 'get', 'openai.api_key'))).toBe(good);
    expect(json(await send('GET', '/api/v1/secrets/anthropic.api_key/status', '', []))).toMatchObject({ status: 'missing' });
    // A well-formed pair (an emoji) is a value like any other.
    expect(json(await send('POST', '/api/v1/secrets/anthropic.api_key/set', '{"value":"sk-\\ud83d\\ude00"}'))).toEqual({
      reference: 'anthropic.api_key',
      status: 'present',
    });
    expect(JSON.parse(keyringTool(fixture.secrets.env, 'get', 'anthropic.api_key'))).toBe('sk-\u{1F600}');
    for (const reference of ['openai.api_key', 'anthropic.api_key']) await send('POST', `/api/v1/secrets/${reference}/delete`, '', []);
  });

  it('refuses empty, oversized and extra-field values', async () => {
    expect((await send('POST', '/api/v1/secrets/anthropic.api_key/set', JSON.stringify({ value: '' }))).status).toBe(422);
    expect((await send('POST', '/api/v1/secrets/anthropic.api_key/set', JSON.stringify({ value: 'x', note: 'y' }))).status).toBe(422);
    expect((await send('POST', '/api/v1/secrets/anthropic.api_key/set', JSON.stringify({ value: 'x'.repeat(65_537) }))).status).toBe(413);
    expect(json(await send('GET', '/api/v1/secrets/anthropic.api_key/status', '', []))).toMatchObject({ status: 'missing' });
    const longest = await send('POST', '/api/v1/secrets/anthropic.api_key/set', JSON.stringify({ value: 'y'.repeat(65_536) }));
    expect(json(longest)).toEqual({ reference: 'anthropic.api_key', status: 'present' });
  });

  it('answers concurrent statuses and provider-configuration listings right, and the keyring daemon keeps running', async () => {
    await send('POST', '/api/v1/secrets/openai.api_key/set', JSON.stringify({ value }));
    await send('POST', '/api/v1/secrets/anthropic.api_key/delete', '', []);
    const daemon = fixture.secrets.daemonPid();
    const wrong: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let step = 0; step < 25; step++) {
          const which = (worker + step) % 3;
          const path = which === 0 ? '/api/v1/provider-configuration' : `/api/v1/secrets/${which === 1 ? 'openai' : 'anthropic'}.api_key/status`;
          const response = await send('GET', path, '', []);
          const body = response.status === 200 ? json(response) : {};
          const right =
            which === 0 ? response.status === 200 && !response.body.includes('"unavailable"') : body.status === (which === 1 ? 'present' : 'missing');
          if (!right) wrong.push(`${path}: ${response.status} ${response.body.slice(0, 120)}`);
        }
      }),
    );
    expect(wrong).toEqual([]);
    expect(fixture.secrets.daemonPid()).toBe(daemon);
    await send('POST', '/api/v1/secrets/openai.api_key/delete', '', []);
  });

  it('environment credentials exist only behind --credentials-from-env and are read-only', async () => {
    const envValue = 'sk-from-environment-value';
    const headless = await fixture.launchBeside(['--credentials-from-env'], { OPENAI_COMPATIBLE_API_KEY: envValue });
    const status = await headless.api.GET('/api/v1/secrets/{reference}/status', {
      params: { header: headless.header, path: { reference: 'openai_compatible.api_key' } },
    });
    expect(status.data).toEqual({ reference: 'openai_compatible.api_key', status: 'present' });
    const set = await headless.api.POST('/api/v1/secrets/{reference}/set', {
      params: { header: headless.header, path: { reference: 'openai_compatible.api_key' } },
      body: { value: 'other' },
    });
    expect(set.response.status).toBe(409);
    expect(set.error).toMatchObject({ code: 'CREDENTIAL_ENV_MANAGED' });
    expect(headless.stderrText().includes(envValue)).toBe(false);
    await headless.stop();
    const plain = await fixture.launchBeside([], { OPENAI_COMPATIBLE_API_KEY: envValue });
    const plainStatus = await plain.api.GET('/api/v1/secrets/{reference}/status', {
      params: { header: plain.header, path: { reference: 'openai_compatible.api_key' } },
    });
    expect(plainStatus.data?.status).toBe('missing');
    await plain.stop();
  });
});
