import { afterEach, describe, expect, it } from 'vitest';
import { SecretServiceStore } from '../../src/infra/keyring/secret-service-store.js';
import { scriptedBus, type ReceivedCall, type ScriptedAnswer, type ScriptedBus } from '../support/scripted-bus.js';

/**
 * The Secret Service client's decisions against a scripted Secret Service (the real GNOME Keyring
 * is in test/unit/platform/os-keyring.test.ts): the plain transfer when the encrypted one is
 * refused (GNOME Keyring never refuses it), which error answers mean "locked", which drop the
 * session and retry once, and which leave the one connection as it is.
 */

const COLLECTION = '/org/freedesktop/secrets/collection/login';

interface Behaviour {
  /** Error answered to every SearchItems. */
  searchError?: string;
  /** Error answered to GetSecret on the first connection only. */
  getSecretErrorOnFirstConnection?: string;
}

let bus: ScriptedBus | null = null;

afterEach(() => {
  bus?.close();
  bus = null;
});

/** A Secret Service with one collection, unlocked, that offers only the plain transfer. */
function secretService(behaviour: Behaviour = {}): { script: (call: ReceivedCall) => ScriptedAnswer; items: Map<string, string> } {
  const items = new Map<string, string>();
  const itemPath = (account: string): string => `${COLLECTION}/${[...items.keys()].indexOf(account) + 1}`;
  const accountOf = (path: string): string | undefined => [...items.keys()].find((account) => itemPath(account) === path);
  const script = (call: ReceivedCall): ScriptedAnswer => {
    switch (call.member) {
      case 'OpenSession':
        return call.body[0] === 'plain' ? { reply: 'vo', body: [['s', ''], `/org/freedesktop/secrets/session/${call.connection}`] } : { error: 'org.freedesktop.DBus.Error.NotSupported' };
      case 'SearchItems': {
        if (behaviour.searchError !== undefined) return { error: behaviour.searchError };
        const attributes = new Map(call.body[0] as [string, string][]);
        const account = attributes.get('username') ?? '';
        return { reply: 'aoao', body: [items.has(account) ? [itemPath(account)] : [], []] };
      }
      case 'GetSecret': {
        if (behaviour.getSecretErrorOnFirstConnection !== undefined && call.connection === 1) return { error: behaviour.getSecretErrorOnFirstConnection };
        const account = accountOf(call.path);
        return account === undefined ? { error: 'org.freedesktop.DBus.Error.UnknownMethod' } : { reply: '(oayays)', body: [[call.body[0], Buffer.alloc(0), Buffer.from(items.get(account) ?? ''), 'text/plain']] };
      }
      case 'ReadAlias':
        return { reply: 'o', body: [COLLECTION] };
      case 'Get':
        return { reply: 'v', body: [['b', false]] };
      case 'CreateItem': {
        const properties = new Map(call.body[0] as [string, [unknown, unknown[]]][]);
        const attributes = new Map((properties.get('org.freedesktop.Secret.Item.Attributes')?.[1][0] ?? []) as [string, string][]);
        const secret = call.body[1] as [string, Buffer, Buffer, string];
        items.set(attributes.get('username') ?? '', secret[2].toString('utf8'));
        return { reply: 'oo', body: [itemPath(attributes.get('username') ?? ''), '/'] };
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

describe('Secret Service client decisions', () => {
  it('uses the plain transfer when the encrypted one is refused: writes, reads and removes over one connection', async () => {
    const service = secretService();
    bus = await scriptedBus(service.script);
    const store = new SecretServiceStore(bus.address, 'service.internal-api');
    await store.write('openai.api_key', 'sk-plain-é');
    expect(service.items.get('openai.api_key')).toBe('sk-plain-é');
    expect(await store.read('openai.api_key')).toBe('sk-plain-é');
    expect(await store.read('anthropic.api_key')).toBeNull();
    await store.remove('openai.api_key');
    expect(await store.read('openai.api_key')).toBeNull();
    const sessions = bus.calls.filter((call) => call.member === 'OpenSession').map((call) => call.body[0]);
    expect(sessions).toEqual(['dh-ietf1024-sha256-aes128-cbc-pkcs7', 'plain']);
    expect(bus.connections()).toBe(1);
  });

  it('an IsLocked answer is locked; another error answer is unavailable and keeps the one connection (no new one per failure)', async () => {
    const locked = secretService({ getSecretErrorOnFirstConnection: 'org.freedesktop.Secret.Error.IsLocked' });
    locked.items.set('openai.api_key', 'sk-locked');
    bus = await scriptedBus(locked.script);
    await expect(new SecretServiceStore(bus.address, 'service.internal-api').read('openai.api_key')).rejects.toMatchObject({ name: 'KeyringError', failure: 'locked' });
    bus.close();

    bus = await scriptedBus(secretService({ searchError: 'org.freedesktop.DBus.Error.AccessDenied' }).script);
    const store = new SecretServiceStore(bus.address, 'service.internal-api');
    for (let attempt = 0; attempt < 5; attempt++) await expect(store.read('openai.api_key')).rejects.toMatchObject({ name: 'KeyringError', failure: 'unavailable' });
    expect(bus.connections()).toBe(1);
  });

  it('a forgotten session (a restarted keyring daemon answers NoSession) is opened again on a new connection, once, and the read answers', async () => {
    const service = secretService({ getSecretErrorOnFirstConnection: 'org.freedesktop.Secret.Error.NoSession' });
    service.items.set('openai.api_key', 'sk-after-restart');
    bus = await scriptedBus(service.script);
    const store = new SecretServiceStore(bus.address, 'service.internal-api');
    expect(await store.read('openai.api_key')).toBe('sk-after-restart');
    expect(bus.connections()).toBe(2);
    expect(await store.read('openai.api_key')).toBe('sk-after-restart');
    expect(bus.connections()).toBe(2);
  });
});
