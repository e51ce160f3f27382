import { createConnection, Socket } from 'node:net';
import { KEYRING_LIMITS } from '../../contract/limits.js';
import { unixSockets } from './dbus-address.js';
import { decodeMessage, encodeMessage, FIXED_HEADER_BYTES, MESSAGE_TYPE, messageLength, type DbusMessage, type DbusValue } from './dbus-wire.js';

/** The message bus itself: the sender of its replies and signals. */
const BUS_NAME = 'org.freedesktop.DBus';
const BUS_PATH = '/org/freedesktop/DBus';

/** The peer answered a call with a D-Bus error (its name, e.g. `org.freedesktop.Secret.Error.NoSession`). */
export class DbusCallError extends Error {
  constructor(readonly errorName: string) {
    super(`D-Bus error ${errorName}`);
    this.name = 'DbusCallError';
  }
}

/**
 * The bus could not be reached, the connection closed, a call had no answer in time, the bus broke
 * the protocol, or the bus is not the one the address names (its GUID differs).
 */
export class DbusConnectionLost extends Error {
  constructor(readonly reason: 'unreachable' | 'closed' | 'timeout' | 'protocol' | 'wrong_bus') {
    super(`D-Bus connection ${reason}`);
    this.name = 'DbusConnectionLost';
  }
}

/** A method call to the connection's peer (or to the bus itself, destination `org.freedesktop.DBus`). */
export interface DbusCall {
  readonly destination: string;
  readonly path: string;
  readonly interface: string;
  readonly member: string;
  readonly signature?: string;
  readonly body?: readonly DbusValue[];
}

interface PendingCall {
  resolve(body: readonly DbusValue[]): void;
  reject(error: Error): void;
  readonly timer: NodeJS.Timeout;
  /** The well-known name the call went to; its answer must come from that name's owner. */
  readonly destination: string;
  /** Run as the reply is read, before any later message is (a promise's callback would run after them). */
  readonly onReply?: (body: readonly DbusValue[]) => void;
}

/** Longest SASL answer line read before the messages start (`OK <32 hex digits>` is 35 bytes). */
const MAX_AUTH_LINE_BYTES = 512;

/**
 * One long-lived connection to a D-Bus message bus, for calls to one peer: a well-known name such as
 * the Secret Service's. Everything is pipelined, as sd-bus does: the SASL exchange (`AUTH EXTERNAL`
 * with this process's uid, then `BEGIN` without waiting for `OK`), `Hello`, the subscription to the
 * peer name's owner changes, `GetNameOwner` and the first calls are written at once, before the
 * socket is even connected.
 *
 * Who answers is checked, not assumed: the bus's GUID in `OK <guid>` must be the address's `guid=`
 * when it names one; a reply is taken only from the sender its call went to (the bus for the bus's
 * own methods, the unique name that owns the peer's well-known name otherwise, as `GetNameOwner`
 * and the bus's `NameOwnerChanged` signals tell); every other message is dropped. Calls are
 * answered by serial, each with a deadline. A message over KEYRING_LIMITS.maxMessageBytes, an
 * unreadable message, a refused authentication or a missed deadline closes the connection,
 * failing whatever is pending.
 */
export class DbusConnection {
  private readonly pending = new Map<number, PendingCall>();
  private serial = 1;
  private buffered: Buffer = Buffer.alloc(0);
  private authenticated = false;
  private lost: DbusConnectionLost | null = null;
  private readonly socket: Socket;
  private readonly expectedGuid: string | null;
  /** The unique name that owns the peer's well-known name now (null: no owner known). */
  private peerOwner: string | null = null;

