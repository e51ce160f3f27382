import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { marshall } from '@homebridge/dbus-native/lib/message.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYRING_LIMITS } from '../../src/contract/limits.js';
import { DbusCallError, DbusConnection, DbusConnectionLost } from '../../src/infra/keyring/dbus-connection.js';
import { scriptedBus, type ReceivedCall, type ScriptedAnswer, type ScriptedBus } from '../support/scripted-bus.js';

/**
 * The D-Bus connection against a scripted bus on a unix socket: what the bus answers (a reply cut
 * into single bytes, an error, a signal, a body-less reply, an oversized message, a refused or
 * silent authentication) and how the connection takes it.
 */

const METHOD_RETURN = 2;
const SIGNAL = 4;

let bus: ScriptedBus | null = null;

afterEach(() => {
  vi.useRealTimers();
  bus?.close();
  bus = null;
});

const reply = (call: ReceivedCall, signature: string, body: unknown[], serial = 2000): Buffer => marshall({ serial, type: METHOD_RETURN, replySerial: call.serial, signature, body });

function script(call: ReceivedCall): ScriptedAnswer {
  switch (call.member) {
    case 'Ping':
      return { reply: 'su', body: ['pong', 42] };
    case 'Fail':
      return { error: 'org.freedesktop.Secret.Error.NoSession' };
    case 'Empty':
      // a signal first, a reply to a serial nobody asked, then the body-less reply
      return {
        raw: [
          marshall({ serial: 3000, type: SIGNAL, path: '/org/freedesktop/DBus', interface: 'org.freedesktop.DBus', member: 'NameAcquired', signature: 's', body: [':1.7'] }),
          marshall({ serial: 3001, type: METHOD_RETURN, replySerial: call.serial + 500, signature: 's', body: ['stray'] }),
          marshall({ serial: 3002, type: METHOD_RETURN, replySerial: call.serial }),
        ],
      };
    case 'Split': {
      const bytes = reply(call, 'as', [['one', 'two', 'three']]);
      return { raw: Array.from({ length: bytes.length }, (_, index) => bytes.subarray(index, index + 1)) };
    }
    case 'Huge': {
      const header = Buffer.alloc(16);
      header.write('l', 0, 'latin1');
      header.writeUInt8(METHOD_RETURN, 1);
      header.writeUInt32LE(KEYRING_LIMITS.maxMessageBytes, 4);
      return { raw: [header] };
    }
    default:
      return null;
  }
}

const call = (member: string) => ({ destination: 'org.example.Bus', path: '/org/example', interface: 'org.example.Test', member });

describe('D-Bus connection', () => {
  it('pipelines the authentication and Hello, and answers calls by serial: a reply cut into single bytes, an error by its name, a body-less reply; signals and stray replies are dropped', async () => {
    bus = await scriptedBus(script);
    const connection = new DbusConnection(bus.address);
    expect(await connection.call(call('Ping'))).toEqual(['pong', 42]);
    expect(await connection.call(call('Split'))).toEqual([['one', 'two', 'three']]);
    await expect(connection.call(call('Fail'))).rejects.toEqual(new DbusCallError('org.freedesktop.Secret.Error.NoSession'));
    expect(await connection.call(call('Empty'))).toEqual([]);
    expect(connection.isOpen).toBe(true);
    expect(bus.calls.map((received) => received.member)).toEqual(['Hello', 'Ping', 'Split', 'Fail', 'Empty']);
    expect(bus.connections()).toBe(1);
    connection.close();
    await expect(connection.call(call('Ping'))).rejects.toMatchObject({ name: 'DbusConnectionLost', reason: 'closed' });
  });

  it('a message longer than the bound closes the connection, failing the call as a protocol failure', async () => {
    bus = await scriptedBus(script);
    const connection = new DbusConnection(bus.address);
    await expect(connection.call(call('Huge'))).rejects.toEqual(new DbusConnectionLost('protocol'));
    expect(connection.isOpen).toBe(false);
  });

  it('a refused authentication, a missing socket or an address without a unix socket fail every call as unreachable', async () => {
    bus = await scriptedBus(script, 'rejected');
    await expect(new DbusConnection(bus.address).call(call('Ping'))).rejects.toEqual(new DbusConnectionLost('unreachable'));
    await expect(new DbusConnection(`unix:path=${join(tmpdir(), 'no-such-bus-socket')}`).call(call('Ping'))).rejects.toEqual(new DbusConnectionLost('unreachable'));
    await expect(new DbusConnection('tcp:host=localhost,port=1').call(call('Ping'))).rejects.toEqual(new DbusConnectionLost('unreachable'));
  });

  it('a bus that never answers fails the call at its deadline and closes the connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    bus = await scriptedBus(script, 'silent');
    const connection = new DbusConnection(bus.address);
    const pending = connection.call(call('Quiet'));
    vi.advanceTimersByTime(KEYRING_LIMITS.callTimeoutMs);
    await expect(pending).rejects.toEqual(new DbusConnectionLost('timeout'));
    expect(connection.isOpen).toBe(false);
  });
});
