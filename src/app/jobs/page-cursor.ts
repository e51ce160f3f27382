import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where a listing stopped: the ordinal of the last record served and how many were served in total. */
export interface PagePosition {
  readonly beforeOrdinal: number;
  readonly served: number;
}

const VERSION = 1;
const PAYLOAD_BYTES = 1 + 8 + 4;
const MAC_BYTES = 16;

/**
 * Opaque, tamper-evident page cursors: a versioned position authenticated with HMAC-SHA256
 * under a key the process draws at start (so cursors do not outlive the process). 29 bytes,
 * 39 base64url characters: inside the contract's 32 to 256.
 */
export class PageCursorCodec {
  constructor(
    private readonly key: Buffer,
    private readonly purpose: string,
  ) {
    if (key.length < 32) throw new Error('cursor key must have at least 256 bits');
  }

  encode(position: PagePosition): string {
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt8(VERSION, 0);
    payload.writeBigUInt64BE(BigInt(position.beforeOrdinal), 1);
    payload.writeUInt32BE(position.served, 9);
    return Buffer.concat([payload, this.mac(payload)]).toString('base64url');
  }

  /** The position, or null when the text is not a cursor this process issued for this purpose. */
  decode(text: string): PagePosition | null {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
    const bytes = Buffer.from(text, 'base64url');
    if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES || bytes.toString('base64url') !== text) return null;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), this.mac(payload))) return null;
    if (payload.readUInt8(0) !== VERSION) return null;
    const ordinal = payload.readBigUInt64BE(1);
    if (ordinal > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    return { beforeOrdinal: Number(ordinal), served: payload.readUInt32BE(9) };
  }

  private mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.key).update(this.purpose).update('\n').update(payload).digest().subarray(0, MAC_BYTES);
  }
}
