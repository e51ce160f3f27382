import type { GedcomEncoding } from '../model.js';
import type { ByteCodec } from './codec.js';
import { anselCodec } from './ansel.js';
import { singleByteCodec } from './single-byte.js';
import { utf8Codec } from './utf8.js';

/**
 * The codec for line payloads. UTF-16 files are transcoded to UTF-8 once when read, so their
 * payload codec is UTF-8 (see source-text.ts).
 */
export function payloadCodec(encoding: GedcomEncoding): ByteCodec {
  switch (encoding) {
    case 'UTF-8':
    case 'UTF-16LE':
    case 'UTF-16BE':
      return utf8Codec;
    case 'ANSEL':
      return anselCodec;
    default:
      return singleByteCodec(encoding);
  }
}
