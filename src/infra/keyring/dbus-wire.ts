/**
 * The D-Bus wire format (D-Bus specification, "Message Protocol"), written from the specification
 * for the types the Secret Service uses. Values map to JavaScript as: `y n q i u h` numbers, `x t`
 * bigints, `d` numbers, `b` booleans, `s o g` strings, `ay` Buffers, other arrays and structs
 * arrays, a dict entry a `[key, value]` pair, a variant a `{ signature, value }` object.
 *
 * The reader trusts nothing it reads: every length is checked against the bytes that are there
 * before anything is taken, containers nest at most DBUS_WIRE_LIMITS.maxNesting deep, and every
 * failure is a DbusWireError. It never allocates more than the message it is given (byte arrays and
 * strings are views or decodings of it).
 */

/** A value of a variant: its single complete type and the value. */
export interface DbusVariant {
  readonly signature: string;
  readonly value: DbusValue;
}

export type DbusValue = number | bigint | boolean | string | Buffer | readonly DbusValue[] | DbusVariant;

export type DbusWireFailure = 'signature' | 'truncated' | 'length' | 'padding' | 'value' | 'nesting' | 'header' | 'encoding';

/** A message or a value that does not follow the wire format: what was wrong, never the bytes. */
export class DbusWireError extends Error {
  constructor(readonly failure: DbusWireFailure) {
    super(`D-Bus wire format: ${failure}`);
    this.name = 'DbusWireError';
  }
}

export const DBUS_WIRE_LIMITS = {
  /** The specification's limit on a signature's length. */
  maxSignatureBytes: 255,
  /** The specification's limit on nested containers (32 arrays and 32 structs, variants counted too). */
  maxNesting: 64,
  /** The specification's limit on an array's byte length. */
  maxArrayBytes: 67_108_864,
} as const;

/** Message types (specification, "Message Types"). */
export const MESSAGE_TYPE = { methodCall: 1, methodReturn: 2, error: 3, signal: 4 } as const;

/** Header field codes (specification, "Header Fields") and their types. */
const FIELD = { path: 1, interface: 2, member: 3, errorName: 4, replySerial: 5, destination: 6, sender: 7, signature: 8 } as const;
const FIELD_TYPE: Readonly<Record<number, string>> = { 1: 'o', 2: 's', 3: 's', 4: 's', 5: 'u', 6: 's', 7: 's', 8: 'g', 9: 'u' };

/** Bytes before the header fields: endianness, type, flags, version, body length, serial, field array length. */
export const FIXED_HEADER_BYTES = 16;

type TypeNode =
  | { readonly code: 'basic'; readonly letter: string }
  | { readonly code: 'array'; readonly element: TypeNode }
  | { readonly code: 'struct'; readonly fields: readonly TypeNode[] }
  | { readonly code: 'dict'; readonly key: TypeNode; readonly value: TypeNode }
  | { readonly code: 'variant' };

const BASIC = 'ybnqiuxtdhsog';
const ALIGNMENT: Readonly<Record<string, number>> = {
  y: 1,
  b: 4,
  n: 2,
  q: 2,
  i: 4,
  u: 4,
  x: 8,
  t: 8,
  d: 8,
  h: 4,
  s: 4,
  o: 4,
  g: 1,
  v: 1,
  a: 4,
  '(': 8,
  '{': 8,
};

function alignmentOf(node: TypeNode): number {
  if (node.code === 'basic') return ALIGNMENT[node.letter] ?? 1;
  if (node.code === 'array') return 4;
  if (node.code === 'variant') return 1;
  return 8;
}

