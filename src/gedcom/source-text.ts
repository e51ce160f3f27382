import type { ByteOrderMark, GedcomEncoding } from './model.js';
import type { ByteCodec, EncodeResult } from './decode/codec.js';
import { payloadCodec } from './decode/codecs.js';
import { utf8ToUtf16 } from './decode/utf16.js';

/**
 * The bytes a document was parsed from, in tokenizable form: the file's own bytes after the BOM
 * for every ASCII-compatible encoding (UTF-8, ANSEL, code pages), or the UTF-8 transcoding of
 * a UTF-16 file. Record spans are offsets into `text`.
 */
export class SourceText {
  readonly codec: ByteCodec;

  constructor(
    readonly text: Buffer,
    readonly fileEncoding: GedcomEncoding,
    readonly bom: ByteOrderMark,
    /** Bytes after the text, kept for round trip: an odd byte after the last whole UTF-16 code unit, or end-of-file padding (Ctrl-Z, NULs) after the last line. */
    readonly trailing: Buffer = Buffer.alloc(0),
  ) {
    this.codec = payloadCodec(fileEncoding);
  }

  get isUtf16(): boolean {
    return this.fileEncoding === 'UTF-16LE' || this.fileEncoding === 'UTF-16BE';
  }

  /** Convert tokenizable bytes to the file's bytes (identity except for UTF-16). */
  toFileBytes(bytes: Buffer): Buffer {
    return this.isUtf16 ? utf8ToUtf16(bytes, this.fileEncoding === 'UTF-16BE') : bytes;
  }

  /** The file bytes of [start, end) of `text`. */
  fileBytes(start: number, end: number): Buffer {
    return this.toFileBytes(this.text.subarray(start, end));
  }

  /** Encode text the way the file is encoded. */
  encode(text: string): EncodeResult {
    const r = this.codec.encode(text);
    return this.isUtf16 ? { bytes: this.toFileBytes(r.bytes), unrepresentable: r.unrepresentable } : r;
  }
}
