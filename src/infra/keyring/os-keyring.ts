import { AsyncEntry } from '@napi-rs/keyring';
import { KeyringError, type KeyringStore } from '../../app/secrets/keyring-store.js';
import { keyringStoreOf, type HostPlatform } from '../platform/host-platform.js';

/** Keyring service name of every entry (contract.md section 5). */
const KEYRING_SERVICE = 'service.internal-api';

function failureOf(error: unknown): KeyringError {
  const text = error instanceof Error ? error.message : '';
  return new KeyringError(/unlock|locked|dismissed/i.test(text) ? 'locked' : 'unavailable');
}

/**
 * The OS keyring through @napi-rs/keyring, in the platform's store (`keyringStoreOf`): on Linux
 * every entry is pinned to the Secret Service, because the library's default would silently fall
 * back to the kernel keyring, which a reboot erases; the Keychain on macOS; the Credential Manager
 * on Windows.
 */
export class OsKeyring implements KeyringStore {
  private readonly store: ReturnType<typeof keyringStoreOf>;

  constructor(platform: HostPlatform) {
    this.store = keyringStoreOf(platform);
  }

  private entry(account: string): AsyncEntry {
    try {
      return new AsyncEntry(KEYRING_SERVICE, account, this.store.options);
    } catch (error) {
      throw failureOf(error);
    }
  }

  async read(account: string): Promise<string | null> {
    let value: string | null;
    try {
      value = await this.entry(account).getPassword();
    } catch (error) {
      throw failureOf(error);
    }
    if (value !== null || this.store.name !== 'secret-service') return value;
    // Some Secret Service states answer "nothing" for a locked collection: ask explicitly (loaded
    // only now: it needs node:child_process, which start-up has no use for).
    const { defaultCollectionState } = await import('./secret-service-lock.js');
    const state = await defaultCollectionState();
    if (state === 'locked') throw new KeyringError('locked');
    if (state === 'absent') throw new KeyringError('unavailable');
    return null;
  }

  async write(account: string, value: string): Promise<void> {
    const entry = this.entry(account);
    try {
      await entry.setPassword(value);
    } catch (error) {
      throw failureOf(error);
    }
    const stored = await this.read(account);
    if (stored !== value) throw new KeyringError('unverified');
  }

  async remove(account: string): Promise<boolean> {
    try {
      await this.entry(account).deletePassword();
    } catch (error) {
      throw failureOf(error);
    }
    return (await this.read(account)) === null;
  }
}
