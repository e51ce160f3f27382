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

  // The library's password calls keep the stores' own text format (UTF-16 in the Credential
  // Manager), which other tools read; they take and give strings, which cannot be zeroed.

  async read(account: string): Promise<Buffer | null> {
    const value = await this.run(account, (entry) => entry.getPassword());
    return value === null ? null : Buffer.from(value, 'utf8');
  }

  /** Neither store answers presence without the value: it is read and zeroed at once. */
  async has(account: string): Promise<boolean> {
    const value = await this.read(account);
    value?.fill(0);
    return value !== null;
  }

  write(account: string, value: Buffer): Promise<void> {
    return this.run(account, (entry) => entry.setPassword(value.toString('utf8')));
  }

  async remove(account: string): Promise<void> {
    // Deleting an absent entry is an error to the library; absent is what was asked for.
    if (!(await this.has(account))) return;
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
