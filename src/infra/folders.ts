import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { errnoCode } from './errno-code.js';

/**
 * Creates a folder and its missing parents one level at a time, each with `mode`, safe against
 * other processes creating the same folders at the same moment: a folder that already exists
 * (EEXIST: made meanwhile by another) counts as made, and the result is verified to be a folder.
 * Throws the error of the first level that cannot be made. Node's recursive mkdir retries forever
 * where a file system refuses every name (as /proc does), at full CPU; this stops at the first refusal.
 */
export function createFolders(path: string, mode: number): void {
  const target = resolve(path);
  const missing: string[] = [];
  for (let current = target; !existsSync(current); current = dirname(current)) {
    missing.push(current);
    if (dirname(current) === current) break;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, { mode });
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') throw error;
    }
  }
  if (!statSync(target).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
}
