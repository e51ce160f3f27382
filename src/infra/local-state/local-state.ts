import type { HostPlatform } from '../platform/host-platform.js';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { StartupCode, StartupComponentName } from '../../contract/diagnostics.js';
import type { KeyringStore } from '../../app/secrets/keyring-store.js';
import { readDatabaseKey, type KeyRead } from './database-key.js';
import { loadConfig, type ResolvedConfig } from '../config/config-file.js';
import { DatabaseFileGuard, isWritableMode, type DatabaseFileLoss } from '../database/database-file-guard.js';
import { DatabaseOpenError, openEncryptedDatabase, type Database } from '../database/encrypted-database.js';
import { MIGRATIONS } from '../database/migrations/index.js';
import { probeWorkspace, type WorkspaceState } from '../workspace/workspace-probe.js';
import { lockWorkspace, WorkspaceLockFailed, type WorkspaceLock } from '../workspace/workspace-lock.js';

const DATABASE_FILE = 'service.db';
const KEY_CHECK_FILE = 'service.db.keycheck';

export interface LocalStateOptions {
  readonly configPath?: string;
  readonly workspace?: string;
  /** The platform whose conventions place the default configuration file and workspace. */
  readonly platform: HostPlatform;
}

export interface LocalState {
  readonly config: ResolvedConfig;
  readonly codes: Record<StartupComponentName, StartupCode>;
  /** Open only when every component it depends on is usable. */
  readonly database: Database | null;
  /** Watches that the open database stays the file at the workspace path; null without a database. */
  readonly databaseGuard: DatabaseFileGuard | null;
  /** This process's exclusive hold on the workspace; null when there is no writable workspace to hold. */
  readonly workspaceLock: WorkspaceLock | null;
}

export function databasePaths(workspace: string): { readonly database: string; readonly keyCheck: string } {
  return { database: join(workspace, DATABASE_FILE), keyCheck: join(workspace, KEY_CHECK_FILE) };
}

export function readKeyCheck(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(text) ? text : null;
  } catch {
    return null;
  }
}

/** Takes the workspace's lock when there is a writable workspace; null when there is none or it refuses the lock file. */
function holdWorkspace(workspace: string, state: WorkspaceState): WorkspaceLock | null {
  if (state !== 'ok' && state !== 'low_disk') return null;
  try {
    return lockWorkspace(workspace, process.pid);
  } catch (error) {
    if (error instanceof WorkspaceLockFailed) return null;
    throw error;
  }
}

function configurationCode(config: ResolvedConfig): StartupCode {
  if (config.state !== 'invalid') return `configuration.${config.state}`;
  return config.problem === 'workspace_not_absolute' ? 'configuration.workspace_not_absolute' : 'configuration.invalid';
}

/**
 * Evaluates the four startup components once and opens the encrypted database when it can.
 * It first takes the workspace's exclusive lock (throwing WorkspaceInUse when another live process
 * holds it), so that the database is opened, and the job ledger reconciled, by one process only.
 * Otherwise read-only: it never creates the workspace, a key or a database, and never repairs anything.
 */
export async function openLocalState(
  options: LocalStateOptions,
  keyring: KeyringStore,
  /** The key read, when the caller started it early (it is a read only). */
  databaseKey: Promise<KeyRead> = readDatabaseKey(keyring),
  /** Told once when the open database file is removed, replaced or made read-only while serving. */
  onDatabaseLoss: (reason: DatabaseFileLoss) => void = () => undefined,
): Promise<LocalState> {
  const config = await loadConfig(options.configPath, options.workspace, options.platform);
  const probed = probeWorkspace(config.workspace);
  const workspaceLock = holdWorkspace(config.workspace, probed);
  // A writable workspace that refuses a new file is not writable for the database either.
  const workspaceState = workspaceLock === null && (probed === 'ok' || probed === 'low_disk') ? 'not_writable' : probed;
  const key = await databaseKey;
  const codes: Record<StartupComponentName, StartupCode> = {
    configuration: configurationCode(config),
    workspace: `workspace.${workspaceState}`,
    keyring: key.state === 'present' || key.state === 'missing' ? 'keyring.ok' : `keyring.${key.state}`,
    database: 'database.not_opened',
  };
  const closed = (database: StartupCode): LocalState => {
    // A key read that is not used is zeroed here; an open zeroes it right after PRAGMA key.
    if (key.state === 'present') key.key.fill(0);
    return { config, codes: { ...codes, database }, database: null, databaseGuard: null, workspaceLock };
  };
  if (config.state === 'invalid' || workspaceState === 'missing' || workspaceState === 'not_writable') return closed('database.not_opened');
  const paths = databasePaths(config.workspace);
  if (!existsSync(paths.database)) return closed('database.not_initialized');
  if (key.state === 'missing') return closed('database.key_missing');
  if (key.state !== 'present') return closed('database.key_unavailable');
  // A read-only file would take writes only to lose them (and root ignores the mode): never opened.
  if (!isWritableMode(statSync(paths.database).mode)) return closed('database.read_only');
  let database: Database;
  try {
    database = openEncryptedDatabase(paths.database, key.key, MIGRATIONS, { create: false, expectedKeyCheck: readKeyCheck(paths.keyCheck) });
  } catch (error) {
    const reason = error instanceof DatabaseOpenError ? error.reason : 'corrupt';
    return closed(`database.${reason}`);
  }
  const open = database;
  const guard = new DatabaseFileGuard(paths.database, () => checkpoint(open), onDatabaseLoss);
  return { config, codes: { ...codes, database: 'database.ok' }, database, databaseGuard: guard, workspaceLock };
}

/** Copies the write-ahead log's commits into the database file; when SQLite cannot now, they stay in the log, durable as before. */
function checkpoint(database: Database): void {
  try {
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or failing: the commit is in the log, which the guard watches
  }
}
