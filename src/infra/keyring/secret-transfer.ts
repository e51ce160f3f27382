import { createCipheriv, createDecipheriv, getDiffieHellman, hkdfSync, randomBytes } from 'node:crypto';

/** The Secret Service's encrypted transfer (specification, "Transfer of Secrets"): 1024-bit MODP Diffie-Hellman, HKDF-SHA256, AES-128-CBC. */
export const DH_TRANSFER = 'dh-ietf1024-sha256-aes128-cbc-pkcs7';
/** Unencrypted transfer, offered by every Secret Service; used only when the encrypted one is refused, as libsecret does. */
export const PLAIN_TRANSFER = 'plain';

/** Bytes of the 1024-bit group's prime: the shared secret is fed to HKDF as a big-endian number of this length. */
const PRIME_BYTES = 128;
const AES_KEY_BYTES = 16;
const IV_BYTES = 16;

/** What a secret travels as: the parameters (the IV) and the value. */
export interface SecretWire {
  readonly parameters: Buffer;
  readonly value: Buffer;
}

/** Turns secrets into what travels over the session and back. */
export interface SecretTransfer {
  seal(secret: Buffer): SecretWire;
  open(wire: SecretWire): Buffer;
}

export const plainTransfer: SecretTransfer = {
  seal: (secret) => ({ parameters: Buffer.alloc(0), value: secret }),
  open: (wire) => wire.value,
};

/** One side of the Diffie-Hellman exchange of OpenSession: our public key, then the transfer keyed by the peer's. */
export class DhExchange {
  private readonly group = getDiffieHellman('modp2');
  readonly publicKey: Buffer;

  constructor() {
    this.publicKey = this.group.generateKeys();
  }

  transfer(peerPublicKey: Buffer): SecretTransfer {
    const shared = this.group.computeSecret(peerPublicKey);
    const padded = Buffer.concat([Buffer.alloc(Math.max(0, PRIME_BYTES - shared.length)), shared]);
    const key = Buffer.from(hkdfSync('sha256', padded, Buffer.alloc(0), Buffer.alloc(0), AES_KEY_BYTES));
    return {
      seal(secret) {
        const parameters = randomBytes(IV_BYTES);
        const cipher = createCipheriv('aes-128-cbc', key, parameters);
        return { parameters, value: Buffer.concat([cipher.update(secret), cipher.final()]) };
      },
      open(wire) {
        const decipher = createDecipheriv('aes-128-cbc', key, wire.parameters);
        return Buffer.concat([decipher.update(wire.value), decipher.final()]);
      },
    };
  }
}
