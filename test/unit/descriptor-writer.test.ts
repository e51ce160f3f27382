import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DescriptorWriter } from '../../src/infra/launch/descriptor-writer.js';

function failure(code: string): Error {
  return Object.assign(new Error(code), { code });
}

/** A descriptor that takes at most `room` bytes, then answers `code` for every further write. */
function descriptor(room: number, code: string): { written: Buffer[]; write: (fd: number, bytes: Uint8Array, offset: number) => number } {
  const written: Buffer[] = [];
  let left = room;
  return {
    written,
    write: (_fd, bytes, offset) => {
      if (left === 0) throw failure(code);
      const taken = Math.min(left, bytes.length - offset, 3);
      written.push(Buffer.from(bytes.subarray(offset, offset + taken)));
      left -= taken;
      return taken;
    },
  };
}

function collected(stream: PassThrough): string {
  const chunks: Buffer[] = [];
  let chunk: Buffer | null;
  while ((chunk = stream.read() as Buffer | null) !== null) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('DescriptorWriter', () => {
  it('writes a whole line through partial writes, without building the stream', () => {
    const fd = descriptor(1000, 'EAGAIN');
    let built = 0;
    const writer = new DescriptorWriter(2, () => ((built += 1), new PassThrough()), fd.write);
    writer.write('{"event":"service.ready"}\n');
    expect(Buffer.concat(fd.written).toString('utf8')).toBe('{"event":"service.ready"}\n');
    expect(built).toBe(0);
  });

  it('hands the rest of a line and every later line to the stream, in order, once the descriptor is full', () => {
    const fd = descriptor(4, 'EAGAIN');
    const stream = new PassThrough();
    const writer = new DescriptorWriter(1, () => stream, fd.write);
    writer.write('first line\n');
    writer.write('second line\n');
    expect(Buffer.concat(fd.written).toString('utf8') + collected(stream)).toBe('first line\nsecond line\n');
  });

  it('drops a line when the reader is gone, without throwing', () => {
    const fd = descriptor(0, 'EPIPE');
    const stream = new PassThrough();
    const writer = new DescriptorWriter(2, () => stream, fd.write);
    expect(() => writer.write('lost\n')).not.toThrow();
    expect(collected(stream)).toBe('');
  });
});
