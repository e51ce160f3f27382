import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OsKeyring } from '../../../src/infra/keyring/os-keyring.js';
import { keyringTool } from '../../support/local-state.js';
import { startSecretService, type PrivateSecretService } from '../../support/secret-service.js';

/**
 * The keyring adapter against a real Secret Service (gnome-keyring in a private D-Bus session):
 * a write the store does not keep as given is refused and leaves the entry as it was; a burst of
 * concurrent operations goes over one connection and leaves the daemon running; a restarted daemon
 * is reached again; entries are the ones the keyring library writes and reads.
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

/** A read as text (the keyring gives bytes for the caller to zero). */
async function readText(account: string): Promise<string | null> {
  const bytes = await keyring.read(account);
  return bytes === null ? null : bytes.toString('utf8');
}

// A lone surrogate: the store (UTF-8) keeps U+FFFD instead, so the read-back differs.
const MANGLED = 'sk-\ud800';

describe('OsKeyring.write', () => {
  it('writes and reads back a value', async () => {
    await keyring.write('openai.api_key', 'sk-first');
    expect(await readText('openai.api_key')).toBe('sk-first');
  });

  it('an unverified write puts the previous value back', async () => {
    await keyring.write('openai.api_key', 'sk-kept');
    await expect(keyring.write('openai.api_key', MANGLED)).rejects.toMatchObject({ name: 'KeyringError', failure: 'unverified' });
    expect(await readText('openai.api_key')).toBe('sk-kept');
    expect(JSON.parse(keyringTool(secrets.env, 'get', 'openai.api_key'))).toBe('sk-kept');
  });

  it('an unverified write of a missing entry leaves it missing', async () => {
    expect(await readText('anthropic.api_key')).toBeNull();
    await expect(keyring.write('anthropic.api_key', MANGLED)).rejects.toMatchObject({ name: 'KeyringError', failure: 'unverified' });
    expect(await readText('anthropic.api_key')).toBeNull();
  });
});

/** The unique bus names (connections) that belong to this test process on the private bus. */
function connectionsOfThisProcess(): string[] {
  const dbus = (...args: string[]): string =>
    spawnSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', ...args], {
      env: { ...process.env, ...secrets.env },
      encoding: 'utf8',
    }).stdout;
  const names = [...dbus('org.freedesktop.DBus.ListNames').matchAll(/string "(:[^"]+)"/g)].map((match) => match[1] ?? '');
  return names.filter((name) => /uint32 (\d+)/.exec(dbus('org.freedesktop.DBus.GetConnectionUnixProcessID', `string:${name}`))?.[1] === String(process.pid));
}

describe('OsKeyring on the Secret Service', () => {
  it('answers a burst of concurrent operations right, over one connection kept for its life, and the keyring daemon keeps running', async () => {
    await keyring.write('openai.api_key', 'sk-burst-openai');
    await keyring.write('anthropic.api_key', 'sk-burst-anthropic');
    await keyring.remove('openai_compatible.api_key');
    const daemon = secrets.daemonPid();
    const connection = connectionsOfThisProcess();
    expect(connection).toHaveLength(1);
    const expected: Record<string, string | null> = {
      'openai.api_key': 'sk-burst-openai',
      'anthropic.api_key': 'sk-burst-anthropic',
      'openai_compatible.api_key': null,
    };
    const accounts = Object.keys(expected);
    const wrong: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let step = 0; step < 40; step++) {
          const account = accounts[(worker + step) % accounts.length] ?? '';
          const answer = await readText(account).catch((error: unknown) => `threw ${String(error)}`);
          if (answer !== expected[account]) wrong.push(`${account}: ${String(answer)}`);
        }
      }),
    );
    expect(wrong).toEqual([]);
    expect(secrets.daemonPid()).toBe(daemon);
    expect(connectionsOfThisProcess()).toEqual(connection);
  });

  it('reaches the keyring again after its daemon restarted (a new session on the next operation)', async () => {
    await keyring.write('openai.api_key', 'sk-before-restart');
    const before = secrets.daemonPid();
    secrets.restartDaemon();
    expect(secrets.daemonPid()).not.toBe(before);
    expect(await readText('openai.api_key')).toBe('sk-before-restart');
    await keyring.write('openai.api_key', 'sk-after-restart');
    expect(JSON.parse(keyringTool(secrets.env, 'get', 'openai.api_key'))).toBe('sk-after-restart');
  });

  it('while the keyring daemon is gone, reads fail as locked (the one D-Bus starts instead unlocks nothing), over one connection, and answer again once an unlocked daemon is back', async () => {
    await keyring.write('openai.api_key', 'sk-outlasts-the-daemon');
    const connection = connectionsOfThisProcess();
    secrets.killDaemon();
    for (let attempt = 0; attempt < 5; attempt++) {
      const failure = await readText('openai.api_key').then(
        () => null,
        (error: unknown) => error,
      );
      // D-Bus starts a daemon again on demand, which unlocks nothing: the login collection is locked.
      expect(failure).toMatchObject({ name: 'KeyringError', failure: 'locked' });
    }
    expect(connectionsOfThisProcess()).toHaveLength(1);
    expect(connectionsOfThisProcess()).not.toEqual([]);
    secrets.restartDaemon();
    expect(await readText('openai.api_key')).toBe('sk-outlasts-the-daemon');
    expect(connection).toHaveLength(1);
  });

  it('keeps entries the keyring library (@napi-rs/keyring) reads and writes: the same attributes, the same entries', async () => {
    keyringTool(secrets.env, 'set', 'anthropic.api_key', 'sk-written-by-the-library');
    expect(await readText('anthropic.api_key')).toBe('sk-written-by-the-library');
    expect(await keyring.remove('anthropic.api_key')).toBe(true);
    expect(JSON.parse(keyringTool(secrets.env, 'get', 'anthropic.api_key'))).toBeNull();
  });
});
