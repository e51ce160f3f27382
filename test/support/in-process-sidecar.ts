import { resolve } from 'node:path';
import { newBearer } from '../../client/launcher.js';
import { API_CONTRACT } from '../../src/contract/api-version.js';
import type { EventFieldValue, EventLog } from '../../src/app/event-log.js';
import { startEarly } from '../../src/main/compositions/early-start.js';
import { productionDependencies } from '../../src/main/compositions/serve-dependencies.js';
import { composeService, type ServeOptions } from '../../src/main/compositions/service.js';
import { TEST_APP_BUILD } from './sidecar.js';

/** The service composed in the test's own process: the real handler stack, listening on an ephemeral loopback port. */
export interface InProcessSidecar {
  readonly port: number;
  readonly baseUrl: string;
  /** The headers every request carries (bearer, API contract, app build). */
  requestHeaders(): { readonly authorization: string; readonly 'x-service-api-version': string; readonly 'x-service-app-build': string };
  /** The event log's lines so far, one JSON object a line, as `serve` writes them on stderr. */
  logText(): string;
  /** Graceful close, as `serve` does on stdin EOF: the HTTP server, then what the composition opened. */
  stop(): Promise<void>;
}

class RecordingLog implements EventLog {
  readonly lines: string[] = [];
  event(name: string, fields: Readonly<Record<string, EventFieldValue>> = {}): void {
    this.lines.push(JSON.stringify({ event: name, ...fields }));
  }
}

/**
 * For the HTTP and contract tests that need no separate process: the composition of `serve`
 * without the launch protocol (handshake, readiness line, signals), which the launch tests drive
 * on the real process. Saves a process start per test file.
 */
export async function startInProcess(options: ServeOptions = {}): Promise<InProcessSidecar> {
  const bearer = newBearer();
  const log = new RecordingLog();
  // The shipped dependencies; the GEDCOM workers would be the built ones in dist/.
  const service = await composeService({ bearer, appBuild: TEST_APP_BUILD }, options, log, productionDependencies(startEarly(), resolve('dist')));
  const port = await service.http.listen();
  service.bindPort(port);
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    requestHeaders: () => ({ authorization: `Bearer ${bearer}`, 'x-service-api-version': API_CONTRACT, 'x-service-app-build': TEST_APP_BUILD }),
    logText: () => log.lines.join('\n'),
    async stop() {
      await service.http.close();
      await service.close();
    },
  };
}
