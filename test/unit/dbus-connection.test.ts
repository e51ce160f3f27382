import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYRING_LIMITS } from '../../src/contract/limits.js';
import { DbusCallError, DbusConnection, DbusConnectionLost } from '../../src/infra/keyring/dbus-connection.js';
import { encodeMessage, MESSAGE_TYPE, type DbusValue } from '../../src/infra/keyring/dbus-wire.js';
import { PEER_OWNER, scriptedBus, type ReceivedCall, type ScriptedAnswer, type ScriptedBus } from '../support/scripted-bus.js';

/**
 * The D-Bus connection against a scripted bus on a unix socket: what the bus answers (a reply cut
 * into single bytes, an error, a signal, a body-less reply, an oversized message, a refused or
 * silent authentication, another bus's GUID, a reply from a connection the call did not go to) and
 * how the connection takes it.
 */

const PEER = 'org.example.Peer';

let bus: ScriptedBus | null = null;

afterEach(() => {
  vi.useRealTimers();
  bus?.close();
  bus = null;
});

const reply = (call: ReceivedCall, signature: string, body: DbusValue[], sender = PEER_OWNER, serial = 2000): Buffer =>
  encodeMessage({ serial, type: MESSAGE_TYPE.methodReturn, replySerial: call.serial, sender, signature, body });

const ownerChanged = (owner: string): Buffer =>
  encodeMessage({
    serial: 4000,
    type: MESSAGE_TYPE.signal,
    sender: 'org.freedesktop.DBus',
    path: '/org/freedesktop/DBus',
    interface: 'org.freedesktop.DBus',
    member: 'NameOwnerChanged',
    signature: 'sss',
    body: [PEER, PEER_OWNER, owner],
  });

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
          encodeMessage({
            serial: 3000,
            type: MESSAGE_TYPE.signal,
            sender: PEER_OWNER,
            path: '/org/example',
            interface: 'org.example.Peer',
            member: 'Changed',
            signature: 's',
            body: ['x'],
          }),
          reply({ ...call, serial: call.serial + 500 }, 's', ['stray'], PEER_OWNER, 3001),
          encodeMessage({ serial: 3002, type: MESSAGE_TYPE.methodReturn, replySerial: call.serial, sender: PEER_OWNER }),
        ],
      };
    case 'Split': {
      const bytes = reply(call, 'as', [['one', 'two', 'three']]);
      return { raw: Array.from({ length: bytes.length }, (_, index) => bytes.subarray(index, index + 1)) };
    }
    case 'Impostor':
      // Another connection answers first (its reply is dropped), then the peer itself.
      return { raw: [reply(call, 's', ['forged'], ':1.666', 3003), reply(call, 's', ['genuine'], PEER_OWNER, 3004)] };
    case 'FromTheBus':
      // The bus itself is not the peer either.
      return { raw: [reply(call, 's', ['forged'], 'org.freedesktop.DBus', 3005), reply(call, 's', ['genuine'], PEER_OWNER, 3006)] };
    case 'Restarted':
      // The peer's name moves to a new owner; the old owner's late answer is dropped, the new one's taken.
      return { raw: [ownerChanged(':1.200'), reply(call, 's', ['old'], PEER_OWNER, 3007), reply(call, 's', ['new'], ':1.200', 3008)] };
    case 'Huge': {
      const header = Buffer.alloc(16);
      header.write('l', 0, 'latin1');
      header.writeUInt8(MESSAGE_TYPE.methodReturn, 1);
      header.writeUInt8(1, 3);
      header.writeUInt32LE(KEYRING_LIMITS.maxMessageBytes, 4);
      return { raw: [header] };
    }
    case 'Garbled':
      return {
        raw: [Buffer.from('l\u0002\u0000\u0001\u0004\u0000\u0000\u0000\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u00ff\u00ff\u00ff\u00ff', 'latin1')],
      };
    default:
      return null;
  }
}

const call = (member: string) => ({ destination: PEER, path: '/org/example', interface: 'org.example.Test', member });

