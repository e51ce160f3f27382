/** Why the OS keyring could not serve: no Secret Service, a locked collection, or a write that did not read back. */
export type KeyringFailure = 'unavailable' | 'locked' | 'unverified';

export class KeyringError extends Error {
  constructor(readonly failure: KeyringFailure) {
    super(`keyring ${failure}`);
    this.name = 'KeyringError';
  }
}

/**
 * The OS keyring as the application needs it: the only writable credential authority.
 * Every method throws KeyringError when the keyring is unavailable or locked; a locked
 * keyring is never reported as an absent entry.
 */
export interface KeyringStore {
  read(account: string): Promise<string | null>;
  /** Writes, then reads back and compares; throws if the read-back differs. */
  write(account: string, value: string): Promise<void>;
  /** Deletes, then verifies absence; answers whether the entry is now absent. */
  remove(account: string): Promise<boolean>;
}
