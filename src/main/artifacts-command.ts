import { GEDCOM_OPERATIONS } from '../contract/gedcom-operations.js';
import { ArtifactNotAFileError } from '../app/adapter-errors.js';
import { serviceErrorOf } from '../app/adapter-failures.js';
import { isArtifactScope } from '../infra/artifacts/file-artifact-registry.js';
import {
  CommandFailure,
  EXIT,
  helpText,
  parseCommand,
  reportFailure,
  required,
  requireAbsolutePaths,
  subcommandOf,
  type CommandDeclaration,
  type CommandIo,
} from './command-line.js';
import { errnoCode } from '../infra/errno-code.js';
import { artifactStore } from './compositions/commands.js';
import { hostPlatform } from './compositions/host.js';

const ROOT = { type: 'string', value: 'DIR', description: "the sidecar's artifact root (as passed to `serve --artifact-root`)" } as const;

const ARTIFACTS_COMMANDS = {
  import: {
    name: 'artifacts import',
    usage: `cli artifacts import FILE --operation gedcom.<${GEDCOM_OPERATIONS.join('|')}> --artifact-root DIR`,
    summary:
      'Copies a host file into the artifact store, read-only, and prints its grant as one JSON line (grant, scope, bytes, sha256, expires_at). A main-process facility: no route can do it.',
    options: {
      operation: { type: 'string', value: 'SCOPE', description: `the operation the grant is for (gedcom.${GEDCOM_OPERATIONS.join(', gedcom.')})` },
      'artifact-root': ROOT,
    },
    positionals: { min: 1, max: 1, names: 'FILE' },
  },
  export: {
    name: 'artifacts export',
    usage: 'cli artifacts export GRANT --out FILE --artifact-root DIR',
    summary: 'Copies an output artifact (scope gedcom.output) to a new host file. It never replaces an existing file.',
    options: { out: { type: 'string', value: 'FILE', description: 'the new file to write' }, 'artifact-root': ROOT },
    positionals: { min: 1, max: 1, names: 'GRANT' },
  },
} as const satisfies Record<string, CommandDeclaration>;

const ARTIFACTS_USAGE: CommandDeclaration = {
  name: 'artifacts',
  usage: 'cli artifacts import|export ... (each with --help)',
  summary: 'Imports a host file as a GEDCOM artifact grant, or exports an output artifact to a host file.',
  options: {},
  positionals: { min: 0, max: 0, names: '' },
};

/** What makes an input path unreadable as a file: it names nothing, or nothing the command can read. */
const UNREADABLE_INPUT: ReadonlySet<string> = new Set(['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR', 'ENAMETOOLONG', 'ELOOP']);

/** A failure of the artifact store: a refusal of the service is a data error, a file the system refuses an I/O one. */
function storeFailure(error: unknown, action: 'import' | 'export'): CommandFailure {
  if (action === 'import' && error instanceof ArtifactNotAFileError) {
    return new CommandFailure(
      'ARTIFACTS_NOT_A_FILE',
      'the input is not a regular file',
      EXIT.NO_INPUT,
      'import a regular file: not a folder, a pipe or a device',
    );
  }
  const refusal = serviceErrorOf(error);
  if (refusal !== null)
    return new CommandFailure(refusal.code, 'the artifact store refused the request', EXIT.DATA, refusal.remediation ?? 'see the code in docs/error-codes.md');
  const known = errnoCode(error);
  const code = known === 'error' ? 'EIO' : known;
  if (action === 'export' && code === 'EEXIST')
    return new CommandFailure('ARTIFACTS_EEXIST', 'the output file exists', EXIT.CANT_CREATE, 'choose a new --out; export never replaces a file');
  if (action === 'import' && UNREADABLE_INPUT.has(code))
    return new CommandFailure(`ARTIFACTS_${code}`, 'cannot read the input file', EXIT.NO_INPUT, 'check the path and its permissions');
  if (action === 'export')
    return new CommandFailure(
      `ARTIFACTS_${code}`,
      'the file system refused the operation',
      EXIT.CANT_CREATE,
      'choose an --out in a writable folder, on a path the file system accepts',
    );
  return new CommandFailure(
    `ARTIFACTS_${code}`,
    'the file system refused the operation',
    EXIT.IO,
    'check the file system (space, permissions) and run the command again',
  );
}

/**
 * `artifacts import FILE --operation gedcom.<op> --artifact-root DIR` and `artifacts export GRANT
 * --out FILE --artifact-root DIR`. Exit 0, else a sysexits code with `artifacts <action>: CODE:
 * message` and a remediation line on stderr.
 */
export async function artifactsCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = argv;
  if (action === '--help' || action === '-h') {
    io.stdout.write(helpText(ARTIFACTS_USAGE));
    return EXIT.OK;
  }
  let selected: keyof typeof ARTIFACTS_COMMANDS;
  try {
    selected = subcommandOf('artifacts', 'action', ARTIFACTS_COMMANDS, action);
  } catch (error) {
    if (error instanceof CommandFailure) return reportFailure(io, 'artifacts', error);
    throw error;
  }
  const command = ARTIFACTS_COMMANDS[selected];
  try {
    const parsed = parseCommand(command, rest);
    if (parsed.help) {
      io.stdout.write(helpText(command));
      return EXIT.OK;
    }
    requireAbsolutePaths(parsed, ['artifact-root'], hostPlatform());
    const registry = artifactStore(required(command, parsed, 'artifact-root'));
    await registry.prepare().catch(() => {
      throw new CommandFailure(
        'ARTIFACTS_ROOT_UNUSABLE',
        'the artifact root cannot be created or used',
        EXIT.CANT_CREATE,
        'pass --artifact-root with a folder, or a path under a writable folder',
      );
    });
    const subject = parsed.positionals[0] ?? '';
    if (selected === 'import') {
      const operation = required(command, parsed, 'operation');
      if (!isArtifactScope(operation) || operation === 'gedcom.output')
        throw new CommandFailure(
          'USAGE',
          `--operation must be one of gedcom.${GEDCOM_OPERATIONS.join(', gedcom.')}`,
          EXIT.USAGE,
          `see \`${command.name} --help\``,
        );
      const minted = await registry.importFile(subject, operation).catch((error: unknown) => {
        throw storeFailure(error, 'import');
      });
      io.stdout.write(
        `${JSON.stringify({ grant: minted.grant, scope: minted.scope, bytes: minted.bytes, sha256: minted.sha256, expires_at: new Date(minted.expiresAt).toISOString() })}\n`,
      );
      return EXIT.OK;
    }
    await registry.exportTo(subject, 'gedcom.output', required(command, parsed, 'out')).catch((error: unknown) => {
      throw storeFailure(error, 'export');
    });
    return EXIT.OK;
  } catch (error) {
    const failure = error instanceof CommandFailure ? error : new CommandFailure('ARTIFACTS_FAILED', 'internal error', EXIT.SOFTWARE);
    return reportFailure(io, command.name, failure);
  }
}
