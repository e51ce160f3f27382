import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The packaging step of scripts/test-all.sh: packages the built dist/ (a single executable takes a
// while), then launches the packaged forms. Kept out of the main suite so that no test waits on it.
export default defineConfig({
  // The Electron example imports the paired client by its package name, as a shell's code would.
  resolve: {
    alias: {
      '@genealogy-sidecar/client': fileURLToPath(new URL('./client/index.ts', import.meta.url)),
      // the client's one private import: the sidecar's artifact registry, bundled into client/dist by its build (tsconfig.json paths)
      '#artifact-registry': fileURLToPath(new URL('./src/infra/artifacts/file-artifact-registry.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/packaging/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts', 'test/support/packaging-setup.ts'],
    reporters: ['default'],
  },
});
