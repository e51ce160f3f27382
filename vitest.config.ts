import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // docs/examples import the paired client by its package name, as a shell's code would.
  resolve: {
    alias: {
      '@genealogy-sidecar/client': fileURLToPath(new URL('./client/index.ts', import.meta.url)),
      // the client's one private import: the sidecar's artifact registry, bundled into client/dist by its build (tsconfig.json paths)
      '#artifact-registry': fileURLToPath(new URL('./src/infra/artifacts/file-artifact-registry.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Its own step of scripts/test-all.sh (vitest.packaging.config.ts), after the suite.
    exclude: ['test/packaging/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test processes on the 2-core machines this runs on (vitest's default there is one): the suite
    // waits on child processes, the keyring and the disk as much as on the CPU (docs/benchmarks.md).
    poolOptions: { forks: { minForks: 2, maxForks: 2 } },
    globalSetup: ['test/support/global-setup.ts'],
    reporters: ['default'],
  },
});
