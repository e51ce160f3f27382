import { isAbsoluteOn, type HostPlatform } from '../infra/platform/host-platform.js';
// The conventions every command of dist/cli.js shares: strict parsing with node:util parseArgs,
// kebab-case flags, `--help` on stdout with exit 0, one failure style on stderr
// (`<command>: <CODE>: <message>` and a remediation line), and sysexits-style exit codes.
import { parseArgs } from 'node:util';
import { SERVE_EXIT } from '../contract/launch.js';
import { keysOf } from '../contract/typed-keys.js';

/** Exit codes (sysexits.h); `serve` keeps the launch protocol's own codes for startup failures. */
export const EXIT = {
  OK: 0,
  /** The command was used wrongly: unknown or misspelled flag, missing value, wrong arguments. */
  USAGE: 64,
  /** The input is not what the command works on (not GEDCOM, unsupported version, refused by the service). */
  DATA: 65,
  /** An input file does not exist or cannot be read. */
  NO_INPUT: 66,
  /** A service the command needs (the OS keyring) is not available. */
  UNAVAILABLE: 69,
  /** An internal failure. */
  SOFTWARE: 70,
  /** An output cannot be created (exists without --force, or the folder refuses it). */
  CANT_CREATE: 73,
  /** Reading or writing failed part way. */
  IO: 74,
  /** The workspace is held by another live process (a serving sidecar): try again once it is gone. */
  IN_USE: SERVE_EXIT.workspaceInUse,
  /** The configuration file is invalid. */
  CONFIG: 78,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit-code table as `--help` and the README print it. */
export const EXIT_CODE_HELP = [
  'exit codes:',
  '  0   success',
  '  64  usage error (unknown or misspelled flag, missing value, wrong arguments)',
  '  65  data error (not GEDCOM, unsupported version, refused input)',
  '  66  input file missing or unreadable',
  '  69  OS keyring unavailable or locked',
  '  70  internal failure',
  '  73  output cannot be created (exists: pass --force; or the folder refuses it)',
  '  74  I/O error while reading or writing',
  `  ${SERVE_EXIT.workspaceInUse}  the workspace is in use by another process (a sidecar serves it): try again once it has exited`,
  '  78  configuration file invalid',
  `  serve only: ${SERVE_EXIT.startupFailed} startup failed, ${SERVE_EXIT.handshakeRejected} handshake refused (the launch protocol)`,
].join('\n');

/** A failure a command reports: a stable code, a one-line message, what to do, and the exit code. */
export class CommandFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exit: ExitCode,
    readonly remediation: string | null = null,
  ) {
    super(message);
    this.name = 'CommandFailure';
  }
}

/** Where a command writes; `isTTY` (of stderr) turns on progress bars. */
export interface CommandIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly isTTY: boolean;
}

export interface OptionDeclaration {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** Shown in help after the flag, e.g. `FILE`. */
  readonly value?: string;
  readonly description: string;
}

/** One command (or sub-command): its usage line, summary, flags and positional arguments. */
export interface CommandDeclaration {
  /** As the user types it, e.g. `gedcom convert`. */
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  readonly options: Readonly<Record<string, OptionDeclaration>>;
  readonly positionals: { readonly min: number; readonly max: number; readonly names: string };
}

export interface ParsedCommand {
  readonly strings: ReadonlyMap<string, string>;
  readonly flags: ReadonlySet<string>;
  readonly positionals: readonly string[];
  /** `--help` or `-h` was given: print `helpText` and exit 0. */
  readonly help: boolean;
}

/** The help text of a command: usage, summary, flags, exit codes. */
export function helpText(command: CommandDeclaration): string {
  const flags = Object.entries(command.options).map(([name, option]) => {
    const flag = `${option.short === undefined ? '    ' : `-${option.short}, `}--${name}${option.value === undefined ? '' : ` ${option.value}`}`;
    return `  ${flag.padEnd(30)} ${option.description}`;
  });
  return [
    `usage: ${command.usage}`,
    '',
    command.summary,
    '',
    'options:',
    ...flags,
    `  ${'-h, --help'.padEnd(30)} show this help and exit`,
    '',
    EXIT_CODE_HELP,
    '',
  ].join('\n');
}

/** Levenshtein distance, for suggesting the flag or command that was meant. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

/** The known name closest to `typed`, when it is close enough to be a slip (camelCase spellings included). */
export function closest(typed: string, known: readonly string[]): string | null {
  const kebab = typed.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  let best: { readonly name: string; readonly cost: number } | null = null;
  for (const name of known) {
    const cost = Math.min(distance(typed, name), distance(kebab, name));
    if (cost <= Math.max(1, Math.floor(name.length / 3)) && (best === null || cost < best.cost)) best = { name, cost };
  }
  return best?.name ?? null;
}

/** A usage error of a command: exit 64, pointing at its help. */
export function usageFailure(command: CommandDeclaration, message: string, remediation?: string): CommandFailure {
  return new CommandFailure('USAGE', message, EXIT.USAGE, remediation ?? `see \`${command.name} --help\``);
}

