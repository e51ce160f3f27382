import { writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { errnoCode } from '../errno-code.js';

/** The standard output or error of the process. */
export type StandardDescriptor = 1 | 2;

/**
 * Writes whole lines to the process's standard output or error with `fs.writeSync`, without
 * creating `process.stdout` or `process.stderr`: each of those streams loads and builds about 2 ms
 * of Node's stream machinery before the readiness line, for writes that Node makes synchronous on
 * pipes, files and terminals anyway. A descriptor that is non-blocking and full (EAGAIN) hands the
 * rest, and every later line, to the stream, which queues it in order; a reader that is gone
 * (EPIPE, EBADF) loses the line, as it would with the stream.
 */
export class DescriptorWriter {
  private stream: Writable | null = null;

  constructor(
    private readonly descriptor: StandardDescriptor,
    private readonly streamOf: () => Writable = () => (descriptor === 1 ? process.stdout : process.stderr),
    private readonly writeBytes: (descriptor: number, bytes: Uint8Array, offset: number) => number = writeSync,
  ) {}

  write(text: string): void {
    if (this.stream !== null) {
      this.stream.write(text);
      return;
    }
    const bytes = Buffer.from(text, 'utf8');
    let offset = 0;
    try {
      while (offset < bytes.length) offset += this.writeBytes(this.descriptor, bytes, offset);
    } catch (error) {
      if (errnoCode(error) !== 'EAGAIN') return;
      this.stream = this.streamOf();
      this.stream.write(bytes.subarray(offset));
    }
  }
}
