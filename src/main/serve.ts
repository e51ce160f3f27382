import { API_VERSION } from '../contract/api-version.js';
import { SIDECAR_BUILD } from '../contract/build-info.js';
import { SERVE_EXIT, type ReadinessLine } from '../contract/launch.js';
import { HANDSHAKE, SERVER_TIMEOUTS } from '../contract/limits.js';
import type { ServeDependencies } from './compositions/serve-dependencies.js';
import { composeService, launchLog, readinessOutput, type ServeOptions } from './compositions/service.js';
import { readHandshake } from '../infra/launch/stdin-handshake.js';
import { WorkspaceInUse } from '../infra/workspace/workspace-lock.js';

export { productionDependencies } from './compositions/serve-dependencies.js';

/**
 * The launch protocol (contract.md section 1): handshake on stdin, bind 127.0.0.1:0, one
 * token-free readiness line on stdout, graceful bounded shutdown on stdin EOF, SIGTERM, SIGINT.
 */
export async function serve(options: ServeOptions, dependencies: ServeDependencies): Promise<number> {
  const log = launchLog();
  // Started by hand on a terminal: say what the process waits for instead of sitting silent.
  if (process.stdin.isTTY === true) {
    process.stderr.write(
      `serve: waiting for the handshake on stdin: one line {"bearer":"<43 base64url characters>","app_build":"<build>"} within ${Math.round(HANDSHAKE.timeoutMs / 1000)} s (the desktop shell writes it; see README)\n`,
    );
  }
  const result = await readHandshake(process.stdin);
  if (!result.ok) {
    log.event('handshake.rejected', { reason: result.reason });
    return SERVE_EXIT.handshakeRejected;
  }
  const { bearer, app_build: appBuild } = result.handshake;
  let service;
  let port: number;
  try {
    service = await composeService({ bearer, appBuild }, options, log, dependencies);
    port = await service.http.listen();
  } catch (error) {
    // Another live process serves this workspace: nothing was reconciled, written or bound here.
    if (error instanceof WorkspaceInUse) {
      log.event('workspace.in_use', { holder_pid: error.holderPid, message: error.message });
      return SERVE_EXIT.workspaceInUse;
    }
    log.event('startup.failed', { error: error instanceof Error ? error.name : 'unknown' });
    return SERVE_EXIT.startupFailed;
  }
  service.bindPort(port);
  const ready: ReadinessLine = {
    event: 'service.ready',
    base_url: `http://127.0.0.1:${port}`,
    port,
    pid: process.pid,
    app_build: appBuild,
    sidecar_build: SIDECAR_BUILD,
    api: { ...API_VERSION },
  };
  readinessOutput()(`${JSON.stringify(ready)}\n`);
  log.event('service.ready', { uptime_ms: Math.round(process.uptime() * 1000) });

  const composed = service;
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (reason: string): void => {
      if (stopping) return;
      stopping = true;
      log.event('shutdown.started', { reason });
      const deadline = setTimeout(() => {
        log.event('shutdown.forced', { reason: 'deadline' });
        resolve(0);
      }, SERVER_TIMEOUTS.gracefulShutdownMs);
      deadline.unref();
      composed.http
        .close()
        .then(() => composed.close())
        .catch(() => log.event('shutdown.error', {}))
        .finally(() => {
          clearTimeout(deadline);
          log.event('shutdown.completed', {});
          resolve(0);
        });
    };
    process.stdin.on('end', () => stop('stdin_closed'));
    process.stdin.on('close', () => stop('stdin_closed'));
    process.stdin.on('data', () => undefined);
    process.stdin.resume();
    process.once('SIGTERM', () => stop('sigterm'));
    process.once('SIGINT', () => stop('sigint'));
  });
}
