import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import BetterSqlite3 from 'better-sqlite3-multiple-ciphers';

export type Database = BetterSqlite3.Database;

/** A versioned schema change. Versions are global and strictly increasing across capabilities. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
}

export type DatabaseOpenFailure = 'not_initialized' | 'key_rejected' | 'corrupt' | 'schema_newer';

export class DatabaseOpenError extends Error {
  constructor(readonly reason: DatabaseOpenFailure) {
    super(`database open failed: ${reason}`);
    this.name = 'DatabaseOpenError';
  }
}

const KEY_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The SQLCipher binary, handed to better-sqlite3 directly: its own lookup (the `bindings` package)
 * walks the call stack and tries a dozen paths, each a thrown require, on every start.
 */
export function nativeBinding(): string {
  return createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers/build/Release/better_sqlite3.node');
}

/**
 * A verifier of the database key that does not reveal it: HMAC-SHA256(key, constant). Kept in a
 * small plaintext file beside the database so that a wrong key and a corrupted file, which
 * SQLCipher reports alike (SQLITE_NOTADB), are told apart.
 */
export function keyCheckOf(keyHex: Buffer): string {
  const raw = Buffer.alloc(keyHex.length >> 1);
  for (let at = 0; at < raw.length; at++) raw[at] = Number.parseInt(String.fromCharCode(keyHex[2 * at] ?? 0, keyHex[2 * at + 1] ?? 0), 16);
  const check = createHmac('sha256', raw).update('service.database.key-check/1').digest('hex');
  raw.fill(0);
  return check;
}

/** Keys the connection; the key's bytes are zeroed as soon as PRAGMA key has taken them. */
function applyKey(db: Database, keyHex: Buffer): void {
  try {
    if (!KEY_PATTERN.test(keyHex.toString('latin1'))) throw new DatabaseOpenError('key_rejected');
    db.pragma(`cipher='sqlcipher'`);
    db.pragma('legacy=4');
    db.pragma(`key="x'${keyHex.toString('latin1')}'"`);
  } finally {
    keyHex.fill(0);
  }
}

/**
 * Opens (or, with `create`, creates) the SQLCipher database and brings its schema up to date.
 * `keyHex` is the key's 64 hex digits as bytes (as the keyring gives them); they are zeroed right
 * after PRAGMA key, whatever the outcome. The strings SQLite's statement needs cannot be zeroed
 * (docs/security.md).
 */
export function openEncryptedDatabase(
  file: string,
  keyHex: Buffer,
  migrations: readonly Migration[],
  options: { readonly create: boolean; readonly expectedKeyCheck: string | null },
): Database {
  let db: Database;
  try {
    db = new BetterSqlite3(file, { fileMustExist: !options.create, nativeBinding: nativeBinding() });
  } catch {
    keyHex.fill(0);
    throw new DatabaseOpenError('not_initialized');
  }
  try {
    // Taken before the key's bytes are zeroed: it tells a wrong key from a damaged file below.
    const keyCheck = options.expectedKeyCheck === null ? null : keyCheckOf(keyHex);
    applyKey(db, keyHex);
    try {
      db.prepare('SELECT count(*) AS n FROM sqlite_master').get();
    } catch {
      const keyMatches = options.expectedKeyCheck !== null && options.expectedKeyCheck === keyCheck;
      throw new DatabaseOpenError(keyMatches ? 'corrupt' : 'key_rejected');
    }
    db.pragma('journal_mode=WAL');
    db.pragma('synchronous=FULL');
    db.pragma('foreign_keys=ON');
    db.pragma('busy_timeout=2000');
    if (!options.create) {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new DatabaseOpenError('corrupt');
    }
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof DatabaseOpenError) throw error;
    throw new DatabaseOpenError('corrupt');
  }
}

/** Applies pending migrations in one transaction each; refuses a database newer than this build. */
export function migrate(db: Database, migrations: readonly Migration[]): void {
  // cast: with simple: true, better-sqlite3 returns the pragma's single value, and user_version is an integer
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.reduce((max, migration) => Math.max(max, migration.version), 0);
  if (current > latest) throw new DatabaseOpenError('schema_newer');
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version=${migration.version}`);
    })();
  }
}
