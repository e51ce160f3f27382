import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError, keyCheckOf, openEncryptedDatabase } from '../../src/infra/database/encrypted-database.js';
import { MIGRATIONS } from '../../src/infra/database/migrations/index.js';

/**
 * The database key's bytes, as the keyring hands them over, are zeroed right after PRAGMA key:
 * when the database opens, when the key is refused, and when the file is not there at all.
 */

const folder = mkdtempSync(join(tmpdir(), 'key-zeroing-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const keyBytes = (): Buffer => Buffer.from(randomBytes(32).toString('hex'), 'latin1');
const zeroed = (bytes: Buffer): boolean => bytes.every((byte) => byte === 0);

describe('the database key after the open', () => {
  it('is zeroed once the database is open, and the same key (a fresh copy) opens it again', () => {
    const file = join(folder, 'zeroing.db');
    const key = keyBytes();
    const copy = Buffer.from(key);
    const check = keyCheckOf(key);
    openEncryptedDatabase(file, key, MIGRATIONS, { create: true, expectedKeyCheck: check }).close();
    expect(zeroed(key)).toBe(true);
    openEncryptedDatabase(file, copy, MIGRATIONS, { create: false, expectedKeyCheck: check }).close();
    expect(zeroed(copy)).toBe(true);
  });

  it('is zeroed when the key is refused and when there is no database file', () => {
    const file = join(folder, 'refused.db');
    const key = keyBytes();
    const check = keyCheckOf(key);
    openEncryptedDatabase(file, key, MIGRATIONS, { create: true, expectedKeyCheck: check }).close();
    const wrong = keyBytes();
    expect(() => openEncryptedDatabase(file, wrong, MIGRATIONS, { create: false, expectedKeyCheck: check })).toThrow(new DatabaseOpenError('key_rejected'));
    expect(zeroed(wrong)).toBe(true);
    const absent = keyBytes();
    expect(() => openEncryptedDatabase(join(folder, 'absent.db'), absent, MIGRATIONS, { create: false, expectedKeyCheck: null })).toThrow(
      new DatabaseOpenError('not_initialized'),
    );
    expect(zeroed(absent)).toBe(true);
  });
});
