import { SIDECAR_BUILD } from '../contract/build-info.js';
import {
  closest,
  CommandFailure,
  EXIT,
  EXIT_CODE_HELP,
  helpText,
  parseCommand,
  reportFailure,
  requireAbsolutePaths,
  type CommandDeclaration,
  type CommandIo,
} from './command-line.js';
import type { ServeDependencies } from './compositions/serve-dependencies.js';
import { startEarly } from './compositions/early-start.js';
import { hostPlatform } from './compositions/host.js';
import { configureSchemaLibrary } from './compositions/schema-library.js';
import { isOneOf } from '../contract/one-of.js';

/** What an entry point changes of the production dependencies of `serve` (the test entry: its network, clocks, workers, extensions). */
type DependencyChoice = (defaults: ServeDependencies) => ServeDependencies;

const PRODUCTION: DependencyChoice = (defaults) => defaults;

const SERVE_COMMAND = {
  name: 'serve',
  usage: 'cli serve [--config FILE] [--workspace DIR] [--artifact-root DIR] [--credentials-from-env]',
  summary:
    'Runs the sidecar as the desktop shell starts it: reads one handshake line on stdin ({"bearer":"<43 base64url characters>","app_build":"<build>"}), binds 127.0.0.1 on a free port, prints one readiness line on stdout and serves until stdin closes, SIGTERM or SIGINT.',
  options: {
    config: { type: 'string', value: 'FILE', description: 'the configuration file (default: the platform config folder)' },
    workspace: { type: 'string', value: 'DIR', description: 'the workspace with the encrypted database' },
    'artifact-root': { type: 'string', value: 'DIR', description: 'the GEDCOM artifact store (enables the GEDCOM routes)' },
    'credentials-from-env': { type: 'boolean', description: 'read provider credentials from the environment (headless use)' },
  },
  positionals: { min: 0, max: 0, names: 'no arguments' },
} as const satisfies CommandDeclaration;

const COMMANDS = ['serve', 'setup', 'artifacts', 'gedcom'] as const;

const TOP_HELP = [
  'usage: cli <command> [options]        (cli <command> --help for each)',
  '',
  'commands:',
  '  serve       run the sidecar as the desktop shell starts it (handshake on stdin, readiness line on stdout)',
  '  setup       provision the workspace, the database key in the OS keyring and the encrypted database',
  '  artifacts   import a host file as a GEDCOM artifact grant, or export an output artifact',
  '  gedcom      inspect, rewrite or convert a GEDCOM file with the engine',
  '',
  'options:',
  '  -h, --help       show this help and exit',
  '  -V, --version    print the sidecar build and exit',
  '',
  EXIT_CODE_HELP,
  '',
].join('\n');

async function runServe(argv: readonly string[], io: CommandIo, bundleDirectory: string, choose: DependencyChoice): Promise<number> {
  const parsed = parseCommand(SERVE_COMMAND, argv);
  if (parsed.help) {
    io.stdout.write(helpText(SERVE_COMMAND));
    return EXIT.OK;
  }
  requireAbsolutePaths(parsed, ['config', 'workspace', 'artifact-root'], hostPlatform());
  // The keyring read starts before the service's code is evaluated (the dynamic import below), so
  // that the two overlap: `serve` is the command the desktop window waits for. One turn of the event
  // loop lets its socket connect and hand the pipelined requests to the bus, which answers them
  // while this thread evaluates.
  const early = startEarly();
  await new Promise<void>((resolve) => setImmediate(resolve));
  const { serve, productionDependencies } = await import('./serve.js');
  return serve(
    {
      configPath: parsed.strings.get('config'),
      workspace: parsed.strings.get('workspace'),
      artifactRoot: parsed.strings.get('artifact-root'),
      credentialsFromEnv: parsed.flags.has('credentials-from-env'),
    },
    choose(productionDependencies(early, bundleDirectory)),
  );
}

/** Dispatches one command line; answers the exit code. Every failure is written in the one style of `command-line.ts`. */
async function main(argv: readonly string[], io: CommandIo, bundleDirectory: string, choose: DependencyChoice): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h') {
    io.stdout.write(TOP_HELP);
    return EXIT.OK;
  }
  if (command === '--version' || command === '-V') {
    io.stdout.write(`${SIDECAR_BUILD}\n`);
    return EXIT.OK;
  }
  try {
    switch (command) {
      case 'serve':
        return await runServe(rest, io, bundleDirectory, choose);
      // The other commands are loaded only when named: serving never evaluates their code (the
      // GEDCOM engine above all) on the main thread.
      case 'setup':
        return await (await import('./setup-command.js')).setupCommand(rest, io);
      case 'artifacts':
        return await (await import('./artifacts-command.js')).artifactsCommand(rest, io);
      case 'gedcom':
        return await (await import('./gedcom-command.js')).runGedcomCli(rest, io, () => performance.now());
      default: {
        const meant = command === undefined ? null : closest(command, COMMANDS);
        const message = command === undefined ? 'missing the command' : `unknown command ${JSON.stringify(command.slice(0, 40))}`;
        throw new CommandFailure('USAGE', message, EXIT.USAGE, meant === null ? 'see `cli --help`' : `did you mean \`${meant}\`?`);
      }
    }
  } catch (error) {
    const failure =
      error instanceof CommandFailure ? error : new CommandFailure('INTERNAL', 'internal error', EXIT.SOFTWARE, 'report it with the command you ran');
    const name = command !== undefined && isOneOf(COMMANDS, command) ? command : 'cli';
    return reportFailure(io, name, failure);
  }
}

/**
 * Process entry, called by the built loader (dist/cli.js) with the directory of the bundles; the
 * test entry passes its choice of dependencies, the shipped command the production ones.
 */
export function runCli(bundleDirectory: string, choose: DependencyChoice = PRODUCTION): void {
  configureSchemaLibrary();
  // Getters: `serve` writes through file descriptors and never builds process.stdout or process.stderr.
  const io: CommandIo = {
    get stdout() {
      return process.stdout;
    },
    get stderr() {
      return process.stderr;
    },
    get isTTY() {
      return process.stderr.isTTY === true;
    },
  };
  main(process.argv.slice(2), io, bundleDirectory, choose).then(
    (code) => process.exit(code),
    () => {
      process.stderr.write('cli: INTERNAL: internal error\n');
      process.exit(EXIT.SOFTWARE);
    },
  );
}
