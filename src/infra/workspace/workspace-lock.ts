import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3-multiple-ciphers';
import { nativeBinding } from '../database/encrypted-database.js';

/** The lock database (empty, unencrypted) whose exclusive SQLite lock marks the workspace as served. */
const LOCK_FILE = 'service.lock';
/** The holder's pid, written once it holds the lock; read only to name the holder in a refusal. */
const HOLDER_FILE = 'service.lock.pid';

/** The workspace is held by another live process (a serving sidecar, or `setup` at work). */
export class WorkspaceInUse extends Error {
  constructor(
    /** The holder's pid as it recorded it, or null when it has not yet (or could not). */
    readonly holderPid: number | null,
  ) {
    super(holderPid === null ? 'the workspace is in use by another process' : `the workspace is in use by another process (pid ${holderPid})`);
    this.name = 'WorkspaceInUse';
  }
}

/** The lock could not be taken for another reason than a holder (the folder refuses the file, say). */
export class WorkspaceLockFailed extends Error {
  constructor() {
    super('the workspace lock file cannot be created');
    this.name = 'WorkspaceLockFailed';
  }
}

export interface WorkspaceLock {
  /** Gives the lock up; the OS gives it up too when the process ends in any way (kill -9 included). */
  release(): void;
}

function isBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED');
}

function recordedHolder(workspace: string): number | null {
  try {
    const text = readFileSync(join(workspace, HOLDER_FILE), 'utf8').trim();
    return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

/**
 * Takes the workspace's exclusive lock without waiting: SQLite's exclusive locking mode on a lock
 * database, an OS byte-range lock (fcntl on Linux and macOS, LockFileEx on Windows) held for as long
 * as the connection is open, and released by the OS when the process dies, so no stale lock can
 * outlive its holder. Throws WorkspaceInUse when a live process holds it, WorkspaceLockFailed when
 * the lock file cannot be made.
 */
export function lockWorkspace(workspace: string, pid: number): WorkspaceLock {
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(join(workspace, LOCK_FILE), { timeout: 0, nativeBinding: nativeBinding() });
  } catch {
    throw new WorkspaceLockFailed();
  }
  try {
    // No journal file beside the lock: the lock database never holds data worth a rollback.
    db.pragma('journal_mode = MEMORY');
    db.pragma('locking_mode = EXCLUSIVE');
    // An exclusive transaction takes the exclusive lock now; the locking mode keeps it after the commit.
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new WorkspaceInUse(recordedHolder(workspace));
    throw new WorkspaceLockFailed();
  }
  // Written in the background: start-up does not wait on the disk for a pid that only names the
  // holder in another process's refusal; the lock stands without it.
  writeFile(join(workspace, HOLDER_FILE), `${pid}\n`, { mode: 0o600 }).catch(() => undefined);
  return {
    release() {
      if (db.open) db.close();
    },
  };
}
