// Entry of the test composition: the same sidecar with test-only producers registered.
import '../../src/cli.js';
