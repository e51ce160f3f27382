import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import { ServiceError } from '../../app/service-error.js';

/** Why the open database is no longer the one a restart would open. */
export type DatabaseFileLoss = 'removed' | 'replaced' | 'read_only';

/** Whether the file's mode lets its owner write (checked by mode bits: root ignores permissions). */
export function isWritableMode(mode: number): boolean {
  return (mode & 0o200) !== 0;
}

/**
 * Watches that the open encrypted database is still the file at the workspace path: same device
 * and inode, still linked, still writable. SQLite keeps writing to an unlinked or renamed-over file
 * without complaint, so a write acknowledged then would be gone after a restart. Every durable
 * write checks before and after its commit; a loss is sticky for the process (changes fail closed
 * with 503 DATABASE_FILE_LOST until a restart, whose diagnostics then report what it finds).
 */
export class DatabaseFileGuard {
  private readonly descriptor: number;
  private readonly device: number;
  private readonly inode: number;
  private loss: DatabaseFileLoss | null = null;

  constructor(
    private readonly path: string,
    private readonly onLoss: (reason: DatabaseFileLoss) => void,
  ) {
    // Our own descriptor on the database's inode: its link count tells an unlink apart.
    this.descriptor = openSync(path, 'r');
    const stat = fstatSync(this.descriptor);
    this.device = stat.dev;
    this.inode = stat.ino;
  }

  get lost(): DatabaseFileLoss | null {
    return this.loss;
  }

  /** The current verdict, without remembering it. */
  inspect(): DatabaseFileLoss | null {
    let current;
    try {
      current = statSync(this.path);
    } catch {
      return 'removed';
    }
    // Another file at the path (renamed over, restored from elsewhere): the open one is not it.
    if (current.dev !== this.device || current.ino !== this.inode) return 'replaced';
    try {
      if (fstatSync(this.descriptor).nlink === 0) return 'removed';
    } catch {
      return 'removed';
    }
    if (!isWritableMode(current.mode)) return 'read_only';
    return null;
  }

  /** Throws DATABASE_FILE_LOST (and reports the loss once) unless the database file is intact. */
  assertIntact(): void {
    if (this.loss === null) {
      const loss = this.inspect();
      if (loss === null) return;
      this.loss = loss;
      this.onLoss(loss);
    }
    throw new ServiceError('DATABASE_FILE_LOST', [{ name: 'reason', value: this.loss }]);
  }

  /**
   * Runs a write (one SQLite transaction) only on an intact file, and acknowledges it only if the
   * file is still the one at the workspace path after the commit.
   */
  write<T>(commit: () => T): T {
    this.assertIntact();
    const result = commit();
    this.assertIntact();
    return result;
  }

  close(): void {
    try {
      closeSync(this.descriptor);
    } catch {
      // already closed
    }
  }
}

/** The guard of a database with nothing to watch (tests and in-memory compositions). */
export const UNGUARDED = {
  write<T>(commit: () => T): T {
    return commit();
  },
  assertIntact(): void {},
};

export type DurableWriteGuard = Pick<DatabaseFileGuard, 'write' | 'assertIntact'>;
