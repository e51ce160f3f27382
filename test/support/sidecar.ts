import { launchSidecar, type LaunchedSidecar, type LaunchOptions } from '../../client/launcher.js';

export const TEST_APP_BUILD = '0.9.0-test+e2e';
export const SIDECAR_ENTRY = 'dist/cli.js';
/** The test entry's loader, bundled by the tests' global setup (test-sidecar-build.ts). */
export const TEST_SIDECAR_ENTRY = 'test/.sidecar/test-cli.js';

/**
 * The stderr a test keeps: the whole log of any test run (tests read all of it, to find that no
 * secret or prompt was ever logged), where the shell keeps the last 64 KiB.
 */
const TEST_STDERR_KEPT_BYTES = 64 * 1024 * 1024;

/** Launches the real sidecar process through the paired launcher, as the desktop shell does. */
export function startSidecar(options: Partial<LaunchOptions> = {}): Promise<LaunchedSidecar> {
  return launchSidecar({ entry: SIDECAR_ENTRY, appBuild: TEST_APP_BUILD, stderrKeptBytes: TEST_STDERR_KEPT_BYTES, ...options });
}
