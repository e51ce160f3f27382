import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { errnoCode } from '../errno-code.js';
import { createFolders } from '../folders.js';
import type { KeyringStore } from '../../app/secrets/keyring-store.js';
import { loadConfig, type ConfigProblem } from '../config/config-file.js';
import { DatabaseOpenError, keyCheckOf, openEncryptedDatabase } from '../database/encrypted-database.js';
import { MIGRATIONS } from '../database/migrations/index.js';
import { DATABASE_KEY_ACCOUNT, readDatabaseKey } from './database-key.js';
import { databasePaths, readKeyCheck, type LocalStateOptions } from './local-state.js';
import { lockWorkspace, WorkspaceInUse, type WorkspaceLock } from '../workspace/workspace-lock.js';

export type SetupOutcome =
  { readonly ok: true; readonly created: readonly string[] } | { readonly ok: false; readonly reason: string; readonly detail?: string };

/** What setup says of an unusable configuration file. */
const CONFIG_PROBLEM_TEXT: Readonly<Record<ConfigProblem, string>> = {
  unreadable: 'the file cannot be read',
  too_large: 'the file is over 64 KiB',
  not_json: 'the file is not JSON',
  schema: 'a key is unknown or a value has the wrong type',
  workspace_not_absolute: 'the workspace is not an absolute path on this system (C:\\... on Windows, /... elsewhere); relative paths are refused',
};

/** The workspace path as setup finds it: a folder, nothing yet, or something that cannot be one. */
function workspaceState(path: string): 'folder' | 'missing' | 'unusable' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'unusable';
  } catch (error) {
    // A parent that is a file (ENOTDIR), a symlink loop, a refused or over-long path: never a folder.
    if (errnoCode(error) !== 'ENOENT') return 'unusable';
  }
  try {
    lstatSync(path);
    return 'unusable'; // a symlink to nothing
  } catch {
    return 'missing';
  }
}

/** Creates the workspace folder (0700) and its missing parents; false when one cannot be created. */
function createWorkspace(path: string): boolean {
  try {
    createFolders(path, 0o700);
    return true;
  } catch {
    return false;
  }
}

/** The workspace's lock for the time of provisioning, or why it cannot be had. */
function holdForSetup(workspace: string): WorkspaceLock | SetupOutcome {
  try {
    return lockWorkspace(workspace, process.pid);
  } catch (error) {
    if (error instanceof WorkspaceInUse)
      return { ok: false, reason: 'workspace.in_use', detail: error.holderPid === null ? undefined : `held by pid ${error.holderPid}` };
    return { ok: false, reason: 'workspace.not_created' };
  }
}

/**
 * Explicit provisioning: workspace, database key, database. Idempotent; never replaces an
 * existing key; refuses to touch a database it cannot open. `serve` never does any of this.
 * It holds the workspace's lock while it works, so it never provisions under a serving sidecar.
 */
export async function setup(options: LocalStateOptions, keyring: KeyringStore): Promise<SetupOutcome> {
  const config = await loadConfig(options.configPath, options.workspace, options.platform);
  if (config.state === 'invalid') return { ok: false, reason: 'configuration.invalid', detail: CONFIG_PROBLEM_TEXT[config.problem] };
  // Defaults stand in for the platform's file when it does not exist, never for a file the user named.
  if (config.state === 'defaults' && options.configPath !== undefined) return { ok: false, reason: 'configuration.missing' };
  const workspace = workspaceState(config.workspace);
  if (workspace === 'unusable') return { ok: false, reason: 'workspace.not_a_folder' };
  // Refused before anything is created when the keyring cannot be used at all (the key read here
  // is not used: it is zeroed at once, and read again under the lock).
  const early = await readDatabaseKey(keyring);
  if (early.state === 'present') early.key.fill(0);
  else if (early.state !== 'missing') return { ok: false, reason: `keyring.${early.state}` };
  const created: string[] = [];
  if (workspace === 'missing') {
    if (!createWorkspace(config.workspace)) return { ok: false, reason: 'workspace.not_created' };
    created.push('workspace');
  }
  const lock = holdForSetup(config.workspace);
  if (!('release' in lock)) return lock;
  try {
    return await provision(config.workspace, keyring, created);
  } finally {
    lock.release();
  }
}

/** Key and database in a workspace that exists and that this process holds. */
async function provision(workspace: string, keyring: KeyringStore, created: string[]): Promise<SetupOutcome> {
  // Read again under the lock: a setup that held it before this one may have written the key meanwhile.
  const key = await readDatabaseKey(keyring);
  if (key.state !== 'present' && key.state !== 'missing') return { ok: false, reason: `keyring.${key.state}` };
  const paths = databasePaths(workspace);
  const databaseExists = existsSync(paths.database);
  if (databaseExists && key.state === 'missing') return { ok: false, reason: 'database.key_missing' };
  let keyHex: Buffer;
  if (key.state === 'present') keyHex = key.key;
  else {
    const created32 = randomBytes(32);
    keyHex = Buffer.from(created32.toString('hex'), 'latin1');
    created32.fill(0);
    await keyring.write(DATABASE_KEY_ACCOUNT, keyHex.toString('latin1'));
    created.push('database_key');
  }
  // Taken before the open, which zeroes the key's bytes right after PRAGMA key.
  const keyCheck = keyCheckOf(keyHex);
  try {
    const db = openEncryptedDatabase(paths.database, keyHex, MIGRATIONS, {
      create: !databaseExists,
      expectedKeyCheck: databaseExists ? readKeyCheck(paths.keyCheck) : keyCheck,
    });
    db.close();
  } catch (error) {
    return { ok: false, reason: `database.${error instanceof DatabaseOpenError ? error.reason : 'corrupt'}` };
  }
  if (!databaseExists) created.push('database');
  if (readKeyCheck(paths.keyCheck) !== keyCheck) {
    const temporary = `${paths.keyCheck}.tmp`;
    writeFileSync(temporary, `${keyCheck}\n`, { mode: 0o600 });
    renameSync(temporary, paths.keyCheck);
  }
  return { ok: true, created };
}
