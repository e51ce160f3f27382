import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAbsoluteOn, keyringStoreOf, platformPaths, type HostPlatform } from '../../../src/infra/platform/host-platform.js';
import { loadConfig, type ResolvedConfig } from '../../../src/infra/config/config-file.js';

const linux: HostPlatform = { os: 'linux', env: {}, home: '/home/ada' };
const macos: HostPlatform = { os: 'darwin', env: {}, home: '/Users/ada' };
const windows: HostPlatform = {
  os: 'win32',
  env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' },
  home: 'C:\\Users\\ada',
};

describe('each platform by its own conventions, chosen through an injected platform', () => {
  it('Linux: XDG base folders, and their defaults when unset or relative', () => {
    expect(platformPaths(linux)).toEqual({
      configFile: '/home/ada/.config/service-sidecar/config.json',
      workspace: '/home/ada/.local/share/service-sidecar/workspace',
    });
    expect(platformPaths({ ...linux, env: { XDG_CONFIG_HOME: '/cfg', XDG_DATA_HOME: '/data' } })).toEqual({
      configFile: '/cfg/service-sidecar/config.json',
      workspace: '/data/service-sidecar/workspace',
    });
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
    expect(platformPaths(windows)).toEqual({
      configFile: 'C:\\Users\\ada\\AppData\\Roaming\\service-sidecar\\config.json',
      workspace: 'C:\\Users\\ada\\AppData\\Local\\service-sidecar\\workspace',
    });
    expect(platformPaths({ ...windows, env: { APPDATA: 'relative\\dir' } })).toEqual({
      configFile: 'C:\\Users\\ada\\AppData\\Roaming\\service-sidecar\\config.json',
      workspace: 'C:\\Users\\ada\\AppData\\Local\\service-sidecar\\workspace',
    });
  });

  it('keyring: the Secret Service on Linux and other Unix systems (never the kernel keyring), on the named session bus or the per-user one; Keychain on macOS, Credential Manager on Windows', () => {
    const bus = 'unix:path=/run/user/1000/bus,guid=0123';
    expect(keyringStoreOf({ ...linux, env: { DBUS_SESSION_BUS_ADDRESS: bus, XDG_RUNTIME_DIR: '/elsewhere' } })).toEqual({
      name: 'secret-service',
      busAddress: bus,
    });
    expect(keyringStoreOf({ ...linux, os: 'freebsd', env: { XDG_RUNTIME_DIR: '/run/user/1000' } })).toEqual({
      name: 'secret-service',
      busAddress: 'unix:path=/run/user/1000/bus',
    });
    expect(keyringStoreOf({ ...linux, env: { DBUS_SESSION_BUS_ADDRESS: '', XDG_RUNTIME_DIR: 'relative' } })).toEqual({
      name: 'secret-service',
      busAddress: null,
    });
    expect(keyringStoreOf({ ...macos, env: { DBUS_SESSION_BUS_ADDRESS: bus } })).toEqual({ name: 'keychain' });
    expect(keyringStoreOf(windows)).toEqual({ name: 'credential-manager' });
  });

  it('the configuration reader takes the platform default when no --config or --workspace is given', async () => {
    const platform = { ...linux, home: '/nonexistent-home' };
    expect(await loadConfig(undefined, undefined, platform)).toEqual({
      state: 'defaults',
      workspace: '/nonexistent-home/.local/share/service-sidecar/workspace',
      enabledModules: expect.any(Array),
    });
    expect((await loadConfig(undefined, '/chosen', platform)).workspace).toBe('/chosen');
  });
});

describe("configuration paths, judged by the host platform's own rules", () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'config-paths-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The configuration file naming `workspace`, read as `platform` would read it. */
  async function workspaceOf(platform: HostPlatform, workspace: string): Promise<ResolvedConfig> {
    const file = join(folder, `config-${Math.random().toString(16).slice(2)}.json`);
    writeFileSync(file, JSON.stringify({ config_version: 1, workspace }));
    return loadConfig(file, undefined, platform);
  }

  it('Windows: drive and UNC paths are accepted; relative and drive-relative paths are refused', async () => {
    for (const path of ['C:\\Users\\ada\\Genealogy', 'D:/data/workspace', '\\\\server\\share\\workspace']) {
      expect(await workspaceOf(windows, path)).toMatchObject({ state: 'ok', workspace: path });
    }
    for (const path of ['workspace', '.\\workspace', 'C:relative']) {
      expect(await workspaceOf(windows, path)).toMatchObject({ state: 'invalid', problem: 'workspace_not_absolute' });
    }
  });

  it('macOS and Linux: a path from / is accepted; a relative path or a Windows drive path is refused', async () => {
    for (const platform of [macos, linux]) {
      expect(await workspaceOf(platform, '/Users/ada/Genealogy')).toMatchObject({ state: 'ok', workspace: '/Users/ada/Genealogy' });
      for (const path of ['Genealogy', './ws', '../ws', 'C:\\Users\\ada']) {
        expect(await workspaceOf(platform, path)).toMatchObject({ state: 'invalid', problem: 'workspace_not_absolute' });
      }
    }
  });

  it('a relative workspace blocks the configuration component with its own clear message; setup says it too', async () => {
    const { StartupReport, platformOf } = await import('../../../src/app/diagnostics/startup-report.js');
    const report = new StartupReport(
      { configuration: 'configuration.workspace_not_absolute', database: 'database.not_opened', keyring: 'keyring.ok', workspace: 'workspace.missing' },
      platformOf('win32', 'x64'),
    );
    const component = (await report.checked()).components[0];
    expect(component).toMatchObject({ status: 'blocked', code: 'configuration.workspace_not_absolute', blocks_mutations: true });
    expect(component?.message).toMatch(/not an absolute path/);
  });

  it('isAbsoluteOn follows the injected platform, not the machine the test runs on', () => {
    expect(isAbsoluteOn(windows, 'C:\\x')).toBe(true);
    expect(isAbsoluteOn(linux, 'C:\\x')).toBe(false);
    expect(isAbsoluteOn(macos, '/x')).toBe(true);
    expect(isAbsoluteOn(windows, '/x')).toBe(true);
    expect(isAbsoluteOn(windows, 'x')).toBe(false);
  });
});
