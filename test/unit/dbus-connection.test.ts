import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marshall } from '@homebridge/dbus-native/lib/message.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYRING_LIMITS } from '../../src/contract/limits.js';
import { DbusCallError, DbusConnection, DbusConnectionLost } from '../../src/infra/keyring/dbus-connection.js';

/**
 * The D-Bus connection against a scripted bus on a unix socket: what the bus answers (a reply cut
 * into single bytes, an error, a signal, a body-less reply, an oversized message, a refused or
 * silent authentication) and how the connection takes it.
 */

const METHOD_RETURN = 2;
const ERROR = 3;
const SIGNAL = 4;

interface ScriptedBus {
  readonly address: string;
  /** The serial of each method call received, with its member. */
  readonly calls: { serial: number; member: string }[];
  close(): void;
}

type Answer = (call: { serial: number; member: string }, socket: Socket) => void;

let directory: string | null = null;
let server: Server | null = null;

afterEach(() => {
  vi.useRealTimers();
  server?.close();
  if (directory !== null) rmSync(directory, { recursive: true, force: true });
  server = null;
  directory = null;
});

function messageSize(buffer: Buffer): number {
  return 16 + Math.ceil(buffer.readUInt32LE(12) / 8) * 8 + buffer.readUInt32LE(4);
}

/** A bus that reads the pipelined `AUTH ... BEGIN`, answers the authentication as told, then each call with `answer`. */
async function scriptedBus(authentication: 'ok' | 'rejected' | 'silent', answer: Answer): Promise<ScriptedBus> {
  directory = mkdtempSync(join(tmpdir(), 'dbus-test-'));
  const path = join(directory, 'bus');
  const calls: { serial: number; member: string }[] = [];
  server = createServer((socket) => {
    let buffered = Buffer.alloc(0);
    let begun = false;
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!begun) {
        const end = buffered.indexOf('BEGIN\r\n');
        if (end < 0) return;
        begun = true;
        buffered = buffered.subarray(end + 7);
        if (authentication === 'ok') socket.write('OK 0123456789abcdef0123456789abcdef\r\n');
        if (authentication === 'rejected') socket.write('REJECTED EXTERNAL\r\n');
      }
      while (buffered.length >= 16 && buffered.length >= messageSize(buffered)) {
        const message = buffered.subarray(0, messageSize(buffered));
        buffered = buffered.subarray(message.length);
        const member = /(Hello|Ping|Fail|Quiet|Huge|Split|Empty)/.exec(message.toString('latin1'))?.[1] ?? '';
        const call = { serial: message.readUInt32LE(8), member };
        calls.push(call);
        if (authentication === 'ok') answer(call, socket);
      }
    });
  });
  await new Promise<void>((resolve) => server?.listen(path, resolve));
  return { address: `unix:path=${path},guid=0123`, calls, close: () => server?.close() };
}

const reply = (serial: number, signature: string, body: unknown[]): Buffer => marshall({ serial: 1000 + serial, type: METHOD_RETURN, replySerial: serial, signature, body });

/** Answers Hello with a name, then by member. */
function standard(call: { serial: number; member: string }, socket: Socket): void {
  if (call.member === 'Hello') socket.write(reply(call.serial, 's', [':1.7']));
  if (call.member === 'Ping') socket.write(reply(call.serial, 'su', ['pong', 42]));
  if (call.member === 'Fail') socket.write(marshall({ serial: 2000, type: ERROR, replySerial: call.serial, errorName: 'org.freedesktop.Secret.Error.NoSession', signature: 's', body: ['gone'] }));
  if (call.member === 'Empty') {
    // a signal first, a reply to a serial nobody asked, then the body-less reply
    socket.write(marshall({ serial: 3000, type: SIGNAL, path: '/org/freedesktop/DBus', interface: 'org.freedesktop.DBus', member: 'NameAcquired', signature: 's', body: [':1.7'] }));
    socket.write(reply(call.serial + 500, 's', ['stray']));
    socket.write(marshall({ serial: 3001, type: METHOD_RETURN, replySerial: call.serial }));
  }
  if (call.member === 'Split') {
    const bytes = reply(call.serial, 'as', [['one', 'two', 'three']]);
    for (let index = 0; index < bytes.length; index++) socket.write(bytes.subarray(index, index + 1));
  }
  if (call.member === 'Huge') {
    const header = Buffer.alloc(16);
    header.write('l', 0, 'latin1');
    header.writeUInt8(METHOD_RETURN, 1);
    header.writeUInt32LE(KEYRING_LIMITS.maxMessageBytes, 4);
    socket.write(header);
  }
}

const call = (member: string) => ({ destination: 'org.example.Bus', path: '/org/example', interface: 'org.example.Test', member });

describe('D-Bus connection', () => {
  it('pipelines the authentication and Hello, and answers calls by serial: a reply cut into single bytes, an error by its name, a body-less reply; signals and stray replies are dropped', async () => {
    const bus = await scriptedBus('ok', standard);
    const connection = new DbusConnection(bus.address);
    expect(await connection.call(call('Ping'))).toEqual(['pong', 42]);
    expect(await connection.call(call('Split'))).toEqual([['one', 'two', 'three']]);
    await expect(connection.call(call('Fail'))).rejects.toEqual(new DbusCallError('org.freedesktop.Secret.Error.NoSession'));
    expect(await connection.call(call('Empty'))).toEqual([]);
    expect(connection.isOpen).toBe(true);
    expect(bus.calls.map((received) => received.member)).toEqual(['Hello', 'Ping', 'Split', 'Fail', 'Empty']);
    connection.close();
    await expect(connection.call(call('Ping'))).rejects.toMatchObject({ name: 'DbusConnectionLost', reason: 'closed' });
  });

  it('a message longer than the bound closes the connection, failing the call as a protocol failure', async () => {
    const bus = await scriptedBus('ok', standard);
    const connection = new DbusConnection(bus.address);
    await expect(connection.call(call('Huge'))).rejects.toEqual(new DbusConnectionLost('protocol'));
    expect(connection.isOpen).toBe(false);
  });

  it('a refused authentication, a missing socket or an address without a unix socket fail every call as unreachable', async () => {
    const bus = await scriptedBus('rejected', standard);
    await expect(new DbusConnection(bus.address).call(call('Ping'))).rejects.toEqual(new DbusConnectionLost('unreachable'));
    await expect(new DbusConnection(`unix:path=${join(directory ?? '', 'absent')}`).call(call('Ping'))).rejects.toEqual(new DbusConnectionLost('unreachable'));
    await expect(new DbusConnection('tcp:host=localhost,port=1').call(call('Ping'))).rejects.toEqual(new DbusConnectionLost('unreachable'));
  });

  it('a bus that never answers fails the call at its deadline and closes the connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bus = await scriptedBus('silent', standard);
    const connection = new DbusConnection(bus.address);
    const pending = connection.call(call('Quiet'));
    vi.advanceTimersByTime(KEYRING_LIMITS.callTimeoutMs);
    await expect(pending).rejects.toEqual(new DbusConnectionLost('timeout'));
    expect(connection.isOpen).toBe(false);
  });
});
