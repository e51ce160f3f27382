import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { platformOf, StartupReport } from '../../src/app/diagnostics/startup-report.js';
import { CredentialService } from '../../src/app/secrets/credential-service.js';
import { startupGate } from '../../src/app/startup/startup-gate.js';
import type { DbusValue } from '../../src/infra/keyring/dbus-wire.js';
import { OsKeyring } from '../../src/infra/keyring/os-keyring.js';
import { SecretServiceStore } from '../../src/infra/keyring/secret-service-store.js';
import { DhExchange, type SecretTransfer } from '../../src/infra/keyring/secret-transfer.js';
import { openLocalState } from '../../src/infra/local-state/local-state.js';
import { scriptedBus, type ReceivedCall, type ScriptedAnswer, type ScriptedBus } from '../support/scripted-bus.js';

/**
 * The Secret Service client's decisions against a scripted Secret Service (the real GNOME Keyring
 * is in test/unit/platform/os-keyring.test.ts): encrypted sessions only (a service that refuses
 * them is refused in turn, with a stable code, and no `plain` session is ever asked for), which
 * error answers mean "locked", which drop the session and retry once, and which leave the one
 * connection as it is.
 */

const COLLECTION = '/org/freedesktop/secrets/collection/login';
const DH = 'dh-ietf1024-sha256-aes128-cbc-pkcs7';

interface Behaviour {
  /** Refuse the encrypted session (NotSupported), as a service offering only `plain` does. */
  plainOnly?: boolean;
  /** Error answered to every SearchItems. */
  searchError?: string;
  /** Error answered to GetSecret on the first connection only. */
  getSecretErrorOnFirstConnection?: string;
}

let bus: ScriptedBus | null = null;
let home: string | null = null;

afterEach(() => {
  bus?.close();
  bus = null;
  if (home !== null) rmSync(home, { recursive: true, force: true });
  home = null;
});

