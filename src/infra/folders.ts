import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Creates a folder and its missing parents one level at a time, each with `mode`; throws the
 * error of the first one that cannot be created. Node's recursive mkdir retries forever where a
 * file system refuses every name (as /proc does), at full CPU; this stops at the first refusal.
 */
export function createFolders(path: string, mode: number): void {
  const missing: string[] = [];
  for (let current = resolve(path); !existsSync(current); current = dirname(current)) {
    missing.push(current);
    if (dirname(current) === current) break;
  }
  for (const folder of missing.reverse()) mkdirSync(folder, { mode });
}
