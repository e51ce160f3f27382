import { KeyringError, type KeyringFailure, type KeyringStore } from '../../app/secrets/keyring-store.js';

/** The keyring account of the database key (contract.md section 5); never exposed by the API. */
export const DATABASE_KEY_ACCOUNT = 'database.key';

/** The key's hex digits as bytes, which the database open zeroes right after PRAGMA key. */
export type KeyRead =
  { readonly state: 'present'; readonly key: Buffer } | { readonly state: 'missing' } | { readonly state: Exclude<KeyringFailure, 'unverified'> };

/** Reads the database key from the OS keyring; a keyring failure is an answer, never a throw. */
export async function readDatabaseKey(keyring: KeyringStore): Promise<KeyRead> {
  try {
    const key = await keyring.read(DATABASE_KEY_ACCOUNT);
    return key === null ? { state: 'missing' } : { state: 'present', key };
  } catch (error) {
    if (error instanceof KeyringError && (error.failure === 'locked' || error.failure === 'session_insecure')) return { state: error.failure };
    return { state: 'unavailable' };
  }
}
