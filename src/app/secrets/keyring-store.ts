/**
 * Why the OS keyring could not serve: no Secret Service, a locked collection, a write that did not
 * read back, or a Secret Service that will not open an encrypted session (secrets never cross the
 * bus in clear, so it is not used).
 */
export type KeyringFailure = 'unavailable' | 'locked' | 'unverified' | 'session_insecure';

/** What to do when the Secret Service will not open an encrypted session (KEYRING_SESSION_INSECURE, keyring.session_insecure). */
export const INSECURE_SESSION_REMEDIATION =
  'Use a Secret Service provider that supports encrypted sessions (dh-ietf1024-sha256-aes128-cbc-pkcs7), such as GNOME Keyring or KWallet, then restart the service.';

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
  /** The value's UTF-8 bytes, decrypted: the caller zeroes them (`fill(0)`) as soon as it has used them. */
  read(account: string): Promise<Buffer | null>;
  /** Whether the entry is there, without decrypting it (the Secret Service's item search). */
  has(account: string): Promise<boolean>;
  /** Writes, then verifies with one read-back compared by digest; throws `unverified` if it differs. */
  write(account: string, value: string): Promise<void>;
  /** Deletes, then verifies absence; answers whether the entry is now absent. */
  remove(account: string): Promise<boolean>;
}
