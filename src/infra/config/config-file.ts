import { readFileSync } from 'node:fs';
import { CONFIGURABLE_MODULES, ServiceConfigFile, type ConfigurableModule } from '../../contract/service-config.js';
import { isAbsoluteOn, platformPaths, type HostPlatform } from '../platform/host-platform.js';
import { errnoCode } from '../errno-code.js';

const CONFIG_MAX_BYTES = 65_536;

/**
 * Why a configuration file is unusable: it cannot be read, is over 64 KiB, is not JSON, breaks the
 * schema, or names a workspace that is not an absolute path on this platform.
 */
export type ConfigProblem = 'unreadable' | 'too_large' | 'not_json' | 'schema' | 'workspace_not_absolute';

interface ConfigValues {
  readonly workspace: string;
  readonly enabledModules: readonly ConfigurableModule[];
}

/** `ok`: file read and valid; `defaults`: no file, defaults used; `invalid`: present but unusable, and why. */
export type ResolvedConfig =
  (ConfigValues & { readonly state: 'ok' | 'defaults' }) | (ConfigValues & { readonly state: 'invalid'; readonly problem: ConfigProblem });

/**
 * Reads the configuration: `--config FILE` or the platform's per-user default. An absent file means
 * defaults; an unreadable, oversized, non-JSON or schema-violating file, or one whose workspace is
 * not absolute by the platform's rules, is `invalid`. `workspaceOverride` (from `--workspace`,
 * which the command line has checked) wins over the file.
 */
export async function loadConfig(configPath: string | undefined, workspaceOverride: string | undefined, platform: HostPlatform): Promise<ResolvedConfig> {
  const paths = platformPaths(platform);
  const path = configPath ?? paths.configFile;
  const fallbackWorkspace = workspaceOverride ?? paths.workspace;
  const invalid = (problem: ConfigProblem): ResolvedConfig => ({ state: 'invalid', workspace: fallbackWorkspace, enabledModules: [], problem });
  let text: string;
  try {
    const bytes = readFileSync(path);
    if (bytes.length > CONFIG_MAX_BYTES) return invalid('too_large');
    text = bytes.toString('utf8');
  } catch (error) {
    const missing = errnoCode(error) === 'ENOENT';
    return missing ? { state: 'defaults', workspace: fallbackWorkspace, enabledModules: [...CONFIGURABLE_MODULES] } : invalid('unreadable');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return invalid('not_json');
  }
  // Read once per process: the schema is compiled for this read and not kept. TypeBox's compiler
  // loads only when there is a file to check (an absent file starts without it).
  const { Compile } = await import('typebox/compile');
  if (!Compile(ServiceConfigFile).Check(parsed)) return invalid('schema');
  const file = parsed;
  if (file.workspace !== undefined && !isAbsoluteOn(platform, file.workspace)) return invalid('workspace_not_absolute');
  const modules = file.modules;
  return {
    state: 'ok',
    workspace: workspaceOverride ?? file.workspace ?? paths.workspace,
    enabledModules: CONFIGURABLE_MODULES.filter((id) => modules?.[id] !== false),
  };
}
