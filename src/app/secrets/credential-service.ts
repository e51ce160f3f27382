import { CREDENTIAL_REFERENCES, type CredentialReference, type SecretStatus, type SecretStatusResponse } from '../../contract/secrets.js';
import { ServiceError } from '../service-error.js';
import type { StartupGate } from '../startup/startup-gate.js';
import { INSECURE_SESSION_REMEDIATION, KeyringError, type KeyringStore } from './keyring-store.js';

function isCredentialReference(reference: string): reference is CredentialReference {
  return Object.prototype.hasOwnProperty.call(CREDENTIAL_REFERENCES, reference);
}

function storeFailure(error: unknown): ServiceError {
  if (error instanceof KeyringError && error.failure === 'locked') return new ServiceError('CREDENTIAL_STORE_LOCKED');
  if (error instanceof KeyringError && error.failure === 'session_insecure')
    return new ServiceError('KEYRING_SESSION_INSECURE', [], INSECURE_SESSION_REMEDIATION);
  return new ServiceError('CREDENTIAL_STORE_UNAVAILABLE');
}

/** A credential's text; its bytes are zeroed once decoded. Bytes that are not UTF-8 are no credential. */
function credentialText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ServiceError('CREDENTIAL_STORE_UNAVAILABLE');
  } finally {
    bytes.fill(0);
  }
}

/**
 * Write-only credential management. The OS keyring is the only writable authority; the
 * environment fallback exists only when the headless flag composed it, and is read-only.
 * No method answers a value to a caller outside the provider execution path.
 */
export class CredentialService {
  constructor(
    private readonly keyring: KeyringStore,
    private readonly startup: StartupGate,
    /** Environment-managed values (only with --credentials-from-env); empty otherwise. */
    private readonly environment: ReadonlyMap<CredentialReference, string>,
  ) {}

  /** Presence from the keyring's item search: the value is never decrypted. */
  async status(reference: string): Promise<SecretStatusResponse> {
    const known = this.known(reference);
    if (this.environment.has(known)) return { reference: known, status: 'present' };
    try {
      return { reference: known, status: (await this.keyring.has(known)) ? 'present' : 'missing' };
    } catch (error) {
      throw storeFailure(error);
    }
  }

  /** Presence for listings (provider configuration): a failing keyring reads as `unavailable`. Nothing is decrypted. */
  async presence(reference: CredentialReference): Promise<SecretStatus> {
    if (this.environment.has(reference)) return 'present';
    try {
      return (await this.keyring.has(reference)) ? 'present' : 'missing';
    } catch {
      return 'unavailable';
    }
  }

  async set(reference: string, value: string): Promise<SecretStatusResponse> {
    // The addressed reference first (404 off the allowlist whatever the state), then the state (409).
    const known = this.known(reference);
    this.startup.assertMutationsAllowed();
    if (this.environment.has(known)) throw new ServiceError('CREDENTIAL_ENV_MANAGED');
    try {
      await this.keyring.write(known, value);
    } catch (error) {
      throw error instanceof KeyringError && error.failure === 'unverified' ? new ServiceError('CREDENTIAL_WRITE_UNVERIFIED') : storeFailure(error);
    }
    return { reference: known, status: 'present' };
  }

  async delete(reference: string): Promise<SecretStatusResponse> {
    // The addressed reference first (404 off the allowlist whatever the state), then the state (409).
    const known = this.known(reference);
    this.startup.assertMutationsAllowed();
    if (this.environment.has(known)) throw new ServiceError('CREDENTIAL_ENV_MANAGED');
    let absent: boolean;
    try {
      absent = await this.keyring.remove(known);
    } catch (error) {
      throw storeFailure(error);
    }
    if (!absent) throw new ServiceError('CREDENTIAL_DELETE_UNVERIFIED');
    return { reference: known, status: 'missing' };
  }

  /** The credential value for a provider execution binding; never for an API answer. */
  async resolve(reference: CredentialReference): Promise<string | null> {
    const fromEnvironment = this.environment.get(reference);
    if (fromEnvironment !== undefined) return fromEnvironment;
    let bytes: Buffer | null;
    try {
      bytes = await this.keyring.read(reference);
    } catch (error) {
      throw storeFailure(error);
    }
    return bytes === null ? null : credentialText(bytes);
  }

  private known(reference: string): CredentialReference {
    if (!isCredentialReference(reference)) throw new ServiceError('SECRET_REFERENCE_UNKNOWN');
    return reference;
  }
}
