import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OsKeyring } from '../../../src/infra/keyring/os-keyring.js';
import { keyringTool } from '../../support/local-state.js';
import { startSecretService, type PrivateSecretService } from '../../support/secret-service.js';

/**
 * The keyring adapter against a real Secret Service (gnome-keyring in a private D-Bus session):
 * a write the store does not keep as given is refused and leaves the entry as it was.
 */

let secrets: PrivateSecretService;
let keyring: OsKeyring;

beforeAll(() => {
  secrets = startSecretService('unlocked');
  // The native keyring reads the bus address from this process's environment (one fork per test file).
  process.env.DBUS_SESSION_BUS_ADDRESS = secrets.env.DBUS_SESSION_BUS_ADDRESS;
  keyring = new OsKeyring({ os: 'linux', env: secrets.env, home: secrets.home });
});

afterAll(() => secrets.stop());

// A lone surrogate: the store (UTF-8) keeps U+FFFD instead, so the read-back differs.
const MANGLED = 'sk-\ud800';

describe('OsKeyring.write', () => {
  it('writes and reads back a value', async () => {
    await keyring.write('openai.api_key', 'sk-first');
    expect(await keyring.read('openai.api_key')).toBe('sk-first');
  });

  it('an unverified write puts the previous value back', async () => {
    await keyring.write('openai.api_key', 'sk-kept');
    await expect(keyring.write('openai.api_key', MANGLED)).rejects.toMatchObject({ name: 'KeyringError', failure: 'unverified' });
    expect(await keyring.read('openai.api_key')).toBe('sk-kept');
    expect(JSON.parse(keyringTool(secrets.env, 'get', 'openai.api_key'))).toBe('sk-kept');
  });

  it('an unverified write of a missing entry leaves it missing', async () => {
    expect(await keyring.read('anthropic.api_key')).toBeNull();
    await expect(keyring.write('anthropic.api_key', MANGLED)).rejects.toMatchObject({ name: 'KeyringError', failure: 'unverified' });
    expect(await keyring.read('anthropic.api_key')).toBeNull();
  });
});
