import { createDecipheriv, getDiffieHellman, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DhExchange } from '../../src/infra/keyring/secret-transfer.js';

describe('Secret Service transfer of secrets', () => {
  it('both sides of the Diffie-Hellman exchange derive the same AES key: what one seals the other opens, and the wire never holds the secret', () => {
    const secret = Buffer.from('sk-test-transfer-🌳-value', 'utf8');
    for (let round = 0; round < 5; round++) {
      const ours = new DhExchange();
      const theirs = new DhExchange();
      const sealed = ours.transfer(theirs.publicKey).seal(secret);
      expect(sealed.parameters).toHaveLength(16);
      expect(sealed.value.includes(secret)).toBe(false);
      expect(sealed.value.length % 16).toBe(0);
      expect(theirs.transfer(ours.publicKey).open(sealed).equals(secret)).toBe(true);
    }
  });

  it('agrees with an independent implementation of the group (node:crypto DiffieHellman): our public key is its plain number, and the secrets match', () => {
    const classic = getDiffieHellman('modp2');
    classic.generateKeys();
    for (let round = 0; round < 8; round++) {
      const ours = new DhExchange();
      expect(ours.publicKey.length).toBeLessThanOrEqual(128);
      expect(ours.publicKey[0]).not.toBe(0);
      const secret = Buffer.from(`value ${round}`);
      const sealed = ours.transfer(classic.getPublicKey()).seal(secret);
      // The classic side: shared secret, padded to the prime's 128 bytes, HKDF-SHA256 with no salt and no info.
      const theirs = new DhExchange();
      expect(theirs.transfer(ours.publicKey).open(ours.transfer(theirs.publicKey).seal(secret)).equals(secret)).toBe(true);
      const shared = classic.computeSecret(ours.publicKey);
      expect(shared.length).toBe(128);
      const key = Buffer.from(hkdfSync('sha256', shared, Buffer.alloc(0), Buffer.alloc(0), 16));
      const decipher = createDecipheriv('aes-128-cbc', key, sealed.parameters);
      expect(Buffer.concat([decipher.update(sealed.value), decipher.final()]).equals(secret)).toBe(true);
    }
  });

  it('a value sealed under another key does not open', () => {
    const sealed = new DhExchange().transfer(new DhExchange().publicKey).seal(Buffer.from('x'.repeat(40)));
    const stranger = new DhExchange().transfer(new DhExchange().publicKey);
    let opened: Buffer | null = null;
    try {
      opened = stranger.open(sealed);
    } catch {
      opened = null;
    }
    expect(opened?.toString() === 'x'.repeat(40)).toBe(false);
  });
});
