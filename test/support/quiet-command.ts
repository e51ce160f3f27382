import { execFileSync } from 'node:child_process';

/** Runs a command (npm, tsc, node) in `cwd` and returns its standard output; npm's audit, funding and update notices off. */
export function runQuiet(command: string, args: readonly string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
  });
}
