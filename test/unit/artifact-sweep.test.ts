import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GEDCOM_WORKER_LIMITS } from '../../src/contract/limits.js';
import { FileArtifactRegistry } from '../../src/infra/artifacts/file-artifact-registry.js';

describe('artifact root: what a crashed writer left behind', () => {
  it('removes .part files of outputs and grants once no operation could still be writing them, and nothing else', async () => {
    const root = mkdtempSync(join(tmpdir(), 'artifact-sweep-'));
    try {
      const now = Date.UTC(2026, 10, 25, 12);
      const registry = new FileArtifactRegistry(root, () => now);
      await registry.prepare();
      const at = (path: string, ageMs: number): void => {
        writeFileSync(path, 'x');
        const seconds = (now - ageMs) / 1000;
        utimesSync(path, seconds, seconds);
      };
      const limit = GEDCOM_WORKER_LIMITS.operationTimeoutMs;
      at(join(root, 'objects', `.${'a'.repeat(32)}.part`), limit + 60_000);
      at(join(root, 'grants', `agr_${'b'.repeat(32)}.part`), limit + 60_000);
      // a writer of another process may still be at these
      at(join(root, 'objects', `.${'c'.repeat(32)}.part`), limit - 60_000);
      // objects and grants themselves are never touched, however old
      at(join(root, 'objects', 'd'.repeat(32)), limit * 10);
      at(join(root, 'grants', `agr_${'e'.repeat(32)}`), limit * 10);

      expect(await registry.sweepAbandoned()).toBe(2);
      expect(readdirSync(join(root, 'objects')).sort()).toEqual([`.${'c'.repeat(32)}.part`, 'd'.repeat(32)]);
      expect(readdirSync(join(root, 'grants'))).toEqual([`agr_${'e'.repeat(32)}`]);
      expect(existsSync(join(root, 'objects', `.${'a'.repeat(32)}.part`))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
