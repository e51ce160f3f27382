import { createHash, timingSafeEqual } from 'node:crypto';
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

/** A UTF-16 surrogate without its pair: UTF-8 cannot hold it, so the stored bytes would not be the value. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function digest(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/**
 * The OS keyring of the platform (`keyringStoreOf`). Every operation (a write with its
 * verification, a removal with its check) runs whole and alone, in arrival order (`KeyringQueue`).
 */
export class OsKeyring implements KeyringStore {
  private readonly backend: KeyringBackend;
  private readonly queue = new KeyringQueue();

  constructor(platform: HostPlatform) {
    this.backend = backendOf(platform);
  }

  read(account: string): Promise<Buffer | null> {
    return this.queue.run(() => this.backend.read(account));
  }

  has(account: string): Promise<boolean> {
    return this.queue.run(() => this.backend.has(account));
  }

  /**
   * Writes, then verifies: the one read-back is compared with the value by SHA-256 digest, and both
   * buffers are zeroed. The old value is never decrypted. A value UTF-8 cannot hold as given (a
   * lone surrogate) is refused as `unverified` before anything is written, so the entry stays as it
   * was. A store that keeps other bytes than it was given is `unverified` too; a new entry is then
   * removed again, while an entry that was there holds what the store kept (putting the old value
   * back would mean decrypting it on every write).
   */
  write(account: string, value: string): Promise<void> {
    return this.queue.run(async () => {
      if (LONE_SURROGATE.test(value)) throw new KeyringError('unverified');
      const bytes = Buffer.from(value, 'utf8');
      const expected = digest(bytes);
      let kept: Buffer | null = null;
      let existed: boolean;
      try {
        existed = await this.backend.has(account);
        await this.backend.write(account, bytes);
        kept = await this.backend.read(account);
      } finally {
        bytes.fill(0);
      }
      const same = kept !== null && timingSafeEqual(digest(kept), expected);
      kept?.fill(0);
      if (same) return;
      try {
        if (!existed) await this.backend.remove(account);
      } catch {
        // The write is reported unverified whether or not the new entry could be removed.
      }
      throw new KeyringError('unverified');
    });
  }

  /** Removes the entry, then answers whether it is now absent (from the search: nothing is decrypted). */
  remove(account: string): Promise<boolean> {
    return this.queue.run(async () => {
      await this.backend.remove(account);
      return !(await this.backend.has(account));
    });
  }
}