function isVariantOf(value: DbusValue | undefined): value is { signature: string; value: DbusValue } {
  return typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/** A Secret Service with one unlocked collection that speaks the encrypted transfer (unless `plainOnly`). */
function secretService(behaviour: Behaviour = {}): { script: (call: ReceivedCall) => ScriptedAnswer; items: Map<string, Buffer> } {
  const items = new Map<string, Buffer>();
  const transfers = new Map<string, SecretTransfer>();
  const itemPath = (account: string): string => `${COLLECTION}/${[...items.keys()].indexOf(account) + 1}`;
  const accountOf = (path: string): string | undefined => [...items.keys()].find((account) => itemPath(account) === path);
  const script = (call: ReceivedCall): ScriptedAnswer => {
    switch (call.member) {
      case 'OpenSession': {
        const input = call.body[1];
        if (call.body[0] !== DH || behaviour.plainOnly === true || !isVariantOf(input) || !Buffer.isBuffer(input.value))
          return { error: 'org.freedesktop.DBus.Error.NotSupported' };
        const ours = new DhExchange();
        const path = `/org/freedesktop/secrets/session/${call.connection}`;
        transfers.set(path, ours.transfer(input.value));
        return { reply: 'vo', body: [{ signature: 'ay', value: ours.publicKey }, path] };
      }
      case 'SearchItems': {
        if (behaviour.searchError !== undefined) return { error: behaviour.searchError };
        const attributes = new Map(call.body[0] as [string, string][]);
        const account = attributes.get('username') ?? '';
        return { reply: 'aoao', body: [items.has(account) ? [itemPath(account)] : [], []] };
      }
      case 'GetSecret': {
        if (behaviour.getSecretErrorOnFirstConnection !== undefined && call.connection === 1) return { error: behaviour.getSecretErrorOnFirstConnection };
        const account = accountOf(call.path);
        const session = String(call.body[0]);
        const transfer = transfers.get(session);
        if (account === undefined || transfer === undefined) return { error: 'org.freedesktop.Secret.Error.NoSession' };
        const wire = transfer.seal(items.get(account) ?? Buffer.alloc(0));
        return { reply: '(oayays)', body: [[session, wire.parameters, wire.value, 'text/plain']] };
      }
      case 'ReadAlias':
        return { reply: 'o', body: [COLLECTION] };
      case 'Get':
        return { reply: 'v', body: [{ signature: 'b', value: false }] };
      case 'CreateItem': {
        const properties = new Map(call.body[0] as [string, { value: [string, string][] }][]);
        const attributes = new Map(properties.get('org.freedesktop.Secret.Item.Attributes')?.value ?? []);
        const [session, parameters, value] = call.body[1] as [string, Buffer, Buffer, string];
        const transfer = transfers.get(session);
        if (transfer === undefined) return { error: 'org.freedesktop.Secret.Error.NoSession' };
        const account = attributes.get('username') ?? '';
        items.set(account, transfer.open({ parameters, value }));
        return { reply: 'oo', body: [itemPath(account), '/'] };
      }
      case 'Delete': {
        const account = accountOf(call.path);
        if (account !== undefined) items.delete(account);
        return { reply: 'o', body: ['/'] };
      }
      default:
        return { error: 'org.freedesktop.DBus.Error.UnknownMethod' };
    }
  };
  return { script, items };
}

const count = (member: string): number => bus?.calls.filter((call) => call.member === member).length ?? 0;

describe('Secret Service client decisions', () => {
  it('writes, reads and removes over one encrypted session; the secret never crosses the bus in clear; presence asks for no secret', async () => {
    const service = secretService();
    bus = await scriptedBus(service.script);
    const store = new SecretServiceStore(bus.address, 'service.internal-api');
    await store.write('openai.api_key', Buffer.from('sk-encrypted-é'));
    expect(service.items.get('openai.api_key')?.toString('utf8')).toBe('sk-encrypted-é');
    const created = bus.calls.find((call) => call.member === 'CreateItem');
    expect(JSON.stringify(created?.body)).not.toContain('sk-encrypted');
    expect(await store.has('openai.api_key')).toBe(true);
    expect(await store.has('anthropic.api_key')).toBe(false);
    expect(count('GetSecret')).toBe(0);
    expect((await store.read('openai.api_key'))?.toString('utf8')).toBe('sk-encrypted-é');
    expect(count('GetSecret')).toBe(1);
    expect(await store.read('anthropic.api_key')).toBeNull();
    await store.remove('openai.api_key');
    expect(await store.has('openai.api_key')).toBe(false);
    expect(bus.calls.filter((call) => call.member === 'OpenSession').map((call) => call.body[0])).toEqual([DH]);
    expect(bus.connections()).toBe(1);
  });

  it('a Secret Service that refuses the encrypted session: reads and writes fail with KEYRING_SESSION_INSECURE, the keyring component is blocked with it, and no plain session is ever opened', async () => {
    const service = secretService({ plainOnly: true });
    bus = await scriptedBus(service.script);
    home = mkdtempSync(join(tmpdir(), 'insecure-session-'));
    const platform = { os: 'linux' as const, env: { DBUS_SESSION_BUS_ADDRESS: bus.address }, home };
    const keyring = new OsKeyring(platform);
    await expect(keyring.read('openai.api_key')).rejects.toMatchObject({ name: 'KeyringError', failure: 'session_insecure' });
    await expect(keyring.write('openai.api_key', 'sk-never-sent')).rejects.toMatchObject({ name: 'KeyringError', failure: 'session_insecure' });
    expect(service.items.size).toBe(0);

    const state = await openLocalState({ workspace: join(home, 'workspace'), configPath: join(home, 'no-config.json'), platform }, keyring);
    expect(state.codes.keyring).toBe('keyring.session_insecure');
    const report = new StartupReport(state.codes, platformOf('linux', 'x64'));
    const component = (await report.checked()).components.find((entry) => entry.component === 'keyring');
    expect(component).toMatchObject({ status: 'blocked', code: 'keyring.session_insecure', blocks_mutations: true });
    expect(component?.remediation).toMatch(/encrypted sessions/);

    const credentials = new CredentialService(keyring, startupGate(false, false), new Map());
    await expect(credentials.resolve('openai.api_key')).rejects.toMatchObject({
      code: 'KEYRING_SESSION_INSECURE',
      remediation: expect.stringMatching(/encrypted sessions/),
    });
    await expect(credentials.set('openai.api_key', 'sk-never-sent')).rejects.toMatchObject({ code: 'KEYRING_SESSION_INSECURE' });
    const sessions = bus.calls.filter((call) => call.member === 'OpenSession').map((call) => call.body[0]);
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((algorithm) => algorithm === DH)).toBe(true);
    expect(count('CreateItem') + count('GetSecret')).toBe(0);
    // One connection, whose refused session is kept: asking again would change nothing.
    expect(bus.connections()).toBe(1);
  });

  it('an IsLocked answer is locked; another error answer is unavailable and keeps the one connection (no new one per failure)', async () => {
    const locked = secretService({ getSecretErrorOnFirstConnection: 'org.freedesktop.Secret.Error.IsLocked' });
    locked.items.set('openai.api_key', Buffer.from('sk-locked'));
    bus = await scriptedBus(locked.script);
    await expect(new SecretServiceStore(bus.address, 'service.internal-api').read('openai.api_key')).rejects.toMatchObject({
      name: 'KeyringError',
      failure: 'locked',
    });
    bus.close();

    bus = await scriptedBus(secretService({ searchError: 'org.freedesktop.DBus.Error.AccessDenied' }).script);
    const store = new SecretServiceStore(bus.address, 'service.internal-api');
    for (let attempt = 0; attempt < 5; attempt++)
      await expect(store.read('openai.api_key')).rejects.toMatchObject({ name: 'KeyringError', failure: 'unavailable' });
    expect(bus.connections()).toBe(1);
  });

  it('a forgotten session (a restarted keyring daemon answers NoSession) is opened again on a new connection, once, and the read answers', async () => {
    const service = secretService({ getSecretErrorOnFirstConnection: 'org.freedesktop.Secret.Error.NoSession' });
    service.items.set('openai.api_key', Buffer.from('sk-after-restart'));
    bus = await scriptedBus(service.script);
    const store = new SecretServiceStore(bus.address, 'service.internal-api');
    expect((await store.read('openai.api_key'))?.toString()).toBe('sk-after-restart');
    expect(bus.connections()).toBe(2);
    expect((await store.read('openai.api_key'))?.toString()).toBe('sk-after-restart');
    expect(bus.connections()).toBe(2);
  });
});