/** Parses a signature into its complete types; anything the specification forbids is a `signature` failure. */
export function parseSignature(signature: string): TypeNode[] {
  if (signature.length > DBUS_WIRE_LIMITS.maxSignatureBytes) throw new DbusWireError('signature');
  let at = 0;
  const one = (depth: number): TypeNode => {
    if (depth > DBUS_WIRE_LIMITS.maxNesting) throw new DbusWireError('nesting');
    const letter = signature[at++];
    if (letter === undefined) throw new DbusWireError('signature');
    if (BASIC.includes(letter)) return { code: 'basic', letter };
    if (letter === 'v') return { code: 'variant' };
    if (letter === 'a') {
      if (signature[at] === '{') {
        at++;
        const key = one(depth + 1);
        if (key.code !== 'basic') throw new DbusWireError('signature');
        const value = one(depth + 1);
        if (signature[at++] !== '}') throw new DbusWireError('signature');
        return { code: 'array', element: { code: 'dict', key, value } };
      }
      return { code: 'array', element: one(depth + 1) };
    }
    if (letter === '(') {
      const fields: TypeNode[] = [];
      while (signature[at] !== ')') fields.push(one(depth + 1));
      at++;
      if (fields.length === 0) throw new DbusWireError('signature');
      return { code: 'struct', fields };
    }
    throw new DbusWireError('signature');
  };
  const types: TypeNode[] = [];
  while (at < signature.length) types.push(one(0));
  return types;
}

/** A signature that is exactly one complete type (a variant's). */
function singleType(signature: string): TypeNode {
  const types = parseSignature(signature);
  const only = types[0];
  if (only === undefined || types.length !== 1) throw new DbusWireError('signature');
  return only;
}

export function isVariant(value: DbusValue | undefined): value is DbusVariant {
  return typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Integer ranges of the basic types a number is written as. Values go through a DataView and index
 * writes, not Buffer's read, write, fill and includes methods: those check their arguments with
 * Node's validators on every call, and the start-up's D-Bus messages called them often enough for
 * V8 to optimize the validators' shared wrapper, which maps megabytes of the optimizing compiler
 * into the idle process (docs/benchmarks.md, idle memory).
 */
const INTEGER_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  y: [0, 0xff],
  n: [-0x8000, 0x7fff],
  q: [0, 0xffff],
  i: [-0x8000_0000, 0x7fff_ffff],
  u: [0, 0xffff_ffff],
  h: [0, 0xffff_ffff],
};

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Reads values from one message's bytes; offsets count from the message's first byte, as alignment does. */
class WireReader {
  private at: number;
  private readonly view: DataView;

  constructor(
    private readonly bytes: Buffer,
    private readonly littleEndian: boolean,
    start = 0,
  ) {
    this.at = start;
    this.view = viewOf(bytes);
  }

  get offset(): number {
    return this.at;
  }

  /** Skips the padding to a multiple of `boundary`; padding bytes must be zero. */
  align(boundary: number): void {
    const next = Math.ceil(this.at / boundary) * boundary;
    this.need(next - this.at);
    for (; this.at < next; this.at++) if (this.bytes[this.at] !== 0) throw new DbusWireError('padding');
  }

  read(signature: string): DbusValue[] {
    return parseSignature(signature).map((node) => this.value(node, 0));
  }

  private need(count: number): void {
    if (count > this.bytes.length - this.at) throw new DbusWireError('truncated');
  }

  private u32(): number {
    this.need(4);
    const value = this.view.getUint32(this.at, this.littleEndian);
    this.at += 4;
    return value;
  }

  private text(length: number): string {
    this.need(length + 1);
    const bytes = this.bytes.subarray(this.at, this.at + length);
    // Uint8Array's includes: Buffer's own validates its arguments (see INTEGER_RANGE).
    if (this.bytes[this.at + length] !== 0 || Uint8Array.prototype.includes.call(bytes, 0)) throw new DbusWireError('encoding');
    this.at += length + 1;
    try {
      return UTF8.decode(bytes);
    } catch {
      throw new DbusWireError('encoding');
    }
  }

  private signatureText(): string {
    this.need(1);
    const length = this.bytes[this.at++] ?? 0;
    return this.text(length);
  }

