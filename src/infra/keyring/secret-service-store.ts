import { KeyringError } from '../../app/secrets/keyring-store.js';
import { DbusCallError, DbusConnection, DbusConnectionLost, type DbusCall } from './dbus-connection.js';
import type { KeyringBackend } from './keyring-backend.js';
import { isVariant, type DbusValue } from './dbus-wire.js';
import { DhExchange, DH_TRANSFER, type SecretTransfer, type SecretWire } from './secret-transfer.js';

const SECRETS = 'org.freedesktop.secrets';
const SERVICE_PATH = '/org/freedesktop/secrets';
const SERVICE = 'org.freedesktop.Secret.Service';
const COLLECTION = 'org.freedesktop.Secret.Collection';
const ITEM = 'org.freedesktop.Secret.Item';
const PROPERTIES = 'org.freedesktop.DBus.Properties';
/** The object path that means "none" (no collection behind an alias, no prompt needed). */
const NONE = '/';
/** Error answers that mean the session is gone: a restarted daemon, or one that died during the call. */
const SESSION_LOST: ReadonlySet<string> = new Set([
  'org.freedesktop.Secret.Error.NoSession',
  'org.freedesktop.DBus.Error.NoReply',
  'org.freedesktop.DBus.Error.Disconnected',
]);
/** The item or collection asked for is locked. */
const IS_LOCKED = 'org.freedesktop.Secret.Error.IsLocked';
/** The Secret Service's answer to an algorithm it does not offer. */
const NOT_SUPPORTED = 'org.freedesktop.DBus.Error.NotSupported';

/** The Secret Service session, once OpenSession has answered. */
interface OpenedSession {
  readonly path: string;
  /** Derived on first use (about 1.4 ms the first time), so that a read sends GetSecret before it. */
  transfer(): SecretTransfer;
}

interface Session {
  readonly connection: DbusConnection;
  /** Calls that need no session (searches, the collection's state, deletions) do not wait for it. */
  readonly opened: Promise<OpenedSession>;
}

/**
 * Credentials in the freedesktop Secret Service (GNOME Keyring, KWallet, KeePassXC), over one D-Bus
 * connection and one encrypted session kept for the life of the process (KEYRING_LIMITS says why).
 * Secrets cross the bus only in the `dh-ietf1024-sha256-aes128-cbc-pkcs7` session: a Secret Service
 * that refuses it fails every read and write as `session_insecure`, and no other session is asked
 * for. Presence comes from the item search alone; only `read` asks for a secret (`GetSecret`).
 * Entries carry the attributes `service` and `username`, as the library that wrote them before did,
 * so entries written by either are the same entries. A locked collection or item is reported, never
 * unlocked: the service never raises a prompt on the desktop.
 */
export class SecretServiceStore implements KeyringBackend {
  private session: Session | null = null;

  constructor(
    /** The session bus address, or null when the environment names none. */
    private readonly busAddress: string | null,
    private readonly service: string,
  ) {}

  read(account: string): Promise<Buffer | null> {
    return this.attempt((session) => this.readWith(session, account));
  }

  has(account: string): Promise<boolean> {
    return this.attempt((session) => this.hasWith(session, account));
  }

  write(account: string, value: Buffer): Promise<void> {
    return this.attempt((session) => this.writeWith(session, account, value));
  }

  remove(account: string): Promise<void> {
    return this.attempt((session) => this.removeWith(session, account));
  }

  /**
   * Runs an operation on the kept session. When the connection closed or the keyring forgot the
   * session (its daemon restarted), the session is dropped and the operation runs once more on a new
   * one; a missed deadline or an unreadable answer drops it without a retry. Any other error answer
   * leaves the connection and session as they are: opening new ones for every failing operation is
   * the churn that crashes GNOME Keyring.
   */
  private async attempt<T>(operation: (session: Session) => Promise<T>): Promise<T> {
    for (let round = 0; ; round++) {
      let session: Session | null = null;
      try {
        session = this.currentSession();
        return await operation(session);
      } catch (error) {
        if (error instanceof KeyringError) throw error;
        if (error instanceof DbusCallError && error.errorName === IS_LOCKED) throw new KeyringError('locked');
        const sessionLost =
          (error instanceof DbusConnectionLost && error.reason === 'closed') || (error instanceof DbusCallError && SESSION_LOST.has(error.errorName));
        if (error instanceof DbusConnectionLost || sessionLost) this.drop(session);
        if (round > 0 || !sessionLost) throw new KeyringError('unavailable');
      }
    }
  }

  private currentSession(): Session {
    if (this.session === null || !this.session.connection.isOpen) this.session = this.open();
    return this.session;
  }

  private drop(session: Session | null): void {
    session?.connection.close();
    if (this.session === session) this.session = null;
  }

