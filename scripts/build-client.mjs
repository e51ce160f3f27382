// Builds the paired client package (client/dist): tsc for the client's own modules and their
// declarations, then the artifact registry it shares with the sidecar's command line, bundled into
// dist/artifact-registry.js (client-registry-bundle.mjs). The package so carries its own build of
// that code and imports nothing of src/ at run time.
import { execFileSync } from 'node:child_process';
import { bundleArtifactRegistry } from './client-registry-bundle.mjs';

execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'client/tsconfig.json'], { stdio: 'inherit' });
await bundleArtifactRegistry('client/dist/artifact-registry.js');
