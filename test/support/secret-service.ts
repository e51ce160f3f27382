import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type KeyringCondition = 'unlocked' | 'locked' | 'no-collection' | 'no-bus';

export interface PrivateSecretService {
  /** Environment for a sidecar (or a CLI) that must use this Secret Service and this home. */
  readonly env: Record<string, string>;
  readonly home: string;
  /** The process that owns the Secret Service name on this bus now (null: none). */
  daemonPid(): number | null;
  /** Stops the keyring daemon and starts a new one, unlocked with the same password (the keyring files stay). */
  restartDaemon(): void;
  /** Stops the keyring daemon (the bus may start another on the next call: D-Bus activation, which unlocks nothing). */
  killDaemon(): void;
  stop(): void;
}

const KEYRING_PASSWORD = 'test-keyring-password';

function waitForBus(address: string): void {
  for (let attempt = 0; attempt < 100; attempt++) {
    const probe = spawnSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.GetId'], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address },
    });
    if (probe.status === 0) return;
    spawnSync('sleep', ['0.05']);
  }
  throw new Error('private D-Bus session did not start');
}

/**
 * A real Secret Service (gnome-keyring) on a private D-Bus session bus with its own home,
 * in the requested condition: unlocked, locked, without any collection, or no bus at all.
 */
export function startSecretService(condition: KeyringCondition = 'unlocked'): PrivateSecretService {
  const home = mkdtempSync(join(tmpdir(), 'svc-home-'));
  const baseEnv = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_RUNTIME_DIR: home,
  };
  if (condition === 'no-bus') {
    return {
      env: { ...baseEnv, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(home, 'no-bus-here')}` },
      home,
      daemonPid: () => null,
      restartDaemon: () => undefined,
      killDaemon: () => undefined,
      stop: () => rmSync(home, { recursive: true, force: true }),
    };
  }
  const address = `unix:path=${join(home, 'bus')}`;
  // The bus gets the private home too: a daemon it starts on demand (D-Bus activation) reads this home's keyrings, not the user's.
  const bus: ChildProcess = spawn('dbus-daemon', ['--session', '--nofork', `--address=${address}`], { stdio: 'ignore', env: { ...process.env, ...baseEnv } });
  waitForBus(address);
  const env = { ...baseEnv, DBUS_SESSION_BUS_ADDRESS: address };
  const daemonEnv = { ...process.env, ...env };
  if (condition !== 'no-collection') {
    spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], { input: KEYRING_PASSWORD, env: daemonEnv, stdio: ['pipe', 'ignore', 'ignore'] });
    if (condition === 'locked') {
      // Make the login collection exist, then restart the daemon: it comes back locked.
      spawnSync('secret-tool', ['store', '--label=probe', 'probe', 'probe'], { input: 'x', env: daemonEnv, stdio: ['pipe', 'ignore', 'ignore'] });
      spawnSync('gnome-keyring-daemon', ['--replace', '--components=secrets', '--daemonize'], { env: daemonEnv, stdio: 'ignore' });
    }
  }
  const daemonPid = (): number | null => {
    const owner = spawnSync(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.GetConnectionUnixProcessID',
        'string:org.freedesktop.secrets',
      ],
      { env: daemonEnv, encoding: 'utf8' },
    );
    const pid = /uint32 (\d+)/.exec(owner.stdout ?? '')?.[1];
    return pid === undefined ? null : Number(pid);
  };
  // Stop exactly this bus's keyring daemon: the process that owns the Secret Service name.
  const stopDaemon = (): void => {
    const pid = daemonPid();
    if (pid === null) return;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      return;
    }
    for (let attempt = 0; attempt < 100 && daemonPid() === pid; attempt++) spawnSync('sleep', ['0.02']);
  };
  return {
    env,
    home,
    daemonPid,
    killDaemon: stopDaemon,
    restartDaemon() {
      stopDaemon();
      spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], { input: KEYRING_PASSWORD, env: daemonEnv, stdio: ['pipe', 'ignore', 'ignore'] });
    },
    stop() {
      stopDaemon();
      bus.kill('SIGTERM');
      rmSync(home, { recursive: true, force: true });
    },
  };
}
