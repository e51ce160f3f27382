import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { KeyringStore } from '../../app/secrets/keyring-store.js';
import { loadConfig } from '../config/config-file.js';
import { platformPaths } from '../platform/host-platform.js';
import { DatabaseOpenError, keyCheckOf, openEncryptedDatabase } from '../database/encrypted-database.js';
import { MIGRATIONS } from '../database/migrations/index.js';
import { DATABASE_KEY_ACCOUNT, readDatabaseKey } from './database-key.js';
import { databasePaths, readKeyCheck, type LocalStateOptions } from './local-state.js';

export type SetupOutcome =
  | { readonly ok: true; readonly created: readonly string[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Explicit provisioning: workspace, database key, database. Idempotent; never replaces an
 * existing key; refuses to touch a database it cannot open. `serve` never does any of this.
 */
export async function setup(options: LocalStateOptions, keyring: KeyringStore): Promise<SetupOutcome> {
  const config = await loadConfig(options.configPath, options.workspace, platformPaths(options.platform));
  if (config.state === 'invalid') return { ok: false, reason: 'configuration.invalid' };
  const key = await readDatabaseKey(keyring);
  if (key.state === 'locked' || key.state === 'unavailable') return { ok: false, reason: `keyring.${key.state}` };
  const created: string[] = [];
  if (!existsSync(config.workspace)) {
    mkdirSync(config.workspace, { recursive: true, mode: 0o700 });
    created.push('workspace');
  }
  const paths = databasePaths(config.workspace);
  const databaseExists = existsSync(paths.database);
  if (databaseExists && key.state === 'missing') return { ok: false, reason: 'database.key_missing' };
  let keyHex: string;
  if (key.state === 'present') keyHex = key.key;
  else {
    keyHex = randomBytes(32).toString('hex');
    await keyring.write(DATABASE_KEY_ACCOUNT, keyHex);
    created.push('database_key');
  }
  try {
    const db = openEncryptedDatabase(paths.database, keyHex, MIGRATIONS, {
      create: !databaseExists,
      expectedKeyCheck: databaseExists ? readKeyCheck(paths.keyCheck) : keyCheckOf(keyHex),
    });
    db.close();
  } catch (error) {
    return { ok: false, reason: `database.${error instanceof DatabaseOpenError ? error.reason : 'corrupt'}` };
  }
  if (!databaseExists) created.push('database');
  if (readKeyCheck(paths.keyCheck) !== keyCheckOf(keyHex)) {
    const temporary = `${paths.keyCheck}.tmp`;
    writeFileSync(temporary, `${keyCheckOf(keyHex)}\n`, { mode: 0o600 });
    renameSync(temporary, paths.keyCheck);
  }
  return { ok: true, created };
}
