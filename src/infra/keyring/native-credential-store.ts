import type * as KeyringLibrary from '@napi-rs/keyring';
import type { AsyncEntry } from '@napi-rs/keyring';
import { KeyringError } from '../../app/secrets/keyring-store.js';
import type { KeyringBackend } from './keyring-backend.js';

function failureOf(error: unknown): KeyringError {
  const text = error instanceof Error ? error.message : '';
  return new KeyringError(/unlock|locked|dismissed/i.test(text) ? 'locked' : 'unavailable');
}

/**
 * The Keychain on macOS and the Credential Manager on Windows, through @napi-rs/keyring (the
 * library's only stores there). The library and its native module load on first use: on Linux, where
 * this store is never built, they never load.
 */
export class NativeCredentialStore implements KeyringBackend {
  private library: Promise<typeof KeyringLibrary> | null = null;

  constructor(private readonly service: string) {}

  read(account: string): Promise<string | null> {
    return this.run(account, (entry) => entry.getPassword());
  }

  write(account: string, value: string): Promise<void> {
    return this.run(account, (entry) => entry.setPassword(value));
  }

  async remove(account: string): Promise<void> {
    // Deleting an absent entry is an error to the library; absent is what was asked for.
    if ((await this.read(account)) === null) return;
    await this.run(account, (entry) => entry.deletePassword().then(() => undefined));
  }

  private async run<T>(account: string, operation: (entry: AsyncEntry) => Promise<T>): Promise<T> {
    try {
      const { AsyncEntry } = await (this.library ??= import('@napi-rs/keyring'));
      return await operation(new AsyncEntry(this.service, account));
    } catch (error) {
      throw failureOf(error);
    }
  }
}