  /**
   * Connects to the first unix socket of `address` (an address without one fails every call as
   * unreachable). The socket does not keep the process alive; a call waiting for its answer does.
   */
  constructor(
    address: string,
    /** The well-known name of the peer this connection calls. */
    private readonly peer: string,
    private readonly timeoutMs: number = KEYRING_LIMITS.callTimeoutMs,
  ) {
    const socket = unixSockets(address)[0];
    this.expectedGuid = socket?.guid ?? null;
    // Without a unix socket to connect to, the socket stays unconnected and every call fails below.
    this.socket = socket === undefined ? new Socket() : createConnection({ path: socket.path });
    this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
    this.socket.on('error', () => this.fail(new DbusConnectionLost(this.authenticated ? 'closed' : 'unreachable')));
    this.socket.on('close', () => this.fail(new DbusConnectionLost(this.authenticated ? 'closed' : 'unreachable')));
    this.socket.unref();
    if (socket === undefined) {
      this.fail(new DbusConnectionLost('unreachable'));
      return;
    }
    const uid = Buffer.from(String(process.getuid?.() ?? 0)).toString('hex');
    this.socket.write(`\0AUTH EXTERNAL ${uid}\r\nBEGIN\r\n`);
    const ignore = (): undefined => undefined;
    this.callBus('Hello').catch(ignore);
    const owners = `type='signal',sender='${BUS_NAME}',path='${BUS_PATH}',interface='${BUS_NAME}',member='NameOwnerChanged',arg0='${peer}'`;
    this.callBus('AddMatch', 's', [owners]).catch(ignore);
    // The owner is known before the peer's first answer is read: the bus answers in order.
    this.send({ destination: BUS_NAME, path: BUS_PATH, interface: BUS_NAME, member: 'GetNameOwner', signature: 's', body: [peer] }, ([owner]) => {
      if (typeof owner === 'string') this.peerOwner = owner;
    }).catch(ignore);
  }

  get isOpen(): boolean {
    return this.lost === null;
  }

  call(call: DbusCall): Promise<readonly DbusValue[]> {
    return this.send(call);
  }

  private send(call: DbusCall, onReply?: (body: readonly DbusValue[]) => void): Promise<readonly DbusValue[]> {
    if (call.destination !== BUS_NAME && call.destination !== this.peer) return Promise.reject(new DbusConnectionLost('protocol'));
    if (this.lost !== null) return Promise.reject(this.lost);
    const serial = this.serial++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new DbusConnectionLost('timeout')), this.timeoutMs);
      this.pending.set(serial, { resolve, reject, timer, destination: call.destination, onReply });
      this.socket.write(encodeMessage({ serial, type: MESSAGE_TYPE.methodCall, ...call }));
    });
  }

  close(): void {
    this.fail(new DbusConnectionLost('closed'));
  }

  private callBus(member: string, signature?: string, body?: readonly DbusValue[]): Promise<readonly DbusValue[]> {
    return this.call({ destination: BUS_NAME, path: BUS_PATH, interface: BUS_NAME, member, signature, body });
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
      const line = this.buffered.subarray(0, end).toString('latin1');
      if (!line.startsWith('OK ')) return this.fail(new DbusConnectionLost('unreachable'));
      // The address names the bus it means by its GUID: another server on that socket is not it.
      if (this.expectedGuid !== null && line.slice(3).trim() !== this.expectedGuid) return this.fail(new DbusConnectionLost('wrong_bus'));
      this.authenticated = true;
      this.buffered = this.buffered.subarray(end + 2);
    }
    while (this.buffered.length >= FIXED_HEADER_BYTES) {
      let size: number;
      let message: DbusMessage;
      try {
        size = messageLength(this.buffered);
        if (size > KEYRING_LIMITS.maxMessageBytes) return this.fail(new DbusConnectionLost('protocol'));
        if (this.buffered.length < size) return;
        message = decodeMessage(this.buffered.subarray(0, size));
      } catch {
        return this.fail(new DbusConnectionLost('protocol'));
      }
      this.buffered = this.buffered.subarray(size);
      this.settle(message);
    }
  }

  private settle(message: DbusMessage): void {
    if (message.type === MESSAGE_TYPE.signal) return this.signal(message);
    if ((message.type !== MESSAGE_TYPE.methodReturn && message.type !== MESSAGE_TYPE.error) || message.replySerial === undefined) return;
    const call = this.pending.get(message.replySerial);
    if (call === undefined) return;
    // Only the connection the call went to may answer it; anyone else's answer is dropped.
    const expectedSender = call.destination === BUS_NAME ? BUS_NAME : this.peerOwner;
    if (expectedSender === null || message.sender !== expectedSender) return;
    this.pending.delete(message.replySerial);
    clearTimeout(call.timer);
    if (message.type === MESSAGE_TYPE.methodReturn) {
      call.onReply?.(message.body ?? []);
      call.resolve(message.body ?? []);
    } else call.reject(new DbusCallError(message.errorName ?? 'unknown'));
  }

  /** The one signal taken: the bus telling that the peer's name changed owner (a restarted or started daemon). */
  private signal(message: DbusMessage): void {
    if (message.sender !== BUS_NAME || message.interface !== BUS_NAME || message.member !== 'NameOwnerChanged') return;
    const [name, , owner] = message.body ?? [];
    if (name === this.peer && typeof owner === 'string') this.peerOwner = owner.length > 0 ? owner : null;
  }
}
