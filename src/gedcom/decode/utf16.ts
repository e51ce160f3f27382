/** UTF-16 <-> UTF-8 transcoding of whole buffers (UTF-16 files are rare and small). */

export function utf16ToUtf8(bytes: Buffer, bigEndian: boolean): Buffer {
  const even = bytes.length & ~1;
  let body = bytes.subarray(0, even);
  if (bigEndian) body = Buffer.from(body).swap16();
  return Buffer.from(body.toString('utf16le'), 'utf8');
}

export function utf8ToUtf16(bytes: Buffer, bigEndian: boolean): Buffer {
  const out = Buffer.from(bytes.toString('utf8'), 'utf16le');
  return bigEndian ? out.swap16() : out;
}

/** True when a UTF-16 buffer holds an unpaired surrogate (which UTF-8 cannot carry). */
export function hasLoneSurrogate(bytes: Buffer, bigEndian: boolean): boolean {
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    // cast: i + 1 < bytes.length
    const u = bigEndian ? ((bytes[i] as number) << 8) | (bytes[i + 1] as number) : ((bytes[i + 1] as number) << 8) | (bytes[i] as number);
    if (u >= 0xd800 && u <= 0xdbff) {
      const j = i + 2;
      if (j + 1 >= bytes.length) return true;
      // cast: j + 1 < bytes.length (returned above otherwise)
      const v = bigEndian ? ((bytes[j] as number) << 8) | (bytes[j + 1] as number) : ((bytes[j + 1] as number) << 8) | (bytes[j] as number);
      if (v < 0xdc00 || v > 0xdfff) return true;
      i += 2;
    } else if (u >= 0xdc00 && u <= 0xdfff) return true;
  }
  return false;
}
