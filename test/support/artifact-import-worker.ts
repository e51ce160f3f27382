// A worker thread that imports a file into the artifact root each message names, so that a test can
// race many importers against one fresh root at the same moment (real threads, real file system).
import { parentPort } from 'node:worker_threads';
import { FileArtifactRegistry } from '../../src/infra/artifacts/file-artifact-registry.js';

interface ImportOrder {
  readonly root: string;
  readonly file: string;
  readonly start: Int32Array;
}

parentPort?.on('message', (order: ImportOrder) => {
  // Every worker waits on the same flag, so that all start creating the root at once.
  Atomics.wait(order.start, 0, 0);
  new FileArtifactRegistry(order.root).importFile(order.file, 'gedcom.inspect').then(
    (minted) => parentPort?.postMessage({ ok: true, grant: minted.grant }),
    (error: unknown) => parentPort?.postMessage({ ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' }),
  );
});
