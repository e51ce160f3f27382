import { KeyringError } from '../../app/secrets/keyring-store.js';
import { DbusCallError, DbusConnection, DbusConnectionLost, type DbusCall } from './dbus-connection.js';
import type { KeyringBackend } from './keyring-backend.js';
import { DhExchange, DH_TRANSFER, PLAIN_TRANSFER, plainTransfer, type SecretTransfer, type SecretWire } from './secret-transfer.js';

const SECRETS = 'org.freedesktop.secrets';
const SERVICE_PATH = '/org/freedesktop/secrets';
const SERVICE = 'org.freedesktop.Secret.Service';
const COLLECTION = 'org.freedesktop.Secret.Collection';
const ITEM = 'org.freedesktop.Secret.Item';
const PROPERTIES = 'org.freedesktop.DBus.Properties';
/** The object path that means "none" (no collection behind an alias, no prompt needed). */
const NONE = '/';

interface Session {
  readonly connection: DbusConnection;
  readonly path: string;
  readonly transfer: SecretTransfer;
}

type CollectionState = { readonly kind: 'unlocked'; readonly path: string } | { readonly kind: 'locked' } | { readonly kind: 'absent' };

/**
 * Credentials in the freedesktop Secret Service (GNOME Keyring, KWallet, KeePassXC), over one D-Bus
 * connection and one encrypted session kept for the life of the process (KEYRING_LIMITS says why).
 * Entries carry the attributes `service` and `username`, as the library that wrote them before did,
 * so entries written by either are the same entries. A locked collection or item is reported, never
 * unlocked: the service never raises a prompt on the desktop.
 */
export class SecretServiceStore implements KeyringBackend {
  private session: Promise<Session> | null = null;

  constructor(
    /** The session bus address, or null when the environment names none. */
    private readonly busAddress: string | null,
    private readonly service: string,
  ) {}

  read(account: string): Promise<string | null> {
    return this.attempt((session) => this.readWith(session, account));
  }

  write(account: string, value: string): Promise<void> {
    return this.attempt((session) => this.writeWith(session, account, value));
  }

  remove(account: string): Promise<void> {
    return this.attempt((session) => this.removeWith(session, account));
  }

  /**
   * Runs an operation on the kept session. When the connection closed or the session is gone (the
   * keyring daemon restarted: its objects are unknown), the session is dropped and the operation
   * runs once more on a new one; a missed deadline is not retried.
   */
  private async attempt<T>(operation: (session: Session) => Promise<T>): Promise<T> {
    for (let round = 0; ; round++) {
      let session: Session | null = null;
      try {
        session = await this.currentSession();
        return await operation(session);
      } catch (error) {
        if (error instanceof KeyringError) throw error;
        this.drop(session);
        if (round > 0 || !retryable(error)) throw new KeyringError('unavailable');
      }
    }
  }

  private currentSession(): Promise<Session> {
    const kept = this.session;
    if (kept !== null) return kept.then((session) => (session.connection.isOpen ? session : this.reopen()));
    return this.reopen();
  }

  private reopen(): Promise<Session> {
    const opening = this.open();
    this.session = opening;
    opening.catch(() => {
      if (this.session === opening) this.session = null;
    });
    return opening;
  }

  private drop(session: Session | null): void {
    session?.connection.close();
    this.session = null;
  }

  private async open(): Promise<Session> {
    if (this.busAddress === null) throw new KeyringError('unavailable');
    const connection = await DbusConnection.open(this.busAddress);
    try {
      const exchange = new DhExchange();
      const [output, path] = await connection.call(serviceCall('OpenSession', 'sv', [DH_TRANSFER, ['ay', exchange.publicKey]]));
      const peerKey = variantValue(output);
      if (!Buffer.isBuffer(peerKey)) throw new DbusConnectionLost('protocol');
      return { connection, path: objectPath(path), transfer: exchange.transfer(peerKey) };
    } catch (error) {
      if (!(error instanceof DbusCallError) || error.errorName !== 'org.freedesktop.DBus.Error.NotSupported') {
        connection.close();
        throw error;
      }
    }
    const [, path] = await connection.call(serviceCall('OpenSession', 'sv', [PLAIN_TRANSFER, ['s', '']]));
    return { connection, path: objectPath(path), transfer: plainTransfer };
  }

