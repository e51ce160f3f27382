/**
 * One platform's credential store, as OsKeyring drives it: plain reads, writes and removals (the
 * read-back checks and the one-at-a-time order are OsKeyring's). Failures are KeyringErrors.
 */
export interface KeyringBackend {
  read(account: string): Promise<string | null>;
  write(account: string, value: string): Promise<void>;
  /** Removes the entry if there is one. */
  remove(account: string): Promise<void>;
}
