import {
  CommandFailure,
  EXIT,
  helpText,
  parseCommand,
  reportFailure,
  requireAbsolutePaths,
  type CommandDeclaration,
  type CommandIo,
  type ExitCode,
} from './command-line.js';
import { provisionLocalState } from './compositions/commands.js';
import { hostPlatform } from './compositions/host.js';
import { INSECURE_SESSION_REMEDIATION } from '../app/secrets/keyring-store.js';

const SETUP_COMMAND = {
  name: 'setup',
  usage: 'cli setup [--config FILE] [--workspace DIR]',
  summary:
    'Provisions the workspace, the database key in the OS keyring and the encrypted database. Idempotent; never replaces an existing key; refuses a database it cannot open. `serve` never does any of this.',
  options: {
    config: { type: 'string', value: 'FILE', description: 'the configuration file (default: the platform config folder)' },
    workspace: { type: 'string', value: 'DIR', description: 'the workspace to provision' },
  },
  positionals: { min: 0, max: 0, names: 'no arguments' },
} as const satisfies CommandDeclaration;

/** The exit code and remediation of each refusal reason of provisioning. */
function refusal(reason: string): { readonly exit: ExitCode; readonly remediation: string } {
  if (reason === 'configuration.invalid')
    return { exit: EXIT.CONFIG, remediation: 'fix the configuration file (see `cli serve` startup diagnostics) or pass another --config' };
  if (reason === 'configuration.missing')
    return {
      exit: EXIT.NO_INPUT,
      remediation: 'the file named by --config does not exist: create it, or leave --config out to use the platform configuration file',
    };
  if (reason === 'keyring.locked') return { exit: EXIT.UNAVAILABLE, remediation: 'unlock the OS keyring (Secret Service) and run setup again' };
  if (reason === 'keyring.session_insecure') return { exit: EXIT.UNAVAILABLE, remediation: INSECURE_SESSION_REMEDIATION.toLowerCase() };
  if (reason.startsWith('keyring.'))
    return {
      exit: EXIT.UNAVAILABLE,
      remediation: 'start a Secret Service provider (GNOME Keyring, KWallet) in this session, with a default collection, and run setup again',
    };
  if (reason === 'workspace.not_a_folder')
    return {
      exit: EXIT.CANT_CREATE,
      remediation: 'the workspace path is a file, a broken link or under a file: pass --workspace with a folder, or a path where one can be created',
    };
  if (reason === 'workspace.in_use')
    return { exit: EXIT.IN_USE, remediation: 'a sidecar serves this workspace (or another setup runs): stop it, or run setup again once it has exited' };
  if (reason === 'workspace.not_created')
    return { exit: EXIT.CANT_CREATE, remediation: 'the workspace folder cannot be created there: pass --workspace with a path under a writable folder' };
  if (reason === 'database.key_missing')
    return {
      exit: EXIT.DATA,
      remediation: 'the database exists but its key is not in the keyring: restore the key, or move the database away to start afresh',
    };
  return { exit: EXIT.DATA, remediation: 'the database cannot be opened with the key in the keyring; restore the matching key or move the database away' };
}

/** `setup`: explicit provisioning; prints what it created. */
export async function setupCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseCommand(SETUP_COMMAND, argv);
  if (parsed.help) {
    io.stdout.write(helpText(SETUP_COMMAND));
    return EXIT.OK;
  }
  requireAbsolutePaths(parsed, ['config', 'workspace'], hostPlatform());
  const outcome = await provisionLocalState({ configPath: parsed.strings.get('config'), workspace: parsed.strings.get('workspace') });
  if (!outcome.ok) {
    const { exit, remediation } = refusal(outcome.reason);
    const message = outcome.detail === undefined ? outcome.reason : `${outcome.reason}: ${outcome.detail}`;
    return reportFailure(io, 'setup', new CommandFailure('SETUP_REFUSED', message, exit, remediation));
  }
  io.stdout.write(outcome.created.length === 0 ? 'setup: everything was already in place\n' : `setup: created ${outcome.created.join(', ')}\n`);
  return EXIT.OK;
}
