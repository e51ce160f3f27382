import { KeyringError, type KeyringStore } from '../../app/secrets/keyring-store.js';
import { keyringStoreOf, type HostPlatform } from '../platform/host-platform.js';
import type { KeyringBackend } from './keyring-backend.js';
import { KeyringQueue } from './keyring-queue.js';
import { NativeCredentialStore } from './native-credential-store.js';
import { SecretServiceStore } from './secret-service-store.js';

/** Keyring service name of every entry (contract.md section 5). */
const KEYRING_SERVICE = 'service.internal-api';

function backendOf(platform: HostPlatform): KeyringBackend {
  const choice = keyringStoreOf(platform);
  return choice.name === 'secret-service' ? new SecretServiceStore(choice.busAddress, KEYRING_SERVICE) : new NativeCredentialStore(KEYRING_SERVICE);
}

/**
 * The OS keyring of the platform (`keyringStoreOf`). Every operation (a write with its read-back
 * and repair, a removal with its check) runs whole and alone, in arrival order (`KeyringQueue`).
 */
export class OsKeyring implements KeyringStore {
  private readonly backend: KeyringBackend;
  private readonly queue = new KeyringQueue();

  constructor(platform: HostPlatform) {
    this.backend = backendOf(platform);
  }

  read(account: string): Promise<string | null> {
    return this.queue.run(() => this.backend.read(account));
  }

  /**
   * Writes, then reads back. A value the store did not keep as given (the read-back differs) is an
   * `unverified` failure, and the entry is put back as it was before the write: a refused write
   * changes nothing.
   */
  write(account: string, value: string): Promise<void> {
    return this.queue.run(async () => {
      const previous = await this.backend.read(account);
      await this.backend.write(account, value);
      if ((await this.backend.read(account)) === value) return;
      try {
        if (previous === null) await this.backend.remove(account);
        else await this.backend.write(account, previous);
      } catch {
        // The write is reported unverified whether or not the entry could be put back.
      }
      throw new KeyringError('unverified');
    });
  }

  /** Removes the entry, then answers whether it is now absent. */
  remove(account: string): Promise<boolean> {
    return this.queue.run(async () => {
      await this.backend.remove(account);
      return (await this.backend.read(account)) === null;
    });
  }
}
