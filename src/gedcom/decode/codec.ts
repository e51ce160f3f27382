import type { GedcomEncoding } from '../model.js';

/** Result of encoding text into a byte encoding. */
export interface EncodeResult {
  readonly bytes: Buffer;
  /** Number of characters that have no representation and were written as `?`. */
  readonly unrepresentable: number;
}

/**
 * Decodes and encodes line payloads of one ASCII-compatible byte encoding. All GEDCOM
 * structure (levels, tags, xrefs, delimiters, terminators) is ASCII in every encoding the
 * engine tokenizes, so the tokenizer works on bytes and only payloads go through a codec.
 */
export interface ByteCodec {
  readonly encoding: GedcomEncoding;
  decode(bytes: Buffer, start: number, end: number): string;
  encode(text: string): EncodeResult;
}
