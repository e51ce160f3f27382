import { execFile } from 'node:child_process';

export type CollectionState = 'unlocked' | 'locked' | 'absent';

const TIMEOUT_MS = 2000;

/**
 * Asks the Secret Service over D-Bus whether the default collection exists and is locked
 * (org.freedesktop.Secret.Collection.Locked). Used when a read answers "no entry", so that a
 * locked keyring is never mistaken for a missing credential.
 */
export function defaultCollectionState(env: NodeJS.ProcessEnv = process.env): Promise<CollectionState> {
  return new Promise((resolve) => {
    execFile(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.secrets',
        '/org/freedesktop/secrets/aliases/default',
        'org.freedesktop.DBus.Properties.Get',
        'string:org.freedesktop.Secret.Collection',
        'string:Locked',
      ],
      { timeout: TIMEOUT_MS, env: { PATH: env.PATH ?? '/usr/bin:/bin', DBUS_SESSION_BUS_ADDRESS: env.DBUS_SESSION_BUS_ADDRESS ?? '' } },
      (error, stdout) => {
        if (error) return resolve('absent');
        if (/boolean true/.test(stdout)) return resolve('locked');
        if (/boolean false/.test(stdout)) return resolve('unlocked');
        resolve('absent');
      },
    );
  });
}
