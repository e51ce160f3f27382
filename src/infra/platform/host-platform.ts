import { posix, win32 } from 'node:path';
import type { EntryOptions } from '@napi-rs/keyring';

/** The operating system the service runs on, as the composition hands it down (tests pass any of the three). */
export interface HostPlatform {
  readonly os: NodeJS.Platform;
  /** The environment variables the launcher lets through (client/launcher.ts ENVIRONMENT_ALLOWLIST). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The user's home folder. */
  readonly home: string;
}

/** The folder the service keeps its configuration and data in, under each platform's base folders. */
const APP_FOLDER = 'service-sidecar';

/** Where the configuration file and the default workspace live on a platform. */
export interface PlatformPaths {
  readonly configFile: string;
  readonly workspace: string;
}

/** An environment value that is an absolute path for that platform's path rules, else null. */
function absolute(value: string | undefined, windows: boolean): string | null {
  if (value === undefined || value.length === 0) return null;
  return (windows ? win32.isAbsolute(value) : posix.isAbsolute(value)) ? value : null;
}

/**
 * Per-platform conventions: XDG base folders on Linux (and other Unix systems),
 * `~/Library/Application Support` on macOS, the roaming `%APPDATA%` for the configuration and the
 * local `%LOCALAPPDATA%` for the workspace (the encrypted database and artifacts stay on this
 * machine) on Windows.
 */
export function platformPaths(platform: HostPlatform): PlatformPaths {
  const { env, home } = platform;
  if (platform.os === 'win32') {
    const roaming = absolute(env.APPDATA, true) ?? win32.join(home, 'AppData', 'Roaming');
    const local = absolute(env.LOCALAPPDATA, true) ?? win32.join(home, 'AppData', 'Local');
    return { configFile: win32.join(roaming, APP_FOLDER, 'config.json'), workspace: win32.join(local, APP_FOLDER, 'workspace') };
  }
  if (platform.os === 'darwin') {
    const support = posix.join(home, 'Library', 'Application Support', APP_FOLDER);
    return { configFile: posix.join(support, 'config.json'), workspace: posix.join(support, 'workspace') };
  }
  const configHome = absolute(env.XDG_CONFIG_HOME, false) ?? posix.join(home, '.config');
  const dataHome = absolute(env.XDG_DATA_HOME, false) ?? posix.join(home, '.local', 'share');
  return { configFile: posix.join(configHome, APP_FOLDER, 'config.json'), workspace: posix.join(dataHome, APP_FOLDER, 'workspace') };
}

/**
 * The credential store of a platform: the Secret Service on Linux, pinned so that the library never
 * falls back silently to the kernel keyring (which a reboot erases); the Keychain on macOS and the
 * Credential Manager on Windows, the library's only stores there.
 */
export function keyringStoreOf(platform: HostPlatform): { readonly name: 'secret-service' | 'keychain' | 'credential-manager'; readonly options: EntryOptions } {
  if (platform.os === 'darwin') return { name: 'keychain', options: {} };
  if (platform.os === 'win32') return { name: 'credential-manager', options: {} };
  return { name: 'secret-service', options: { linux: { store: 'secret-service' } } };
}
