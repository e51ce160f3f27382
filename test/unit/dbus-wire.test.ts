import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DBUS_WIRE_LIMITS,
  DbusWireError,
  decodeMessage,
  encodeMessage,
  MESSAGE_TYPE,
  messageLength,
  parseSignature,
  type DbusValue,
} from '../../src/infra/keyring/dbus-wire.js';

/**
 * The D-Bus wire format the keyring client reads and writes (ours, from the specification): known
 * bytes, round trips of the Secret Service's types, and the reader under fuzzing (random bytes,
 * truncations, huge declared lengths, nested variants), where it must always end with a
 * DbusWireError and never read or allocate past the bytes it was given.
 */

const call = {
  serial: 7,
  type: MESSAGE_TYPE.methodCall,
  destination: 'org.freedesktop.secrets',
  path: '/org/freedesktop/secrets',
  interface: 'org.freedesktop.Secret.Service',
  member: 'SearchItems',
} as const;

/** A variant nested `depth` deep around a byte. */
function nestedVariant(depth: number): DbusValue {
  let value: DbusValue = { signature: 'y', value: 1 };
  for (let level = 1; level < depth; level++) value = { signature: 'v', value };
  return value;
}

function failure(bytes: Buffer): string | 'decoded' {
  try {
    decodeMessage(bytes);
    return 'decoded';
  } catch (error) {
    if (error instanceof DbusWireError) return error.failure;
    throw error;
  }
}

describe('D-Bus wire format', () => {
  it('writes a method call as the specification lays it out, byte for byte', () => {
    const bytes = encodeMessage({ ...call, member: 'Hello', path: '/', interface: 'a.b', destination: 'c.d' });
    // 'l', METHOD_CALL, no flags, version 1, body length 0, serial 7, then the header field array.
    expect(bytes.subarray(0, 12).toString('hex')).toBe('6c0100010000000007000000');
    // PATH (1) as an object path variant: code, signature "o", padding, length 1, "/", NUL.
    expect(bytes.subarray(16, 28).toString('hex')).toBe('01016f00010000002f000000');
    expect(bytes.length % 8).toBe(0);
    expect(messageLength(bytes)).toBe(bytes.length);
  });

  it('reads a big-endian message as well', () => {
    const header = Buffer.from('420200010000000c0000000200000010', 'hex'); // 'B', METHOD_RETURN, body 12, serial 2, fields 16
    const fields = Buffer.from('050175000000000308016700027375' + '00', 'hex'); // REPLY_SERIAL u 3, SIGNATURE g "su"
    const body = Buffer.from('00000001' + '4100' + '0000' + '0000002a', 'hex'); // "A", then 42 after its padding
    expect(decodeMessage(Buffer.concat([header, fields, body]))).toMatchObject({
      type: MESSAGE_TYPE.methodReturn,
      serial: 2,
      replySerial: 3,
      signature: 'su',
      body: ['A', 42],
    });
  });

  it('round-trips the values of the Secret Service calls and replies', () => {
    const bodies: [string, DbusValue[]][] = [
      ['sv', ['dh-ietf1024-sha256-aes128-cbc-pkcs7', { signature: 'ay', value: Buffer.from([1, 2, 3]) }]],
      [
        'a{ss}',
        [
          [
            ['service', 'service.internal-api'],
            ['username', 'openai.api_key'],
          ],
        ],
      ],
      ['aoao', [['/org/freedesktop/secrets/collection/login/1'], []]],
      [
        'a{sv}(oayays)b',
        [[['org.freedesktop.Secret.Item.Label', { signature: 's', value: 'é label' }]], ['/s/1', Buffer.alloc(16, 7), Buffer.alloc(32, 9), 'text/plain'], true],
      ],
      ['ybnqiuxtd', [255, false, -2, 65535, -7, 4294967295, -(2n ** 63n), 2n ** 64n - 1n, 0.5]],
      ['vg', [nestedVariant(10), 'a(yv)']],
    ];
    for (const [signature, body] of bodies) {
      const decoded = decodeMessage(encodeMessage({ ...call, signature, body }));
      expect(decoded.body).toEqual(body);
      expect(decoded.signature).toBe(signature);
    }
  });

  it('round-trips arbitrary strings, byte arrays and dictionaries', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.string({ unit: 'grapheme', maxLength: 20 }).filter((text) => !text.includes('\0')),
            fc.uint8Array({ maxLength: 40 }),
          ),
        ),
        (pairs) => {
          const body: DbusValue[] = [pairs.map(([key, bytes]) => [key, { signature: 'ay', value: Buffer.from(bytes) }])];
          expect(decodeMessage(encodeMessage({ ...call, signature: 'a{sv}', body })).body).toEqual(body);
        },
      ),
    );
  });

  it('refuses signatures the specification forbids', () => {
    for (const signature of ['a', '(', '()', 'a{vs}', 'a{s}', 'z', '(ss', 'a'.repeat(65) + 'y', 'y'.repeat(256)]) {
      expect(() => parseSignature(signature)).toThrow(DbusWireError);
    }
  });

  it('refuses a value of the wrong type when writing', () => {
    expect(() => encodeMessage({ ...call, signature: 's', body: [5] })).toThrow(DbusWireError);
    expect(() => encodeMessage({ ...call, signature: 'ay', body: ['x'] })).toThrow(DbusWireError);
    expect(() => encodeMessage({ ...call, signature: 's', body: ['nul\0inside'] })).toThrow(DbusWireError);
  });

  it('refuses a number outside its type when writing, and writes every bound of each integer type', () => {
    const bounds: [string, DbusValue, DbusValue][] = [
      ['y', 0, 255],
      ['n', -32768, 32767],
      ['q', 0, 65535],
      ['i', -2147483648, 2147483647],
      ['u', 0, 4294967295],
      ['x', -(2n ** 63n), 2n ** 63n - 1n],
      ['t', 0n, 2n ** 64n - 1n],
    ];
    for (const [letter, low, high] of bounds) {
      const body = [low, high];
      expect(decodeMessage(encodeMessage({ ...call, signature: letter + letter, body })).body).toEqual(body);
      const below = typeof low === 'bigint' ? low - 1n : Number(low) - 1;
      const above = typeof high === 'bigint' ? high + 1n : Number(high) + 1;
      expect(() => encodeMessage({ ...call, signature: letter, body: [below] })).toThrow(DbusWireError);
      expect(() => encodeMessage({ ...call, signature: letter, body: [above] })).toThrow(DbusWireError);
    }
  });
});

