import { posix, win32 } from 'node:path';
import { unixSocketAddress } from '../keyring/dbus-address.js';

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

/**
 * Whether `path` is absolute by the platform's own rules: `C:\\...` and `\\\\server\\share` on
 * Windows, `/...` elsewhere. Configuration and command-line paths are checked with it, so that a
 * Windows configuration is judged by Windows rules whatever machine reads it in a test.
 */
export function isAbsoluteOn(platform: HostPlatform, path: string): boolean {
  return platform.os === 'win32' ? win32.isAbsolute(path) : posix.isAbsolute(path);
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

/** A platform's credential store; on the Secret Service, with the session bus to reach it by. */
export type KeyringStoreChoice =
  { readonly name: 'secret-service'; readonly busAddress: string | null } | { readonly name: 'keychain' } | { readonly name: 'credential-manager' };

/**
 * The credential store of a platform: the Keychain on macOS, the Credential Manager on Windows, and
 * the Secret Service elsewhere (never the kernel keyring, which a reboot erases), on the session bus
 * the environment names, or else the per-user bus `$XDG_RUNTIME_DIR/bus` (as libdbus and sd-bus do).
 */
export function keyringStoreOf(platform: HostPlatform): KeyringStoreChoice {
  if (platform.os === 'darwin') return { name: 'keychain' };
  if (platform.os === 'win32') return { name: 'credential-manager' };
  const address = platform.env.DBUS_SESSION_BUS_ADDRESS;
  if (address !== undefined && address.length > 0) return { name: 'secret-service', busAddress: address };
  const runtime = absolute(platform.env.XDG_RUNTIME_DIR, false);
  return { name: 'secret-service', busAddress: runtime === null ? null : unixSocketAddress(posix.join(runtime, 'bus')) };
}
