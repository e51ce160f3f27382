// A CommonJS consumer of the packed client (a main process built as CommonJS): TypeScript compiles
// this import to require(), which Node (>= 20.19, 22.12) answers with the ES module through the
// package's `require` export condition. Built and run by test/e2e/client-package.test.ts.
import {
  ENVIRONMENT_ALLOWLIST,
  LaunchRefused,
  RequestFailed,
  StreamInterrupted,
  createSidecarClient,
  launchSidecar,
  newBearer,
  type LaunchOptions,
} from '@genealogy-sidecar/client';

const options: LaunchOptions = { entry: null, appBuild: '1.0.0-cjs' };
const client = createSidecarClient('http://127.0.0.1:9', { bearer: newBearer(), appBuild: options.appBuild });

process.stdout.write(
  `${JSON.stringify({
    launchSidecar: typeof launchSidecar,
    bearerLength: newBearer().length,
    allowlist: ENVIRONMENT_ALLOWLIST.includes('HOME'),
    errors: [
      new LaunchRefused('spawn_failed', { exitCode: null, signal: null, stderrTail: [], errno: 'ENOENT' }).message,
      new RequestFailed(410, null, 'event stream').name,
      new StreamInterrupted(3, 5).name,
    ],
    helpers: [typeof client.jobs.follow, typeof client.chat.stream, typeof client.settings.patch],
  })}\n`,
);
