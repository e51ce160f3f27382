// Entry of the test composition: the shipped sidecar's `serve` with test dependencies. It is bundled
// by the tests' global setup into test/.sidecar/ (never into dist/, never packaged) and launched as
// a real process over loopback, like the shipped entry.
import { join } from 'node:path';
import { runCli as runShippedCli } from '../../src/main/cli.js';
import { gedcomCheckpoints, testingExtension } from './testing-capability.js';
import { testNetwork, ZERO_BACKOFF_CLOCK } from './provider-network-extension.js';

/** `bundleDirectory` is test/.sidecar/; the GEDCOM worker is the shipped one, in dist/. */
export function runCli(bundleDirectory: string): void {
  runShippedCli(bundleDirectory, (defaults) => ({
    ...defaults,
    network: testNetwork() ?? defaults.network,
    retryClock: ZERO_BACKOFF_CLOCK,
    // One worker, so that a second GEDCOM job waits `queued` on any machine; tasks held and armed by the testing routes.
    gedcomWorkers: {
      ...defaults.gedcomWorkers,
      script: { kind: 'file', path: join(bundleDirectory, '..', '..', 'dist', 'gedcom-worker.js') },
      size: 1,
      checkpoints: gedcomCheckpoints,
    },
    extensions: [testingExtension],
  }));
}