  private value(node: TypeNode, depth: number): DbusValue {
    if (depth > DBUS_WIRE_LIMITS.maxNesting) throw new DbusWireError('nesting');
    this.align(alignmentOf(node));
    switch (node.code) {
      case 'basic':
        return this.basic(node.letter);
      case 'variant': {
        const signature = this.signatureText();
        return { signature, value: this.value(singleType(signature), depth + 1) };
      }
      case 'struct':
        return node.fields.map((field) => this.value(field, depth + 1));
      case 'dict':
        return [this.value(node.key, depth + 1), this.value(node.value, depth + 1)];
      case 'array': {
        const length = this.u32();
        if (length > DBUS_WIRE_LIMITS.maxArrayBytes) throw new DbusWireError('length');
        this.align(alignmentOf(node.element));
        this.need(length);
        const end = this.at + length;
        if (node.element.code === 'basic' && node.element.letter === 'y') {
          this.at = end;
          return this.bytes.subarray(end - length, end);
        }
        const items: DbusValue[] = [];
        // Every element takes at least one byte, so the loop ends within the declared length.
        while (this.at < end) items.push(this.value(node.element, depth + 1));
        if (this.at !== end) throw new DbusWireError('length');
        return items;
      }
    }
  }

  private basic(letter: string): DbusValue {
    const size = ALIGNMENT[letter] ?? 1;
    if (letter === 's' || letter === 'o') return this.text(this.u32());
    if (letter === 'g') return this.signatureText();
    this.need(size);
    const view = this.view;
    const at = this.at;
    this.at += size;
    const le = this.littleEndian;
    switch (letter) {
      case 'y':
        return view.getUint8(at);
      case 'b': {
        const value = view.getUint32(at, le);
        if (value > 1) throw new DbusWireError('value');
        return value === 1;
      }
      case 'n':
        return view.getInt16(at, le);
      case 'q':
        return view.getUint16(at, le);
      case 'i':
        return view.getInt32(at, le);
      case 'x':
        return view.getBigInt64(at, le);
      case 't':
        return view.getBigUint64(at, le);
      case 'd':
        return view.getFloat64(at, le);
      default:
        // u and h
        return view.getUint32(at, le);
    }
  }
}

/**
 * Writes values little-endian into a growing buffer. The buffer is zero-filled and nothing is
 * written past `at`, so alignment padding is already zero.
 */
class WireWriter {
  private bytes = Buffer.alloc(256);
  private view = viewOf(this.bytes);
  private at = 0;

  get offset(): number {
    return this.at;
  }

  result(): Buffer {
    return this.bytes.subarray(0, this.at);
  }

  align(boundary: number): void {
    const next = Math.ceil(this.at / boundary) * boundary;
    this.room(next - this.at);
    this.at = next;
  }

  u8(value: number): void {
    this.integer('y', value);
  }

  u32(value: number): void {
    this.align(4);
    this.integer('u', value);
  }

  u32At(offset: number, value: number): void {
    this.view.setUint32(offset, value, true);
  }

  raw(bytes: Buffer): void {
    this.room(bytes.length);
    this.bytes.set(bytes, this.at);
    this.at += bytes.length;
  }

  write(signature: string, values: readonly DbusValue[]): void {
    const types = parseSignature(signature);
    if (types.length !== values.length) throw new DbusWireError('value');
    types.forEach((node, index) => this.value(node, values[index] ?? 0));
  }

