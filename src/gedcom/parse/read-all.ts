/** Anything that yields byte chunks. */
export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/**
 * Read all chunks into one buffer. With an exact `sizeHint` the buffer is allocated once (peak
 * memory = file size); otherwise it grows by doubling.
 */
export async function readAll(source: ByteSource, sizeHint?: number, onProgress?: (bytes: number) => void): Promise<Buffer> {
  let buf = Buffer.allocUnsafe(Math.max(sizeHint ?? 0, 1 << 16));
  let n = 0;
  for await (const chunk of source) {
    if (n + chunk.length > buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(buf.length * 2, n + chunk.length));
      buf.copy(grown, 0, 0, n);
      buf = grown;
    }
    buf.set(chunk, n);
    n += chunk.length;
    onProgress?.(n);
  }
  return buf.subarray(0, n);
}
