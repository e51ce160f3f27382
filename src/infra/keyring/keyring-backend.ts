/**
 * One platform's credential store, as OsKeyring drives it: reads, presence, writes and removals
 * (the verification and the one-at-a-time order are OsKeyring's). Failures are KeyringErrors.
 * Values travel as UTF-8 bytes: the caller of `read` zeroes them once used.
 */
export interface KeyringBackend {
  read(account: string): Promise<Buffer | null>;
  /** Whether there is an entry, without decrypting it where the store allows. */
  has(account: string): Promise<boolean>;
  write(account: string, value: Buffer): Promise<void>;
  /** Removes the entry if there is one. */
  remove(account: string): Promise<void>;
}
