// Entry of the test composition: the same sidecar with test-only producers registered.
import { installCompositionExtension } from '../../src/composition-extensions.js';
import { testingExtension } from './testing-capability.js';
import { providerNetworkExtension } from './provider-network-extension.js';

installCompositionExtension(testingExtension);
installCompositionExtension(providerNetworkExtension());
export { runCli } from '../../src/cli.js';
