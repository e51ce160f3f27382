import { AsyncEntry, findCredentialsAsync } from '@napi-rs/keyring';
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

  /**
   * On the Secret Service, the entry is first looked up by a search that runs wholly on the thread
   * pool (`findCredentialsAsync`): building an entry (`new AsyncEntry`) connects to D-Bus and opens a
   * session synchronously, about 10 ms of the event loop for every read. The search answers every
   * credential of the service; only the one asked for is kept, the others are dropped at once. When
   * the search does not find exactly one entry of that account (absent, locked, no bus, an
   * ambiguous store), the entry's own read decides, with its exact classification of the failure.
   */
  async read(account: string): Promise<string | null> {
    if (this.store.name === 'secret-service') {
      const found = await findCredentialsAsync(KEYRING_SERVICE).then(
        (credentials) => credentials.filter((credential) => credential.account === account),
        () => [],
      );
      if (found.length === 1 && found[0] !== undefined) return found[0].password;
    }
    return this.readEntry(account);
  }

  private async readEntry(account: string): Promise<string | null> {
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

  /**
   * Writes, then reads back. A value the store did not keep as given (the read-back differs) is an
   * `unverified` failure, and the entry is put back as it was before the write: a refused write
   * changes nothing.
   */
  async write(account: string, value: string): Promise<void> {
    const previous = await this.read(account);
    const entry = this.entry(account);
    try {
      await entry.setPassword(value);
    } catch (error) {
      throw failureOf(error);
    }
    if ((await this.read(account)) === value) return;
    try {
      if (previous === null) await this.entry(account).deletePassword();
      else await this.entry(account).setPassword(previous);
    } catch {
      // The write is reported unverified whether or not the entry could be put back.
    }
    throw new KeyringError('unverified');
  }

  async remove(account: string): Promise<boolean> {
    try {
      await this.entry(account).deletePassword();
    } catch (error) {
      throw failureOf(error);
    }
    return (await this.readEntry(account)) === null;
  }
}
