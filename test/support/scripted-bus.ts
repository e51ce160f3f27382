import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import DBusBuffer from '@homebridge/dbus-native/lib/dbus-buffer.js';
import { marshall } from '@homebridge/dbus-native/lib/message.js';

const METHOD_CALL = 1;
const METHOD_RETURN = 2;
const ERROR = 3;
/** Header field codes (D-Bus specification, "Header Fields"). */
const FIELD_PATH = 1;
const FIELD_MEMBER = 3;
const FIELD_SIGNATURE = 8;

/** A method call the scripted bus received. */
export interface ReceivedCall {
  readonly connection: number;
  readonly serial: number;
  readonly path: string;
  readonly member: string;
  readonly body: readonly unknown[];
}

/** What the script answers: a reply (signature and body; '' for none), an error name, bytes written as they are (one write each), or nothing. */
export type ScriptedAnswer = { readonly reply: string; readonly body: readonly unknown[] } | { readonly error: string } | { readonly raw: readonly Buffer[] } | null;

export interface ScriptedBus {
  readonly address: string;
  readonly calls: ReceivedCall[];
  /** Connections accepted so far. */
  connections(): number;
  close(): void;
}

function messageSize(buffer: Buffer): number {
  return 16 + Math.ceil(buffer.readUInt32LE(12) / 8) * 8 + buffer.readUInt32LE(4);
}

function readCall(connection: number, bytes: Buffer): ReceivedCall | null {
  const reader = new DBusBuffer(bytes, undefined, { littleEndian: true, ayBuffer: true });
  const fixed = reader.read('yyyyuua(yv)');
  if (fixed[1] !== METHOD_CALL) return null;
  const fields = new Map<unknown, unknown>();
  for (const field of Array.isArray(fixed[6]) ? fixed[6] : []) {
    if (Array.isArray(field) && Array.isArray(field[1]) && Array.isArray(field[1][1])) fields.set(field[0], field[1][1][0]);
  }
  reader.align(3);
  const signature = fields.get(FIELD_SIGNATURE);
  return {
    connection,
    serial: bytes.readUInt32LE(8),
    path: String(fields.get(FIELD_PATH)),
    member: String(fields.get(FIELD_MEMBER)),
    body: typeof signature === 'string' && signature.length > 0 ? reader.read(signature) : [],
  };
}

/**
 * A D-Bus peer on a unix socket for tests of the connection and the Secret Service client: it
 * reads the pipelined `AUTH ... BEGIN`, answers the authentication as told (`OK`, `REJECTED`, or
 * nothing), answers Hello itself and every other call as the script says.
 */
export async function scriptedBus(script: (call: ReceivedCall) => ScriptedAnswer, authentication: 'ok' | 'rejected' | 'silent' = 'ok'): Promise<ScriptedBus> {
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
    if ('error' in result) socket.write(marshall({ serial, type: ERROR, replySerial: call.serial, errorName: result.error, signature: 's', body: ['scripted'] }));
    else socket.write(marshall({ serial, type: METHOD_RETURN, replySerial: call.serial, ...(result.reply === '' ? {} : { signature: result.reply, body: result.body }) }));
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
        if (authentication === 'ok') socket.write('OK 0123456789abcdef0123456789abcdef\r\n');
        if (authentication === 'rejected') socket.write('REJECTED EXTERNAL\r\n');
      }
      while (buffered.length >= 16 && buffered.length >= messageSize(buffered)) {
        const message = buffered.subarray(0, messageSize(buffered));
        buffered = buffered.subarray(message.length);
        const call = readCall(connection, message);
        if (call === null || authentication !== 'ok') continue;
        calls.push(call);
        answer(socket, call, call.member === 'Hello' ? { reply: 's', body: [`:1.${connection}`] } : script(call));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return {
    address: `unix:path=${path},guid=0123`,
    calls,
    connections: () => accepted,
    close() {
      server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
