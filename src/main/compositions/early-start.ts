import { OsKeyring } from '../../infra/keyring/os-keyring.js';
import { readDatabaseKey } from '../../infra/local-state/database-key.js';
import type { HostPlatform } from '../../infra/platform/host-platform.js';
import { hostPlatform } from './host.js';

/**
 * Work of `serve` that needs neither the bearer nor any change on disk, started before the rest of
 * the service is even evaluated: the read of the database key from the OS keyring, D-Bus round
 * trips whose waits overlap the main thread's evaluation of the service's code and its read of the
 * handshake. This module imports only what that read needs.
 */
export interface EarlyStart {
  readonly keyring: OsKeyring;
  readonly databaseKey: ReturnType<typeof readDatabaseKey>;
  /** Milliseconds since the process started (process.uptime: the global `performance` would load node:perf_hooks, about 0.8 ms, before readiness). */
  readonly startedAt: number;
  readonly platform: HostPlatform;
}

export function startEarly(): EarlyStart {
  const platform = hostPlatform();
  const keyring = new OsKeyring(platform);
  return { keyring, databaseKey: readDatabaseKey(keyring), startedAt: process.uptime() * 1000, platform };
}