  private room(count: number): void {
    if (this.at + count <= this.bytes.length) return;
    const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.at + count));
    grown.set(this.bytes);
    this.bytes = grown;
    this.view = viewOf(grown);
  }

  private text(value: DbusValue, lengthBytes: 1 | 4): void {
    // U+0000 is the only character whose UTF-8 has a zero byte.
    if (typeof value !== 'string' || value.includes('\0')) throw new DbusWireError('value');
    const bytes = Buffer.from(value, 'utf8');
    if (lengthBytes === 1 && bytes.length > DBUS_WIRE_LIMITS.maxSignatureBytes) throw new DbusWireError('value');
    if (lengthBytes === 1) this.u8(bytes.length);
    else this.u32(bytes.length);
    this.raw(bytes);
    this.u8(0);
  }

  private value(node: TypeNode, value: DbusValue): void {
    this.align(alignmentOf(node));
    switch (node.code) {
      case 'basic':
        return this.basic(node.letter, value);
      case 'variant': {
        if (!isVariant(value)) throw new DbusWireError('value');
        this.text(value.signature, 1);
        return this.value(singleType(value.signature), value.value);
      }
      case 'struct': {
        if (!Array.isArray(value) || value.length !== node.fields.length) throw new DbusWireError('value');
        node.fields.forEach((field, index) => this.value(field, value[index] ?? 0));
        return;
      }
      case 'dict': {
        if (!Array.isArray(value) || value.length !== 2) throw new DbusWireError('value');
        this.value(node.key, value[0] ?? 0);
        this.value(node.value, value[1] ?? 0);
        return;
      }
      case 'array': {
        this.u32(0);
        const lengthAt = this.offset - 4;
        this.align(alignmentOf(node.element));
        const start = this.offset;
        if (Buffer.isBuffer(value) && node.element.code === 'basic' && node.element.letter === 'y') this.raw(value);
        else if (Array.isArray(value)) for (const item of value) this.value(node.element, item);
        else throw new DbusWireError('value');
        this.u32At(lengthAt, this.offset - start);
        return;
      }
    }
  }

  /** A number of an integer type, refused outside the type's range as Buffer's writers refused it. */
  private integer(letter: string, value: number): void {
    const [min, max] = INTEGER_RANGE[letter] ?? [0, 0];
    if (value < min || value > max) throw new DbusWireError('value');
    const size = ALIGNMENT[letter] ?? 1;
    this.room(size);
    const at = this.at;
    if (letter === 'y') this.view.setUint8(at, value);
    else if (letter === 'n') this.view.setInt16(at, value, true);
    else if (letter === 'q') this.view.setUint16(at, value, true);
    else if (letter === 'i') this.view.setInt32(at, value, true);
    else this.view.setUint32(at, value, true);
    this.at = at + size;
  }

  private basic(letter: string, value: DbusValue): void {
    if (letter === 's' || letter === 'o') return this.text(value, 4);
    if (letter === 'g') return this.text(value, 1);
    if (letter === 'b') {
      if (typeof value !== 'boolean') throw new DbusWireError('value');
      return this.u32(value ? 1 : 0);
    }
    if (letter === 'x' || letter === 't') {
      if (typeof value !== 'bigint' || (letter === 'x' ? BigInt.asIntN(64, value) : BigInt.asUintN(64, value)) !== value) throw new DbusWireError('value');
      this.room(8);
      if (letter === 'x') this.view.setBigInt64(this.at, value, true);
      else this.view.setBigUint64(this.at, value, true);
      this.at += 8;
      return;
    }
    if (typeof value !== 'number') throw new DbusWireError('value');
    if (letter !== 'd') return this.integer(letter, value);
    this.room(8);
    this.view.setFloat64(this.at, value, true);
    this.at += 8;
  }
}

/** One message, as written or read: the header fields this service uses and the body. */
export interface DbusMessage {
  readonly type: number;
  readonly flags?: number;
  readonly serial: number;
  readonly path?: string;
  readonly interface?: string;
  readonly member?: string;
  readonly errorName?: string;
  readonly replySerial?: number;
  readonly destination?: string;
  readonly sender?: string;
  /** The body's signature; absent or empty for a message without a body. */
  readonly signature?: string;
  readonly body?: readonly DbusValue[];
}