  private async readWith(session: Session, account: string): Promise<string | null> {
    const { unlocked, locked } = await this.search(session, account);
    // The same entry in two collections: which one is meant cannot be known, so nothing is answered.
    if (unlocked.length > 1) throw new KeyringError('unavailable');
    const item = unlocked[0];
    if (item !== undefined) {
      const [secret] = await session.connection.call({ destination: SECRETS, path: item, interface: ITEM, member: 'GetSecret', signature: 'o', body: [session.path] });
      return utf8(session.transfer.open(secretWire(secret)));
    }
    if (locked.length > 0) throw new KeyringError('locked');
    // No entry: only an unlocked default collection makes that an answer.
    await this.defaultCollection(session);
    return null;
  }

  private async writeWith(session: Session, account: string, value: string): Promise<void> {
    const collection = await this.defaultCollection(session);
    const wire = session.transfer.seal(Buffer.from(value, 'utf8'));
    const properties = [
      ['org.freedesktop.Secret.Item.Label', ['s', `keyring:${account}@${this.service}`]],
      ['org.freedesktop.Secret.Item.Attributes', ['a{ss}', this.attributes(account)]],
    ];
    const [, prompt] = await session.connection.call({
      destination: SECRETS,
      path: collection,
      interface: COLLECTION,
      member: 'CreateItem',
      signature: 'a{sv}(oayays)b',
      body: [properties, [session.path, wire.parameters, wire.value, 'text/plain'], true],
    });
    if (objectPath(prompt) !== NONE) throw new KeyringError('locked');
  }

  private async removeWith(session: Session, account: string): Promise<void> {
    const { unlocked, locked } = await this.search(session, account);
    if (locked.length > 0) throw new KeyringError('locked');
    for (const item of unlocked) {
      const [prompt] = await session.connection.call({ destination: SECRETS, path: item, interface: ITEM, member: 'Delete' });
      if (objectPath(prompt) !== NONE) throw new KeyringError('locked');
    }
  }

  private async search(session: Session, account: string): Promise<{ unlocked: string[]; locked: string[] }> {
    const [unlocked, locked] = await session.connection.call(serviceCall('SearchItems', 'a{ss}', [this.attributes(account)]));
    return { unlocked: objectPaths(unlocked), locked: objectPaths(locked) };
  }

  /** The default collection's path when it is there and unlocked; a KeyringError otherwise. */
  private async defaultCollection(session: Session): Promise<string> {
    const state = await collectionState(session);
    if (state.kind === 'absent') throw new KeyringError('unavailable');
    if (state.kind === 'locked') throw new KeyringError('locked');
    return state.path;
  }

  private attributes(account: string): [string, string][] {
    return [
      ['service', this.service],
      ['username', account],
    ];
  }
}

async function collectionState(session: Session): Promise<CollectionState> {
  const [alias] = await session.connection.call(serviceCall('ReadAlias', 's', ['default']));
  const path = objectPath(alias);
  if (path === NONE) return { kind: 'absent' };
  const [locked] = await session.connection.call({ destination: SECRETS, path, interface: PROPERTIES, member: 'Get', signature: 'ss', body: [COLLECTION, 'Locked'] });
  const value = variantValue(locked);
  if (typeof value !== 'boolean') throw new DbusConnectionLost('protocol');
  return value ? { kind: 'locked' } : { kind: 'unlocked', path };
}

function serviceCall(member: string, signature: string, body: readonly unknown[]): DbusCall {
  return { destination: SECRETS, path: SERVICE_PATH, interface: SERVICE, member, signature, body };
}

/** The connection closed or the keyring forgot the session (a restarted daemon): worth one more try on a new session. */
function retryable(error: unknown): boolean {
  if (error instanceof DbusConnectionLost) return error.reason === 'closed';
  return error instanceof DbusCallError;
}

// Replies, checked where they are read: a reply of another shape is a protocol failure.

function objectPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) throw new DbusConnectionLost('protocol');
  return value;
}

function objectPaths(value: unknown): string[] {
  if (!Array.isArray(value)) throw new DbusConnectionLost('protocol');
  return value.map(objectPath);
}

/** A variant as the marshalling library reads it: [signature tree, [value]]. */
function variantValue(variant: unknown): unknown {
  if (!Array.isArray(variant) || !Array.isArray(variant[1])) throw new DbusConnectionLost('protocol');
  return variant[1][0];
}

/** A Secret struct (session, parameters, value, content type). */
function secretWire(secret: unknown): SecretWire {
  if (!Array.isArray(secret) || !Buffer.isBuffer(secret[1]) || !Buffer.isBuffer(secret[2])) throw new DbusConnectionLost('protocol');
  return { parameters: secret[1], value: secret[2] };
}

function utf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new KeyringError('unavailable');
  }
}