/** What parseArgs reports, in the command's words (it names the flag; it never echoes a value). */
function parseFailure(command: CommandDeclaration, error: unknown): CommandFailure {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  const text = error instanceof Error ? error.message : '';
  const flag = /'(-{1,2}[^' ]+)/.exec(text)?.[1] ?? null;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag !== null) {
    const meant = closest(flag.replace(/^-+/, ''), Object.keys(command.options).concat('help'));
    return usageFailure(command, `unknown flag ${flag}`, meant === null ? undefined : `did you mean --${meant}?`);
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag !== null) {
    const name = flag.replace(/^-+/, '');
    const option = command.options[name];
    if (option?.type === 'boolean') return usageFailure(command, `${flag} takes no value`);
    return usageFailure(command, `${flag} needs a value${option?.value === undefined ? '' : ` (${option.value})`}`);
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return usageFailure(command, `too many arguments; expected ${command.positionals.names}`);
  return usageFailure(command, 'the arguments could not be read');
}

/**
 * The sub-command `name` of a command group (`gedcom inspect`, `artifacts import`), or a usage
 * failure naming the closest one. `noun` is what the group calls its sub-commands.
 */
export function subcommandOf<K extends string>(group: string, noun: string, subcommands: Readonly<Record<K, CommandDeclaration>>, name: string | undefined): K {
  const names = keysOf(subcommands);
  const found = names.find((candidate) => candidate === name);
  if (found !== undefined) return found;
  const meant = name === undefined ? null : closest(name, names);
  const choices = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1] ?? ''}` : names.join('');
  const message = name === undefined ? `missing the ${noun} (${choices})` : `unknown ${noun} ${JSON.stringify(name.slice(0, 40))}`;
  throw new CommandFailure('USAGE', message, EXIT.USAGE, meant === null ? `see \`${group} --help\`` : `did you mean \`${group} ${meant}\`?`);
}

/**
 * Refuses a path option that is not absolute by the host platform's rules (`C:\\...` or a UNC
 * path on Windows, `/...` elsewhere): a relative path would mean whatever folder the launcher ran in.
 */
export function requireAbsolutePaths(parsed: ParsedCommand, names: readonly string[], platform: HostPlatform): void {
  for (const name of names) {
    const value = parsed.strings.get(name);
    if (value === undefined || isAbsoluteOn(platform, value)) continue;
    const example = platform.os === 'win32' ? 'C:\\Users\\...' : '/home/...';
    throw new CommandFailure(
      'PATH_NOT_ABSOLUTE',
      `--${name} is a relative path; only absolute paths are accepted`,
      EXIT.USAGE,
      `pass --${name} as an absolute path (${example})`,
    );
  }
}

/** Parses `argv` strictly against the command's declaration. */
export function parseCommand(command: CommandDeclaration, argv: readonly string[]): ParsedCommand {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = { help: { type: 'boolean', short: 'h' } };
  for (const [name, option] of Object.entries(command.options))
    options[name] = option.short === undefined ? { type: option.type } : { type: option.type, short: option.short };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw parseFailure(command, error);
  }
  const strings = new Map<string, string>();
  const flags = new Set<string>();
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === 'string') strings.set(name, value);
    else if (value === true) flags.add(name);
  }
  const help = flags.has('help');
  if (!help && (parsed.positionals.length < command.positionals.min || parsed.positionals.length > command.positionals.max)) {
    throw usageFailure(
      command,
      parsed.positionals.length < command.positionals.min
        ? `missing ${command.positionals.names}`
        : `too many arguments; expected ${command.positionals.names}`,
    );
  }
  return { strings, flags, positionals: parsed.positionals, help };
}

/** A flag the command cannot do without. */
export function required(command: CommandDeclaration, parsed: ParsedCommand, name: string): string {
  const value = parsed.strings.get(name);
  if (value === undefined) throw usageFailure(command, `--${name} is required`);
  return value;
}

/** Writes a failure in the one style of the command line and answers its exit code. */
export function reportFailure(io: CommandIo, command: string, failure: CommandFailure): ExitCode {
  const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, 600);
  io.stderr.write(`${command}: ${failure.code}: ${oneLine(failure.message)}\n`);
  if (failure.remediation !== null) io.stderr.write(`  remediation: ${oneLine(failure.remediation)}\n`);
  return failure.exit;
}

/** A progress bar on stderr when it is a terminal (nothing on a pipe), shown once work has taken a moment. */
export class ProgressBar {
  private shown = false;
  private last = 0;

  constructor(
    private readonly io: CommandIo,
    private readonly label: string,
    private readonly total: number,
    private readonly now: () => number,
    private readonly started = now(),
  ) {}

  update(done: number): void {
    if (!this.io.isTTY) return;
    const now = this.now();
    if (now - this.started < 500 || now - this.last < 100) return;
    this.last = now;
    this.shown = true;
    const fraction = this.total > 0 ? Math.min(1, done / this.total) : 0;
    const filled = Math.round(fraction * 30);
    this.io.stderr.write(`\r${this.label} [${'#'.repeat(filled)}${'-'.repeat(30 - filled)}] ${Math.floor(fraction * 100)}%`);
  }

  done(): void {
    if (this.shown) this.io.stderr.write('\r\x1b[K');
  }
}