  /**
   * A new connection with its encrypted session asked for at once (both answer while the caller goes
   * on). A Secret Service that does not offer the encrypted transfer leaves the session refused:
   * there is no fallback, and the refusal stays with this connection (asking again changes nothing).
   */
  private open(): Session {
    if (this.busAddress === null) throw new KeyringError('unavailable');
    const connection = new DbusConnection(this.busAddress, SECRETS);
    const exchange = new DhExchange();
    const opened = connection.call(serviceCall('OpenSession', 'sv', [DH_TRANSFER, { signature: 'ay', value: exchange.publicKey }])).then(
      ([output, path]): OpenedSession => {
        const peerKey = variantValue(output);
        if (!Buffer.isBuffer(peerKey)) throw new DbusConnectionLost('protocol');
        let transfer: SecretTransfer | null = null;
        return { path: objectPath(path), transfer: () => (transfer ??= exchange.transfer(peerKey)) };
      },
      (error: unknown): OpenedSession => {
        if (error instanceof DbusCallError && error.errorName === NOT_SUPPORTED) throw new KeyringError('session_insecure');
        throw error;
      },
    );
    // Observed by the operations that need it; an operation that does not is not failed by it.
    opened.catch(() => undefined);
    return { connection, opened };
  }

  /** The secret's bytes (the caller zeroes them once used), or null when there is no entry. */
  private async readWith(session: Session, account: string): Promise<Buffer | null> {
    const [{ unlocked, locked }, opened] = await Promise.all([this.search(session.connection, account), session.opened]);
    // The same entry in two collections: which one is meant cannot be known, so nothing is answered.
    if (unlocked.length > 1) throw new KeyringError('unavailable');
    const item = unlocked[0];
    if (item !== undefined) {
      const answer = session.connection.call({ destination: SECRETS, path: item, interface: ITEM, member: 'GetSecret', signature: 'o', body: [opened.path] });
      answer.catch(() => undefined);
      const transfer = opened.transfer();
      const [secret] = await answer;
      return transfer.open(secretWire(secret));
    }
    if (locked.length > 0) throw new KeyringError('locked');
    // No entry: only an unlocked default collection makes that an answer.
    await this.defaultCollection(session.connection);
    return null;
  }

  /** Whether the entry is there, from the search alone: no secret is asked for. */
  private async hasWith(session: Session, account: string): Promise<boolean> {
    const { unlocked, locked } = await this.search(session.connection, account);
    if (unlocked.length > 1) throw new KeyringError('unavailable');
    if (unlocked.length === 1) return true;
    if (locked.length > 0) throw new KeyringError('locked');
    await this.defaultCollection(session.connection);
    return false;
  }

  private async writeWith(session: Session, account: string, value: Buffer): Promise<void> {
    const [collection, opened] = await Promise.all([this.defaultCollection(session.connection), session.opened]);
    const wire = opened.transfer().seal(value);
    const properties: DbusValue[] = [
      ['org.freedesktop.Secret.Item.Label', { signature: 's', value: `keyring:${account}@${this.service}` }],
      ['org.freedesktop.Secret.Item.Attributes', { signature: 'a{ss}', value: this.attributes(account) }],
    ];
    const [, prompt] = await session.connection.call({
      destination: SECRETS,
      path: collection,
      interface: COLLECTION,
      member: 'CreateItem',
      signature: 'a{sv}(oayays)b',
      body: [properties, [opened.path, wire.parameters, wire.value, 'text/plain'], true],
    });
    if (objectPath(prompt) !== NONE) throw new KeyringError('locked');
  }

  private async removeWith(session: Session, account: string): Promise<void> {
    const { unlocked, locked } = await this.search(session.connection, account);
    if (locked.length > 0) throw new KeyringError('locked');
    for (const item of unlocked) {
      const [prompt] = await session.connection.call({ destination: SECRETS, path: item, interface: ITEM, member: 'Delete' });
      if (objectPath(prompt) !== NONE) throw new KeyringError('locked');
    }
  }

  private async search(connection: DbusConnection, account: string): Promise<{ unlocked: string[]; locked: string[] }> {
    const [unlocked, locked] = await connection.call(serviceCall('SearchItems', 'a{ss}', [this.attributes(account)]));
    return { unlocked: objectPaths(unlocked), locked: objectPaths(locked) };
  }

  /** The default collection's path when it is there and unlocked; a KeyringError otherwise (none: unavailable). */
  private async defaultCollection(connection: DbusConnection): Promise<string> {
    const [alias] = await connection.call(serviceCall('ReadAlias', 's', ['default']));
    const path = objectPath(alias);
    if (path === NONE) throw new KeyringError('unavailable');
    const [locked] = await connection.call({ destination: SECRETS, path, interface: PROPERTIES, member: 'Get', signature: 'ss', body: [COLLECTION, 'Locked'] });
    const value = variantValue(locked);
    if (typeof value !== 'boolean') throw new DbusConnectionLost('protocol');
    if (value) throw new KeyringError('locked');
    return path;
  }

  private attributes(account: string): [string, string][] {
    return [
      ['service', this.service],
      ['username', account],
    ];
  }
}

function serviceCall(member: string, signature: string, body: readonly DbusValue[]): DbusCall {
  return { destination: SECRETS, path: SERVICE_PATH, interface: SERVICE, member, signature, body };
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

/** A variant's value (the wire reader gives `{ signature, value }`). */
function variantValue(variant: DbusValue | undefined): DbusValue {
  if (!isVariant(variant)) throw new DbusConnectionLost('protocol');
  return variant.value;
}

/** A Secret struct (session, parameters, value, content type). */
function secretWire(secret: unknown): SecretWire {
  if (!Array.isArray(secret) || !Buffer.isBuffer(secret[1]) || !Buffer.isBuffer(secret[2])) throw new DbusConnectionLost('protocol');
  return { parameters: secret[1], value: secret[2] };
}
