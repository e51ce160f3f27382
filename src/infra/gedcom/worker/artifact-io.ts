import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { GEDCOM_LIMITS, GEDCOM_WORKER_LIMITS } from '../../../contract/limits.js';
import type { WorkMonitor } from '../../../gedcom/index.js';
import type { ArtifactFile, WrittenOutput } from '../../artifacts/file-artifact-registry.js';
import { TaskFailure } from './task-failure.js';

/**
 * File I/O of a worker: inputs read in chunks (a cancel is seen between chunks) and checked
 * against the digest their grant recorded; the output written to its reserved temporary name,
 * which the main thread renames into an artifact only when the job succeeds.
 */

/** Reads every input, reporting stage 'read' in bytes over all of them; an input whose bytes are `given` (a GEDZIP's dataset, read already) is not read again. */
export function readInputs(files: readonly ArtifactFile[], monitor: WorkMonitor, given: readonly (Buffer | null)[] = []): Buffer[] {
  const total = files.reduce((sum, f, i) => sum + ((given[i] ?? null) === null ? f.bytes : 0), 0);
  let done = 0;
  monitor.step('read', 0, total);
  return files.map((file, i) => {
    const ready = given[i] ?? null;
    if (ready !== null) return ready;
    const bytes = readVerified(file, (n) => {
      done += n;
      monitor.step('read', done, total);
    });
    return bytes;
  });
}

function readVerified(file: ArtifactFile, advanced: (bytes: number) => void): Buffer {
  const buffer = Buffer.allocUnsafe(file.bytes);
  const hash = createHash('sha256');
  let fd: number;
  try {
    fd = openSync(file.path, 'r');
  } catch (error) {
    throw new TaskFailure('ARTIFACT_GRANT_INVALID', error);
  }
  try {
    let position = 0;
    while (position < file.bytes) {
      const n = readSync(fd, buffer, position, Math.min(GEDCOM_WORKER_LIMITS.readChunkBytes, file.bytes - position), position);
      if (n === 0) break;
      hash.update(buffer.subarray(position, position + n));
      position += n;
      advanced(n);
    }
    // one byte more than recorded, or fewer, or other bytes: the artifact changed under its grant
    const extra = readSync(fd, Buffer.alloc(1), 0, 1, position);
    if (position !== file.bytes || extra !== 0 || hash.digest('hex') !== file.sha256) throw new TaskFailure('INTERNAL_FAILURE');
  } finally {
    closeSync(fd);
  }
  return buffer;
}

/** Writes the chunks to `path` (created, never replaced), synced; removes it again on any failure. */
export function writeOutput(path: string, chunks: Iterable<Uint8Array>): WrittenOutput {
  const hash = createHash('sha256');
  let bytes = 0;
  const fd = openSync(path, 'wx', 0o600);
  try {
    for (const chunk of chunks) {
      bytes += chunk.length;
      if (bytes > GEDCOM_LIMITS.maxArtifactBytes) throw new TaskFailure('GEDCOM_RESOURCE_LIMIT');
      hash.update(chunk);
      let offset = 0;
      while (offset < chunk.length) offset += writeSync(fd, chunk, offset, chunk.length - offset);
    }
    fsyncSync(fd);
    closeSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(path, { force: true });
    throw error;
  }
  return { bytes, sha256: hash.digest('hex') };
}
