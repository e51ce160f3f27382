import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeMessage, encodeMessage, MESSAGE_TYPE, messageLength, type DbusValue } from '../../src/infra/keyring/dbus-wire.js';

/** A method call the scripted bus received. */
export interface ReceivedCall {
  readonly connection: number;
  readonly serial: number;
  readonly destination: string;
  readonly path: string;
  readonly member: string;
  readonly body: readonly DbusValue[];
}

/**
 * What the script answers: a reply (signature and body; '' for none) or an error name, each from
 * the peer's unique name unless `sender` says otherwise; bytes written as they are (one write
 * each); or nothing.
 */
export type ScriptedAnswer =
  | { readonly reply: string; readonly body: readonly DbusValue[]; readonly sender?: string }
  | { readonly error: string; readonly sender?: string }
  | { readonly raw: readonly Buffer[] }
  | null;

export interface ScriptedBusOptions {
  /** How the bus answers the authentication. */
  readonly authentication?: 'ok' | 'rejected' | 'silent';
  /** The GUID the bus sends in `OK <guid>` (the address names ADDRESS_GUID). */
  readonly guid?: string;
  /** The unique name GetNameOwner answers for the peer. */
  readonly peerOwner?: string;
}

export interface ScriptedBus {
  readonly address: string;
  readonly calls: ReceivedCall[];
  /** Connections accepted so far. */
  connections(): number;
  close(): void;
}

/** The GUID the scripted bus's address names. */
export const ADDRESS_GUID = '0123456789abcdef0123456789abcdef';
/** The unique name that owns the peer's well-known name unless told otherwise. */
export const PEER_OWNER = ':1.100';
const BUS = 'org.freedesktop.DBus';

/**
 * A D-Bus bus and peer on a unix socket for tests of the connection and the Secret Service client:
 * it reads the pipelined `AUTH ... BEGIN`, answers the authentication as told (`OK <guid>`,
 * `REJECTED`, or nothing), answers the bus's own methods itself (Hello, AddMatch, GetNameOwner)
 * from `org.freedesktop.DBus`, and every other call as the script says, from the peer's owner.
 */
export async function scriptedBus(script: (call: ReceivedCall) => ScriptedAnswer, options: ScriptedBusOptions = {}): Promise<ScriptedBus> {
  const authentication = options.authentication ?? 'ok';
  const directory = mkdtempSync(join(tmpdir(), 'scripted-bus-'));
  const path = join(directory, 'bus');
  const calls: ReceivedCall[] = [];
  let accepted = 0;
  let replySerial = 1000;
  const answer = (socket: Socket, call: ReceivedCall, result: ScriptedAnswer): void => {
    if (result === null) return;
    if ('raw' in result) {
      for (const bytes of result.raw) socket.write(bytes);
      return;
    }
    const serial = replySerial++;
    const sender = result.sender ?? options.peerOwner ?? PEER_OWNER;
    if ('error' in result)
      socket.write(
        encodeMessage({ serial, type: MESSAGE_TYPE.error, replySerial: call.serial, sender, errorName: result.error, signature: 's', body: ['scripted'] }),
      );
    else
      socket.write(
        encodeMessage({
          serial,
          type: MESSAGE_TYPE.methodReturn,
          replySerial: call.serial,
          sender,
          ...(result.reply === '' ? {} : { signature: result.reply, body: result.body }),
        }),
      );
  };
  const busAnswer = (call: ReceivedCall, connection: number): ScriptedAnswer => {
    if (call.member === 'Hello') return { reply: 's', body: [`:1.${connection}`], sender: BUS };
    if (call.member === 'GetNameOwner') return { reply: 's', body: [options.peerOwner ?? PEER_OWNER], sender: BUS };
    return { reply: '', body: [], sender: BUS };
  };
  const server: Server = createServer((socket) => {
    const connection = ++accepted;
    let buffered = Buffer.alloc(0);
    let begun = false;
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!begun) {
        const end = buffered.indexOf('BEGIN\r\n');
        if (end < 0) return;
        begun = true;
        buffered = buffered.subarray(end + 7);
        if (authentication === 'ok') socket.write(`OK ${options.guid ?? ADDRESS_GUID}\r\n`);
        if (authentication === 'rejected') socket.write('REJECTED EXTERNAL\r\n');
      }
      while (buffered.length >= 16 && buffered.length >= messageLength(buffered)) {
        const message = decodeMessage(buffered.subarray(0, messageLength(buffered)));
        buffered = buffered.subarray(messageLength(buffered));
        if (message.type !== MESSAGE_TYPE.methodCall || authentication !== 'ok') continue;
        const call: ReceivedCall = {
          connection,
          serial: message.serial,
          destination: message.destination ?? '',
          path: message.path ?? '',
          member: message.member ?? '',
          body: message.body ?? [],
        };
        calls.push(call);
        answer(socket, call, call.destination === BUS ? busAnswer(call, connection) : script(call));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return {
    address: `unix:path=${path},guid=${ADDRESS_GUID}`,
    calls,
    connections: () => accepted,
    close() {
      server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
