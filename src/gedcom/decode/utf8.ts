import type { ByteCodec } from './codec.js';

export const utf8Codec: ByteCodec = {
  encoding: 'UTF-8',
  decode: (bytes, start, end) => bytes.toString('utf8', start, end),
  encode: (text) => ({ bytes: Buffer.from(text, 'utf8'), unrepresentable: 0 }),
};
