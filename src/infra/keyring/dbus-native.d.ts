// The two pieces of @homebridge/dbus-native this service uses (its index has no usable types, and
// its bus object loads an XML introspection stack the keyring never needs): the message marshalling
// and the buffer reader. Message bodies stay `unknown` here; every reply is checked where it
// is read (secret-service-store.ts).

declare module '@homebridge/dbus-native/lib/message.js' {
  interface OutgoingMessage {
    readonly serial: number;
    readonly type?: number;
    readonly flags?: number;
    readonly destination?: string;
    readonly replySerial?: number;
    readonly errorName?: string;
    readonly path?: string;
    readonly interface?: string;
    readonly member?: string;
    readonly signature?: string;
    readonly body?: readonly unknown[];
  }

  export function marshall(message: OutgoingMessage): Buffer;
}

declare module '@homebridge/dbus-native/lib/dbus-buffer.js' {
  export default class DBusBuffer {
    constructor(buffer: Buffer, startPosition: number | undefined, options: { readonly littleEndian: boolean; readonly ayBuffer: boolean });
    read(signature: string): unknown[];
    align(power: number): void;
  }
}