/** The bytes of a message, little-endian. */
export function encodeMessage(message: DbusMessage): Buffer {
  const fields: DbusValue[] = [];
  const field = (code: number, value: string | number | undefined): void => {
    if (value !== undefined) fields.push([code, { signature: FIELD_TYPE[code] ?? 's', value }]);
  };
  field(FIELD.path, message.path);
  field(FIELD.interface, message.interface);
  field(FIELD.member, message.member);
  field(FIELD.errorName, message.errorName);
  field(FIELD.replySerial, message.replySerial);
  field(FIELD.destination, message.destination);
  field(FIELD.sender, message.sender);
  const signature = message.signature ?? '';
  if (signature.length > 0) field(FIELD.signature, signature);
  const body = new WireWriter();
  body.write(signature, message.body ?? []);
  const bodyBytes = body.result();
  const header = new WireWriter();
  header.u8(0x6c); // 'l': little-endian
  header.u8(message.type);
  header.u8(message.flags ?? 0);
  header.u8(1); // protocol version
  header.u32(bodyBytes.length);
  header.u32(message.serial);
  header.write('a(yv)', [fields]);
  header.align(8);
  return Buffer.concat([header.result(), bodyBytes]);
}

/**
 * The whole length of the message that starts `prefix` (at least FIXED_HEADER_BYTES), from its
 * fixed header alone, or a DbusWireError when the fixed header is not one.
 */
export function messageLength(prefix: Buffer): number {
  if (prefix.length < FIXED_HEADER_BYTES) throw new DbusWireError('truncated');
  const endian = prefix[0];
  if (endian !== 0x6c && endian !== 0x42) throw new DbusWireError('header');
  if (prefix[3] !== 1) throw new DbusWireError('header');
  const littleEndian = endian === 0x6c;
  const bodyBytes = littleEndian ? prefix.readUInt32LE(4) : prefix.readUInt32BE(4);
  const fieldBytes = littleEndian ? prefix.readUInt32LE(12) : prefix.readUInt32BE(12);
  return FIXED_HEADER_BYTES + Math.ceil(fieldBytes / 8) * 8 + bodyBytes;
}

function stringField(fields: ReadonlyMap<number, DbusValue>, code: number): string | undefined {
  const value = fields.get(code);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new DbusWireError('header');
  return value;
}

/** Reads one whole message (exactly `messageLength` bytes); any departure from the format is a DbusWireError. */
export function decodeMessage(bytes: Buffer): DbusMessage {
  const length = messageLength(bytes);
  if (length !== bytes.length) throw new DbusWireError('length');
  const littleEndian = bytes[0] === 0x6c;
  const reader = new WireReader(bytes, littleEndian, 4);
  const [bodyBytes, serial, headerFields] = reader.read('uua(yv)');
  if (typeof bodyBytes !== 'number' || typeof serial !== 'number' || serial === 0 || !Array.isArray(headerFields)) throw new DbusWireError('header');
  const fields = new Map<number, DbusValue>();
  for (const entry of headerFields) {
    const [code, variant] = Array.isArray(entry) ? entry : [];
    if (typeof code !== 'number' || variant === undefined || !isVariant(variant)) throw new DbusWireError('header');
    const expected = FIELD_TYPE[code];
    // Unknown fields are ignored, as the specification asks; known ones must have their type.
    if (expected === undefined) continue;
    if (variant.signature !== expected) throw new DbusWireError('header');
    fields.set(code, variant.value);
  }
  reader.align(8);
  if (bytes.length - reader.offset !== bodyBytes) throw new DbusWireError('length');
  const signature = stringField(fields, FIELD.signature) ?? '';
  const body = new WireReader(bytes, littleEndian, reader.offset);
  const values = body.read(signature);
  if (body.offset !== bytes.length) throw new DbusWireError('length');
  const replySerial = fields.get(FIELD.replySerial);
  return {
    type: bytes[1] ?? 0,
    flags: bytes[2] ?? 0,
    serial,
    path: stringField(fields, FIELD.path),
    interface: stringField(fields, FIELD.interface),
    member: stringField(fields, FIELD.member),
    errorName: stringField(fields, FIELD.errorName),
    replySerial: typeof replySerial === 'number' ? replySerial : undefined,
    destination: stringField(fields, FIELD.destination),
    sender: stringField(fields, FIELD.sender),
    signature,
    body: values,
  };
}
