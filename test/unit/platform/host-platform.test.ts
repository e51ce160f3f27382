import { describe, expect, it } from 'vitest';
import { keyringStoreOf, platformPaths, type HostPlatform } from '../../../src/infra/platform/host-platform.js';
import { loadConfig } from '../../../src/infra/config/config-file.js';

const linux: HostPlatform = { os: 'linux', env: {}, home: '/home/ada' };
const macos: HostPlatform = { os: 'darwin', env: {}, home: '/Users/ada' };
const windows: HostPlatform = { os: 'win32', env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, home: 'C:\\Users\\ada' };

describe('each platform by its own conventions, chosen through an injected platform', () => {
  it('Linux: XDG base folders, and their defaults when unset or relative', () => {
    expect(platformPaths(linux)).toEqual({ configFile: '/home/ada/.config/service-sidecar/config.json', workspace: '/home/ada/.local/share/service-sidecar/workspace' });
    expect(platformPaths({ ...linux, env: { XDG_CONFIG_HOME: '/cfg', XDG_DATA_HOME: '/data' } })).toEqual({ configFile: '/cfg/service-sidecar/config.json', workspace: '/data/service-sidecar/workspace' });
    // The XDG specification ignores relative values.
    expect(platformPaths({ ...linux, env: { XDG_CONFIG_HOME: 'cfg', XDG_DATA_HOME: './data' } })).toEqual(platformPaths(linux));
  });

  it('macOS: ~/Library/Application Support, whatever XDG variables say', () => {
    expect(platformPaths({ ...macos, env: { XDG_CONFIG_HOME: '/cfg' } })).toEqual({
      configFile: '/Users/ada/Library/Application Support/service-sidecar/config.json',
      workspace: '/Users/ada/Library/Application Support/service-sidecar/workspace',
    });
  });

  it('Windows: configuration in %APPDATA% (roaming), workspace in %LOCALAPPDATA% (this machine), with profile defaults', () => {
    expect(platformPaths(windows)).toEqual({ configFile: 'C:\\Users\\ada\\AppData\\Roaming\\service-sidecar\\config.json', workspace: 'C:\\Users\\ada\\AppData\\Local\\service-sidecar\\workspace' });
    expect(platformPaths({ ...windows, env: { APPDATA: 'relative\\dir' } })).toEqual({
      configFile: 'C:\\Users\\ada\\AppData\\Roaming\\service-sidecar\\config.json',
      workspace: 'C:\\Users\\ada\\AppData\\Local\\service-sidecar\\workspace',
    });
  });

  it('keyring: the Secret Service on Linux and other Unix systems (never the kernel keyring), on the named session bus or the per-user one; Keychain on macOS, Credential Manager on Windows', () => {
    const bus = 'unix:path=/run/user/1000/bus,guid=0123';
    expect(keyringStoreOf({ ...linux, env: { DBUS_SESSION_BUS_ADDRESS: bus, XDG_RUNTIME_DIR: '/elsewhere' } })).toEqual({ name: 'secret-service', busAddress: bus });
    expect(keyringStoreOf({ ...linux, os: 'freebsd', env: { XDG_RUNTIME_DIR: '/run/user/1000' } })).toEqual({ name: 'secret-service', busAddress: 'unix:path=/run/user/1000/bus' });
    expect(keyringStoreOf({ ...linux, env: { DBUS_SESSION_BUS_ADDRESS: '', XDG_RUNTIME_DIR: 'relative' } })).toEqual({ name: 'secret-service', busAddress: null });
    expect(keyringStoreOf({ ...macos, env: { DBUS_SESSION_BUS_ADDRESS: bus } })).toEqual({ name: 'keychain' });
    expect(keyringStoreOf(windows)).toEqual({ name: 'credential-manager' });
  });

  it('the configuration reader takes the platform default when no --config or --workspace is given', async () => {
    const paths = platformPaths({ ...linux, home: '/nonexistent-home' });
    expect(await loadConfig(undefined, undefined, paths)).toEqual({ state: 'defaults', workspace: '/nonexistent-home/.local/share/service-sidecar/workspace', enabledModules: expect.any(Array) });
    expect((await loadConfig(undefined, '/chosen', paths)).workspace).toBe('/chosen');
  });
});
