import { defineConfig } from 'vitest/config';

// The packaging step of scripts/test-all.sh: packages the built dist/ (a single executable takes a
// while), then launches the packaged forms. Kept out of the main suite so that no test waits on it.
export default defineConfig({
  test: {
    include: ['test/packaging/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts', 'test/support/packaging-setup.ts'],
    reporters: ['default'],
  },
});
