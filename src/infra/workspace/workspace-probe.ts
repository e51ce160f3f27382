import { accessSync, constants, statfsSync, statSync } from 'node:fs';
import { WORKSPACE_LOW_DISK_BYTES } from '../../contract/service-config.js';

export type WorkspaceState = 'ok' | 'missing' | 'not_writable' | 'low_disk';

/** Read-only look at the workspace: it exists, is a writable directory, and has free disk. Never creates it. */
export function probeWorkspace(directory: string): WorkspaceState {
  let mode: number;
  try {
    const stats = statSync(directory);
    if (!stats.isDirectory()) return 'missing';
    mode = stats.mode;
  } catch {
    return 'missing';
  }
  try {
    accessSync(directory, constants.W_OK | constants.X_OK);
  } catch {
    return 'not_writable';
  }
  // access() always grants root; a directory with no write bit at all is read-only for this service too.
  if ((mode & 0o222) === 0) return 'not_writable';
  try {
    const stats = statfsSync(directory);
    if (stats.bavail * stats.bsize < WORKSPACE_LOW_DISK_BYTES) return 'low_disk';
  } catch {
    return 'not_writable';
  }
  return 'ok';
}
