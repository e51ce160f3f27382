import { createConnection, Socket } from 'node:net';
import DBusBuffer from '@homebridge/dbus-native/lib/dbus-buffer.js';
import { marshall } from '@homebridge/dbus-native/lib/message.js';
import { KEYRING_LIMITS } from '../../contract/limits.js';

/** D-Bus message types (D-Bus specification, "Message Format"). */
const METHOD_CALL = 1;
const METHOD_RETURN = 2;
const ERROR = 3;
/** Fixed part of every message header: endianness, type, flags, version, body length, serial, header-field array length. */
const FIXED_HEADER_BYTES = 16;
/** Header field codes this connection reads (D-Bus specification, "Header Fields"). */
const ERROR_NAME = 4;
const REPLY_SERIAL = 5;
const SIGNATURE = 8;

/** The peer answered a call with a D-Bus error (its name, e.g. `org.freedesktop.Secret.Error.NoSession`). */
export class DbusCallError extends Error {
  constructor(readonly errorName: string) {
    super(`D-Bus error ${errorName}`);
    this.name = 'DbusCallError';
  }
}

/** The bus could not be reached, the connection closed, or a call had no answer in time. */
export class DbusConnectionLost extends Error {
  constructor(readonly reason: 'unreachable' | 'closed' | 'timeout' | 'protocol') {
    super(`D-Bus connection ${reason}`);
    this.name = 'DbusConnectionLost';
  }
}

export interface DbusCall {
  readonly destination: string;
  readonly path: string;
  readonly interface: string;
  readonly member: string;
  readonly signature?: string;
  readonly body?: readonly unknown[];
}

interface PendingCall {
  resolve(body: readonly unknown[]): void;
  reject(error: Error): void;
  readonly timer: NodeJS.Timeout;
}

/**
 * The socket paths of a session bus address (`unix:path=...` and Linux's `unix:abstract=...`, with
 * the specification's %-escapes), in the address's order; other transports are skipped.
 */
export function unixSocketPaths(address: string): string[] {
  const paths: string[] = [];
  for (const entry of address.split(';')) {
    const colon = entry.indexOf(':');
    if (colon < 0 || entry.slice(0, colon) !== 'unix') continue;
    const keys = new Map<string, string>();
    for (const pair of entry.slice(colon + 1).split(',')) {
      const equals = pair.indexOf('=');
      if (equals > 0) keys.set(pair.slice(0, equals), decodeAddressValue(pair.slice(equals + 1)));
    }
    const path = keys.get('path');
    const abstract = keys.get('abstract');
    if (path !== undefined) paths.push(path);
    else if (abstract !== undefined) paths.push(`\0${abstract}`);
  }
  return paths;
}

function decodeAddressValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Longest SASL answer line read before the messages start (`OK <32 hex digits>` is 35 bytes). */
const MAX_AUTH_LINE_BYTES = 512;

/**
 * One long-lived connection to a D-Bus message bus. Everything is pipelined, as sd-bus does: the
 * SASL exchange (`AUTH EXTERNAL` with this process's uid, then `BEGIN` without waiting for `OK`), the
 * `Hello` and the first calls are written at once, before the socket is even connected, so that
 * the bus and the keyring work on them while this thread is busy. Calls are answered by serial,
 * each with a deadline. Signals and calls addressed to this connection are not subscribed to and
 * are dropped. Calls are made one operation at a time by the keyring queue, so at most a few are
 * pending; a message over KEYRING_LIMITS.maxMessageBytes, an unreadable message, a refused
 * authentication or a missed deadline closes the connection, failing whatever is pending.
 */
export class DbusConnection {
  private readonly pending = new Map<number, PendingCall>();
  private serial = 1;
  private buffered: Buffer = Buffer.alloc(0);
  private authenticated = false;
  private lost: DbusConnectionLost | null = null;
  private readonly socket: Socket;

  /**
   * Connects to the first unix socket of `address` (an address without one fails every call as
   * unreachable). The socket does not keep the process alive; a call waiting for its answer does.
   */
  constructor(
    address: string,
    private readonly timeoutMs: number = KEYRING_LIMITS.callTimeoutMs,
  ) {
    const path = unixSocketPaths(address)[0];
    // Without a unix socket to connect to, the socket stays unconnected and every call fails below.
    this.socket = path === undefined ? new Socket() : createConnection({ path });
    this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
    this.socket.on('error', () => this.fail(new DbusConnectionLost(this.authenticated ? 'closed' : 'unreachable')));
    this.socket.on('close', () => this.fail(new DbusConnectionLost(this.authenticated ? 'closed' : 'unreachable')));
    this.socket.unref();
    if (path === undefined) {
      this.fail(new DbusConnectionLost('unreachable'));
      return;
    }
    const uid = Buffer.from(String(process.getuid?.() ?? 0)).toString('hex');
    this.socket.write(`\0AUTH EXTERNAL ${uid}\r\nBEGIN\r\n`);
    this.call({ destination: 'org.freedesktop.DBus', path: '/org/freedesktop/DBus', interface: 'org.freedesktop.DBus', member: 'Hello' }).catch(() => undefined);
  }