describe('D-Bus connection', () => {
  it('pipelines the authentication, Hello, the owner subscription and GetNameOwner, and answers calls by serial: a reply cut into single bytes, an error by its name, a body-less reply; signals and stray replies are dropped', async () => {
    bus = await scriptedBus(script);
    const connection = new DbusConnection(bus.address, PEER);
    expect(await connection.call(call('Ping'))).toEqual(['pong', 42]);
    expect(await connection.call(call('Split'))).toEqual([['one', 'two', 'three']]);
    await expect(connection.call(call('Fail'))).rejects.toEqual(new DbusCallError('org.freedesktop.Secret.Error.NoSession'));
    expect(await connection.call(call('Empty'))).toEqual([]);
    expect(connection.isOpen).toBe(true);
    expect(bus.calls.map((received) => received.member)).toEqual(['Hello', 'AddMatch', 'GetNameOwner', 'Ping', 'Split', 'Fail', 'Empty']);
    expect(bus.calls[2]?.body).toEqual([PEER]);
    expect(bus.connections()).toBe(1);
    connection.close();
    await expect(connection.call(call('Ping'))).rejects.toMatchObject({ name: 'DbusConnectionLost', reason: 'closed' });
  });

  it('takes a reply only from the unique name that owns the peer: a reply from another connection or from the bus is ignored, and an owner change the bus signals moves the trust', async () => {
    bus = await scriptedBus(script);
    const connection = new DbusConnection(bus.address, PEER);
    expect(await connection.call(call('Impostor'))).toEqual(['genuine']);
    expect(await connection.call(call('FromTheBus'))).toEqual(['genuine']);
    expect(await connection.call(call('Restarted'))).toEqual(['new']);
  });

  it('calls nobody but the peer and the bus', async () => {
    bus = await scriptedBus(script);
    const connection = new DbusConnection(bus.address, PEER);
    await expect(connection.call({ ...call('Ping'), destination: 'org.example.Other' })).rejects.toEqual(new DbusConnectionLost('protocol'));
  });

  it('a bus whose GUID is not the one the address names is refused before any call is answered', async () => {
    bus = await scriptedBus(script, { guid: 'ffffffffffffffffffffffffffffffff' });
    const connection = new DbusConnection(bus.address, PEER);
    await expect(connection.call(call('Ping'))).rejects.toEqual(new DbusConnectionLost('wrong_bus'));
    expect(connection.isOpen).toBe(false);
    // Without a guid= in the address, any GUID is the bus's.
    const unnamed = new DbusConnection(bus.address.replace(/,guid=.*$/, ''), PEER);
    expect(await unnamed.call(call('Ping'))).toEqual(['pong', 42]);
  });

  it('a message longer than the bound, or one that breaks the wire format, closes the connection, failing the call as a protocol failure', async () => {
    bus = await scriptedBus(script);
    const connection = new DbusConnection(bus.address, PEER);
    await expect(connection.call(call('Huge'))).rejects.toEqual(new DbusConnectionLost('protocol'));
    expect(connection.isOpen).toBe(false);
    const garbled = new DbusConnection(bus.address, PEER);
    await expect(garbled.call(call('Garbled'))).rejects.toEqual(new DbusConnectionLost('protocol'));
  });

  it('a refused authentication, a missing socket or an address without a unix socket fail every call as unreachable', async () => {
    bus = await scriptedBus(script, { authentication: 'rejected' });
    await expect(new DbusConnection(bus.address, PEER).call(call('Ping'))).rejects.toEqual(new DbusConnectionLost('unreachable'));
    await expect(new DbusConnection(`unix:path=${join(tmpdir(), 'no-such-bus-socket')}`, PEER).call(call('Ping'))).rejects.toEqual(
      new DbusConnectionLost('unreachable'),
    );
    await expect(new DbusConnection('tcp:host=localhost,port=1', PEER).call(call('Ping'))).rejects.toEqual(new DbusConnectionLost('unreachable'));
  });

  it('a bus that never answers fails the call at its deadline and closes the connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    bus = await scriptedBus(script, { authentication: 'silent' });
    const connection = new DbusConnection(bus.address, PEER);
    const pending = connection.call(call('Quiet'));
    vi.advanceTimersByTime(KEYRING_LIMITS.callTimeoutMs);
    await expect(pending).rejects.toEqual(new DbusConnectionLost('timeout'));
    expect(connection.isOpen).toBe(false);
  });
});
