// Entry of the test composition: the same sidecar with test-only producers passed to `serve`.
import { runCli as runShippedCli } from '../../src/main/cli.js';
import { testingExtension } from './testing-capability.js';
import { providerNetworkExtension } from './provider-network-extension.js';

export function runCli(bundleDirectory: string): void {
  runShippedCli(bundleDirectory, [testingExtension, providerNetworkExtension()]);
}