  get isOpen(): boolean {
    return this.lost === null;
  }

  call(call: DbusCall): Promise<readonly unknown[]> {
    if (this.lost !== null) return Promise.reject(this.lost);
    const serial = this.serial++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new DbusConnectionLost('timeout')), this.timeoutMs);
      this.pending.set(serial, { resolve, reject, timer });
      this.socket.write(marshall({ serial, type: METHOD_CALL, ...call }));
    });
  }

  close(): void {
    this.fail(new DbusConnectionLost('closed'));
  }

  private fail(reason: DbusConnectionLost): void {
    if (this.lost !== null) return;
    this.lost = reason;
    for (const call of this.pending.values()) {
      clearTimeout(call.timer);
      call.reject(reason);
    }
    this.pending.clear();
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    if (!this.authenticated) {
      const end = this.buffered.indexOf('\r\n');
      if (end < 0) {
        if (this.buffered.length > MAX_AUTH_LINE_BYTES) this.fail(new DbusConnectionLost('unreachable'));
        return;
      }
      if (!this.buffered.subarray(0, end).toString('latin1').startsWith('OK ')) return this.fail(new DbusConnectionLost('unreachable'));
      this.authenticated = true;
      this.buffered = this.buffered.subarray(end + 2);
    }
    while (this.buffered.length >= FIXED_HEADER_BYTES) {
      const size = messageSize(this.buffered);
      if (size > KEYRING_LIMITS.maxMessageBytes) return this.fail(new DbusConnectionLost('protocol'));
      if (this.buffered.length < size) return;
      const bytes = this.buffered.subarray(0, size);
      this.buffered = this.buffered.subarray(size);
      let message: IncomingMessage;
      try {
        message = readMessage(bytes);
      } catch {
        return this.fail(new DbusConnectionLost('protocol'));
      }
      this.settle(message);
    }
  }

  private settle(message: IncomingMessage): void {
    if ((message.type !== METHOD_RETURN && message.type !== ERROR) || message.replySerial === null) return;
    const call = this.pending.get(message.replySerial);
    if (call === undefined) return;
    this.pending.delete(message.replySerial);
    clearTimeout(call.timer);
    if (message.type === METHOD_RETURN) call.resolve(message.body);
    else call.reject(new DbusCallError(message.errorName ?? 'unknown'));
  }
}

interface IncomingMessage {
  readonly type: number;
  readonly replySerial: number | null;
  readonly errorName: string | null;
  readonly body: readonly unknown[];
}

/** Reads one whole message: its type, the header fields a reply needs, and the body (empty without a signature). */
function readMessage(bytes: Buffer): IncomingMessage {
  const reader = new DBusBuffer(bytes, undefined, { littleEndian: bytes[0] === 0x6c, ayBuffer: true });
  const fixed = reader.read('yyyyuua(yv)');
  const fields = new Map<unknown, unknown>();
  for (const field of Array.isArray(fixed[6]) ? fixed[6] : []) {
    // a field is [code, [signature tree, [value]]]
    if (Array.isArray(field) && Array.isArray(field[1]) && Array.isArray(field[1][1])) fields.set(field[0], field[1][1][0]);
  }
  reader.align(3);
  const signature = fields.get(SIGNATURE);
  const replySerial = fields.get(REPLY_SERIAL);
  const errorName = fields.get(ERROR_NAME);
  return {
    type: typeof fixed[1] === 'number' ? fixed[1] : 0,
    replySerial: typeof replySerial === 'number' ? replySerial : null,
    errorName: typeof errorName === 'string' ? errorName : null,
    body: typeof signature === 'string' && signature.length > 0 ? reader.read(signature) : [],
  };
}

/** Whole size of the message that starts the buffer: fixed header, header fields padded to 8, body. */
function messageSize(buffer: Buffer): number {
  const littleEndian = buffer[0] === 0x6c;
  const bodyBytes = littleEndian ? buffer.readUInt32LE(4) : buffer.readUInt32BE(4);
  const fieldBytes = littleEndian ? buffer.readUInt32LE(12) : buffer.readUInt32BE(12);
  return FIXED_HEADER_BYTES + Math.ceil(fieldBytes / 8) * 8 + bodyBytes;
}