describe('D-Bus message reader under fuzzing', () => {
  const valid = encodeMessage({
    ...call,
    signature: 'a{sv}(oayays)b',
    body: [[['k', { signature: 'as', value: ['a', 'b'] }]], ['/s', Buffer.alloc(16), Buffer.alloc(16), 'text/plain'], true],
  });

  it('random bytes: a message or a DbusWireError, never another error', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 512 }), fc.boolean(), (bytes, plausible) => {
        const message = Buffer.from(bytes);
        if (plausible) {
          // Give the fixed header a chance to pass, so that the fields and body are exercised.
          message[0] = 0x6c;
          message[3] = 1;
          message.writeUInt32LE(Math.max(0, message.length - 16 - Math.ceil((message.readUInt32LE(12) % 256) / 8) * 8), 4);
          message.writeUInt32LE(message.readUInt32LE(12) % 256, 12);
        }
        expect(typeof failure(message)).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('every truncation and every single-byte change of a valid message ends in a DbusWireError or a message', () => {
    for (let length = 0; length < valid.length; length++) expect(failure(valid.subarray(0, length))).not.toBe('decoded');
    fc.assert(
      fc.property(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 }), (at, byte) => {
        const changed = Buffer.from(valid);
        changed[at] = byte;
        expect(typeof failure(changed)).toBe('string');
      }),
      { numRuns: 3000 },
    );
  });

  it('huge declared lengths fail at once, without reading or allocating past the message', () => {
    const cases: Buffer[] = [];
    const body = Buffer.from(valid);
    body.writeUInt32LE(0xffffffff, 4); // body length
    cases.push(body);
    const fields = Buffer.from(valid);
    fields.writeUInt32LE(0xfffffff0, 12); // header field array length
    cases.push(fields);
    // An array claiming 60 MiB inside a 64-byte message.
    const array = encodeMessage({ ...call, signature: 'ay', body: [Buffer.alloc(4)] });
    array.writeUInt32LE(60 * 1024 * 1024, array.length - 8);
    cases.push(array);
    const string = encodeMessage({ ...call, signature: 's', body: ['abcd'] });
    string.writeUInt32LE(0x7ffffff0, string.length - 12 + 4);
    cases.push(string);
    // memory, not time: a reader that believed a length would allocate the 60 MiB it claims
    const external = process.memoryUsage().arrayBuffers;
    for (const bytes of cases) expect(['truncated', 'length']).toContain(failure(bytes));
    expect(process.memoryUsage().arrayBuffers - external).toBeLessThan(16 * 1024 * 1024);
  });

  it('nested variants: up to the nesting limit read, deeper refused with `nesting`', () => {
    const within = encodeMessage({ ...call, signature: 'v', body: [nestedVariant(DBUS_WIRE_LIMITS.maxNesting)] });
    expect(failure(within)).toBe('decoded');
    // Built by hand: the writer would not nest that deep either.
    const depth = 5000;
    const nested = Buffer.concat([...Array.from({ length: depth }, () => Buffer.from([1, 0x76, 0])), Buffer.from([1, 0x79, 0, 7])]);
    const header = encodeMessage({ ...call, signature: 'v', body: [{ signature: 'y', value: 7 }] });
    const headerBytes = header.subarray(0, header.length - 4);
    const message = Buffer.concat([headerBytes, nested]);
    message.writeUInt32LE(nested.length, 4);
    expect(failure(message)).toBe('nesting');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (levels) => {
        const bytes = Buffer.concat([headerBytes, ...Array.from({ length: levels }, () => Buffer.from([1, 0x76, 0])), Buffer.from([1, 0x79, 0, 7])]);
        bytes.writeUInt32LE(bytes.length - headerBytes.length, 4);
        expect(failure(bytes)).toBe(levels < DBUS_WIRE_LIMITS.maxNesting ? 'decoded' : 'nesting');
      }),
    );
  });
});
