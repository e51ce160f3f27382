import { serve } from './serve.js';
import { setupCommand } from './setup-command.js';
import { join } from 'node:path';
import { GEDCOM_OPERATIONS } from '../contract/gedcom.js';
import type { CompositionExtension } from './compositions/extensions.js';
import { artifactsCommand } from './artifacts-command.js';

const USAGE = [
  'usage: cli serve [--config FILE] [--workspace DIR] [--artifact-root DIR] [--credentials-from-env]',
  '       cli setup [--config FILE] [--workspace DIR]',
  `       cli artifacts import FILE --operation gedcom.<${GEDCOM_OPERATIONS.join('|')}> --artifact-root DIR`,
  '       cli artifacts export GRANT --out FILE --artifact-root DIR',
  '       cli gedcom inspect FILE | rewrite FILE --out OUT | convert FILE --to 7.0|5.5.1 --out OUT',
].join('\n');

interface ParsedArgs {
  readonly command: string | undefined;
  readonly flags: Map<string, string | true>;
  readonly positionals: string[];
}

function parseArgs(argv: readonly string[]): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  const [command, ...rest] = argv;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const next = rest[i + 1];
    if (next !== undefined && !next.startsWith('--') && arg !== '--credentials-from-env') {
      flags.set(arg.slice(2), next);
      i++;
    } else flags.set(arg.slice(2), true);
  }
  return { command, flags, positionals };
}

function stringFlag(flags: Map<string, string | true>, name: string): string | undefined {
  const value = flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** The GEDCOM worker's bundle beside the sidecar's own (scripts/build.mjs writes both into dist/). */
export const GEDCOM_WORKER_BUNDLE = 'gedcom-worker.cjs';

async function main(argv: readonly string[], bundleDirectory: string, extensions: readonly CompositionExtension[]): Promise<number> {
  const args = parseArgs(argv);
  switch (args.command) {
    case 'serve': {
      const known = new Set(['config', 'workspace', 'artifact-root', 'credentials-from-env']);
      for (const flag of args.flags.keys()) {
        if (!known.has(flag)) {
          process.stderr.write(`${JSON.stringify({ event: 'cli.usage', reason: 'unknown_flag' })}\n`);
          return 64;
        }
      }
      return serve({
        configPath: stringFlag(args.flags, 'config'),
        workspace: stringFlag(args.flags, 'workspace'),
        artifactRoot: stringFlag(args.flags, 'artifact-root'),
        credentialsFromEnv: args.flags.get('credentials-from-env') === true,
        gedcomWorker: { kind: 'file', path: join(bundleDirectory, GEDCOM_WORKER_BUNDLE) },
      }, extensions);
    }
    case 'artifacts':
      return artifactsCommand(args.positionals, args.flags);
    case 'gedcom': {
      // The engine's own command line parses its arguments (inspect, rewrite, convert); loaded only
      // for this command, so serving never evaluates the engine on the main thread.
      const { runGedcomCli } = await import('./gedcom-command.js');
      return runGedcomCli(argv.slice(1), { stdout: process.stdout, stderr: process.stderr, isTTY: process.stderr.isTTY === true });
    }
    case 'setup':
      return setupCommand({ configPath: stringFlag(args.flags, 'config'), workspace: stringFlag(args.flags, 'workspace') });
    default:
      process.stderr.write(`${USAGE}\n`);
      return 64;
  }
}

/**
 * Process entry, called by the built loader (dist/cli.js) with the directory of the bundles; the
 * test entry passes its composition extensions, the shipped command none.
 */
export function runCli(bundleDirectory: string, extensions: readonly CompositionExtension[] = []): void {
  main(process.argv.slice(2), bundleDirectory, extensions).then(
    (code) => process.exit(code),
    () => {
      process.stderr.write(`${JSON.stringify({ event: 'cli.failed' })}\n`);
      process.exit(1);
    },
  );
}
