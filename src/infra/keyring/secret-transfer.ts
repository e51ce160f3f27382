import { createCipheriv, createDecipheriv, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

/** The Secret Service's encrypted transfer (specification, "Transfer of Secrets"): 1024-bit MODP Diffie-Hellman, HKDF-SHA256, AES-128-CBC. */
export const DH_TRANSFER = 'dh-ietf1024-sha256-aes128-cbc-pkcs7';

/** Bytes of the 1024-bit group's prime: the shared secret is fed to HKDF as a big-endian number of this length. */
const PRIME_BYTES = 128;
const AES_KEY_BYTES = 16;
const IV_BYTES = 16;

/** What a secret travels as: the parameters (the IV) and the value. */
export interface SecretWire {
  readonly parameters: Buffer;
  readonly value: Buffer;
}

/**
 * Turns secrets into what travels over the session and back. There is no other transfer: a secret
 * never crosses the bus in clear (the Secret Service's `plain` algorithm is never asked for).
 */
export interface SecretTransfer {
  seal(secret: Buffer): SecretWire;
  /** The secret's bytes, for the caller to zero once used; the decipher's own pieces are zeroed here. */
  open(wire: SecretWire): Buffer;
}

/**
 * One side of the Diffie-Hellman exchange of OpenSession: our public key (the big-endian number the
 * Secret Service exchanges), then the transfer keyed by the peer's. The keys are KeyObjects of the
 * named group: `crypto.getDiffieHellman('modp2')` would check the group's prime on every use, about
 * 33 ms of the event loop, here on the path to readiness (the database key's read).
 */
export class DhExchange {
  private readonly privateKey: KeyObject;
  /** Our key's DER AlgorithmIdentifier: the group's prime and generator, for the peer's key. */
  private readonly algorithm: Buffer;
  readonly publicKey: Buffer;

  constructor() {
    const keys = generateKeyPairSync('dh', { group: 'modp2' });
    this.privateKey = keys.privateKey;
    // SubjectPublicKeyInfo: SEQUENCE { AlgorithmIdentifier, BIT STRING { INTEGER y } }
    const [algorithm, subjectKey] = derElements(keys.publicKey.export({ type: 'spki', format: 'der' }));
    if (algorithm === undefined || subjectKey === undefined) throw new Error('unexpected DH public key encoding');
    this.algorithm = algorithm;
    this.publicKey = unsignedInteger(derContent(derContent(subjectKey).subarray(1)));
  }

  transfer(peerPublicKey: Buffer): SecretTransfer {
    const number = unsignedInteger(peerPublicKey);
    // A DER INTEGER is signed: a leading zero byte keeps a number with its high bit set positive.
    const y = derElement(0x02, (number[0] ?? 0) >= 0x80 ? Buffer.concat([Buffer.alloc(1), number]) : number);
    const spki = derElement(0x30, Buffer.concat([this.algorithm, derElement(0x03, Buffer.concat([Buffer.alloc(1), y]))]));
    const shared = diffieHellman({ privateKey: this.privateKey, publicKey: createPublicKey({ key: spki, format: 'der', type: 'spki' }) });
    const padded = Buffer.concat([Buffer.alloc(Math.max(0, PRIME_BYTES - shared.length)), shared]);
    const key = Buffer.from(hkdfSync('sha256', padded, Buffer.alloc(0), Buffer.alloc(0), AES_KEY_BYTES));
    shared.fill(0);
    padded.fill(0);
    return {
      seal(secret) {
        const parameters = randomBytes(IV_BYTES);
        const cipher = createCipheriv('aes-128-cbc', key, parameters);
        return { parameters, value: Buffer.concat([cipher.update(secret), cipher.final()]) };
      },
      open(wire) {
        const decipher = createDecipheriv('aes-128-cbc', key, wire.parameters);
        const first = decipher.update(wire.value);
        const last = decipher.final();
        const secret = Buffer.concat([first, last]);
        first.fill(0);
        last.fill(0);
        return secret;
      },
    };
  }
}

// The few DER rules a DH public key needs (X.690): tag, definite length, content.

function derHeader(bytes: Buffer): { contentStart: number; contentLength: number } {
  const first = bytes[1] ?? 0;
  if (first < 0x80) return { contentStart: 2, contentLength: first };
  const lengthBytes = first & 0x7f;
  return { contentStart: 2 + lengthBytes, contentLength: bytes.readUIntBE(2, lengthBytes) };
}

function derContent(element: Buffer): Buffer {
  const { contentStart, contentLength } = derHeader(element);
  return element.subarray(contentStart, contentStart + contentLength);
}

/** The whole elements (tag, length, content) inside a constructed element. */
function derElements(element: Buffer): Buffer[] {
  const elements: Buffer[] = [];
  let rest = derContent(element);
  while (rest.length > 0) {
    const { contentStart, contentLength } = derHeader(rest);
    elements.push(rest.subarray(0, contentStart + contentLength));
    rest = rest.subarray(contentStart + contentLength);
  }
  return elements;
}

function derElement(tag: number, content: Buffer): Buffer {
  const length = content.length;
  const header =
    length < 0x80 ? Buffer.from([tag, length]) : length < 0x100 ? Buffer.from([tag, 0x81, length]) : Buffer.from([tag, 0x82, length >> 8, length & 0xff]);
  return Buffer.concat([header, content]);
}

/** A big-endian unsigned number without its leading zero bytes (at least one byte). */
function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return bytes.subarray(start);
}
