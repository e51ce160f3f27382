import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LaunchedSidecar } from '../../client/launcher.js';
import { eventually } from './job-stream.js';
import { startSecretService, type KeyringCondition, type PrivateSecretService } from './secret-service.js';
import { SIDECAR_ENTRY, startSidecar } from './sidecar.js';

/** Runs the real `setup` command against a workspace, as the README's main job does. */
export function runSetup(env: Record<string, string>, workspace: string): { status: number; output: string } {
  try {
    const output = execFileSync(process.execPath, [SIDECAR_ENTRY, 'setup', '--workspace', workspace], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, output };
  } catch (error) {
    const failure = error as { status: number; stderr: string };
    return { status: failure.status, output: failure.stderr };
  }
}

/** Reads, writes or deletes a keyring entry of the service from outside the sidecar. */
export function keyringTool(env: Record<string, string>, operation: 'get' | 'set' | 'delete', account: string, value?: string): string {
  return execFileSync(process.execPath, ['test/support/keyring-tool.mjs', operation, account, ...(value === undefined ? [] : [value])], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

export interface LocalStateFixture {
  readonly secrets: PrivateSecretService;
  readonly workspace: string;
  launch(args?: readonly string[], env?: Record<string, string>): Promise<LaunchedSidecar>;
  /**
   * Launches on a second workspace of the same home and keyring (provisioned on first use), for a
   * sidecar that runs while the first one serves: one serving process per workspace.
   */
  launchBeside(args?: readonly string[], env?: Record<string, string>): Promise<LaunchedSidecar>;
  stop(): void;
}

/** A private Secret Service and a workspace, provisioned by `setup` unless told otherwise. */
export function localState(condition: KeyringCondition = 'unlocked', options: { provision?: boolean } = {}): LocalStateFixture {
  const secrets = startSecretService(condition);
  const workspace = join(secrets.home, 'workspace');
  if (options.provision ?? true) {
    const result = runSetup(secrets.env, workspace);
    if (condition === 'unlocked' && result.status !== 0) throw new Error(`setup failed: ${result.output}`);
  } else mkdirSync(workspace, { recursive: true, mode: 0o700 });
  const beside = join(secrets.home, 'workspace-beside');
  return {
    secrets,
    workspace,
    launch: (args = [], env = {}) => startSidecar({ env: { ...secrets.env, ...env }, args: ['--workspace', workspace, ...args] }),
    launchBeside: (args = [], env = {}) => {
      if (!existsSync(beside) && runSetup(secrets.env, beside).status !== 0) throw new Error('setup of the second workspace failed');
      return startSidecar({ env: { ...secrets.env, ...env }, args: ['--workspace', beside, ...args] });
    },
    stop: () => secrets.stop(),
  };
}

/** Every file under a directory with its bytes, for before/after comparisons and byte searches. */
/**
 * Waits until a serving sidecar has recorded its pid beside the workspace lock, which it writes in
 * the background once it holds the lock: a snapshot of the workspace's files taken before then
 * would see that file change after it.
 */
export async function holderRecorded(workspace: string, pid: number): Promise<void> {
  await eventually(async () => {
    try {
      return readFileSync(join(workspace, 'service.lock.pid'), 'utf8') === `${pid}\n`;
    } catch {
      return false;
    }
  });
}

export function filesUnder(directory: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else files.set(child, readFileSync(child));
    }
  };
  walk(directory);
  return files;
}
