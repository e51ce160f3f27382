import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import { DatabaseFileLostError, type DatabaseFileLoss } from '../../app/adapter-errors.js';

export type { DatabaseFileLoss } from '../../app/adapter-errors.js';

/** Whether the file's mode lets its owner write (checked by mode bits: root ignores permissions). */
export function isWritableMode(mode: number): boolean {
  return (mode & 0o200) !== 0;
}

/**
 * Watches that the open encrypted database is still the file at the workspace path: same device
 * and inode, still linked, still writable, and so is its write-ahead log (`-wal`), where every
 * commit lands first. SQLite keeps writing to an unlinked or renamed-over file without complaint,
 * so a write acknowledged then would be gone after a restart. Every durable write checks before
 * and after its commit, and its commit is checkpointed from the log into the database file before
 * it is acknowledged: a log removed later takes nothing acknowledged with it. A loss is sticky for
 * the process (changes fail closed with 503 DATABASE_FILE_LOST until a restart, whose diagnostics
 * then report what it finds).
 */
export class DatabaseFileGuard {
  private readonly database: WatchedFile;
  private readonly log: WatchedFile | null;
  private loss: DatabaseFileLoss | null = null;

  constructor(
    path: string,
    /** Copies the log's commits into the database file (and syncs it). */
    private readonly checkpoint: () => void,
    private readonly onLoss: (reason: DatabaseFileLoss) => void,
  ) {
    this.database = watched(path);
    // The log exists once the database was opened in WAL mode and read (the open's checks do).
    this.log = watchedIfPresent(walPath(path));
  }

  get lost(): DatabaseFileLoss | null {
    return this.loss;
  }

  /** The current verdict, without remembering it. */
  inspect(): DatabaseFileLoss | null {
    return verdict(this.database, true) ?? (this.log === null ? null : verdict(this.log, false));
  }

  /** Throws DatabaseFileLostError (and reports the loss once) unless the database file is intact. */
  assertIntact(): void {
    if (this.loss === null) {
      const loss = this.inspect();
      if (loss === null) return;
      this.loss = loss;
      this.onLoss(loss);
    }
    throw new DatabaseFileLostError(this.loss);
  }

  /**
   * Runs a write (one SQLite transaction) only on an intact file, and acknowledges it only once it
   * is in the database file and that file is still the one at the workspace path.
   */
  write<T>(commit: () => T): T {
    this.assertIntact();
    const result = commit();
    this.checkpoint();
    this.assertIntact();
    return result;
  }

  close(): void {
    for (const file of [this.database, this.log]) {
      if (file === null) continue;
      try {
        closeSync(file.descriptor);
      } catch {
        // already closed
      }
    }
  }
}

/** A file the guard holds a descriptor on: its link count tells an unlink apart, its inode a replacement. */
interface WatchedFile {
  readonly path: string;
  readonly descriptor: number;
  readonly device: number;
  readonly inode: number;
}

function watched(path: string): WatchedFile {
  const descriptor = openSync(path, 'r');
  const stat = fstatSync(descriptor);
  return { path, descriptor, device: stat.dev, inode: stat.ino };
}

function watchedIfPresent(path: string): WatchedFile | null {
  try {
    return watched(path);
  } catch {
    return null;
  }
}

/** Whether the watched file is still the one at its path (and, when asked, writable by mode). */
function verdict(file: WatchedFile, mustBeWritable: boolean): DatabaseFileLoss | null {
  let current;
  try {
    current = statSync(file.path);
  } catch {
    return 'removed';
  }
  // Another file at the path (renamed over, restored from elsewhere): the open one is not it.
  if (current.dev !== file.device || current.ino !== file.inode) return 'replaced';
  try {
    if (fstatSync(file.descriptor).nlink === 0) return 'removed';
  } catch {
    return 'removed';
  }
  return mustBeWritable && !isWritableMode(current.mode) ? 'read_only' : null;
}

/** SQLite's write-ahead log of the database at `path`. */
function walPath(path: string): string {
  return `${path}-wal`;
}

/** The guard of a database with nothing to watch (tests and in-memory compositions). */
export const UNGUARDED = {
  write<T>(commit: () => T): T {
    return commit();
  },
  assertIntact(): void {},
};

export type DurableWriteGuard = Pick<DatabaseFileGuard, 'write' | 'assertIntact'>;
