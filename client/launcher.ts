import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createApiClient, contractHeaders, type ApiClient, type ContractHeaders } from './api-client.js';
import { errnoCode, exitWithin, KILLED_EXIT_WAIT_MS, watchChild } from './child-exit.js';
import { API_CONTRACT, BUILD_MAX_CHARACTERS, BUILD_PATTERN, SERVE_EXIT } from './generated/contract-constants.js';
import { checkHealth } from './health-check.js';
import { readinessProof } from './generated/readiness-proof.js';
import { createSidecarClient, type SidecarClient, type SidecarClientOptions } from './sidecar-client.js';
import { StderrWindow } from './stderr-window.js';

/** The one line the sidecar prints on stdout once it serves (contract.md section 1). */
export interface ReadinessLine {
  readonly event: 'service.ready';
  readonly base_url: string;
  readonly port: number;
  readonly pid: number;
  readonly app_build: string;
  readonly sidecar_build: string;
  readonly api: { readonly contract?: string; readonly application_contract?: string; readonly namespace?: string };
}

/** Environment variables the sidecar may inherit; nothing else crosses (no secrets, no NODE_OPTIONS). */
export const ENVIRONMENT_ALLOWLIST = [
  'HOME',
  'LANG',
  'LC_ALL',
  'TZ',
  'TMPDIR',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_RUNTIME_DIR',
  'DBUS_SESSION_BUS_ADDRESS',
  // Windows: where the profile, the application data and the system live
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'SystemRoot',
  'TEMP',
  'TMP',
] as const;

/** Lines of the child's stderr a LaunchRefused carries, and characters per line. */
export const REFUSAL_STDERR_LINES = 20;
const REFUSAL_STDERR_LINE_CHARACTERS = 512;

export const READY_TIMEOUT_MS = 15_000;
const READY_LINE_MAX_BYTES = 4096;

export interface LaunchOptions {
  /** The sidecar entry, e.g. dist/cli.js; null for an executable that is the sidecar itself (a single-file build). */
  readonly entry: string | null;
  /** The program to start: this Node by default; Electron with ELECTRON_RUN_AS_NODE=1 in `env`, or a single executable. */
  readonly execPath?: string;
  /** Arguments to the program before the entry (e.g. `--max-old-space-size=4096`). */
  readonly execArgv?: readonly string[];
  readonly appBuild: string;
  /** Extra arguments after `serve` (no secret ever goes here). */
  readonly args?: readonly string[];
  /** Overrides of allow-listed variables, or extra ones the shell decides to pass. */
  readonly env?: Readonly<Record<string, string>>;
  readonly readyTimeoutMs?: number;
  /** The last bytes of the child's stderr kept for stderrText() and a refusal's tail (default STDERR_KEPT_BYTES, 64 KiB). */
  readonly stderrKeptBytes?: number;
}

/** What the child left behind when a launch was refused. */
export interface LaunchExit {
  /** The child's exit code, or null when it was killed or is still being stopped. */
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The last lines the child wrote on stderr, control characters removed and the bearer never included. */
  readonly stderrTail: readonly string[];
  /** The errno code (ENOENT, EACCES, ...) when the program could not be started at all (reason `spawn_failed`). */
  readonly errno?: string | null;
  /** The pid of the process that holds the workspace (reason `workspace_in_use`), when the sidecar could name it. */
  readonly holderPid?: number | null;
  /** Bytes of stderr written before the kept ones (LaunchOptions.stderrKeptBytes) and dropped. */
  readonly stderrDroppedBytes?: number;
}

export class LaunchRefused extends Error {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderrTail: readonly string[];
  /** The errno code of a program that could not be started (reason `spawn_failed`), else null. */
  readonly errno: string | null;
  /**
   * Reason `workspace_in_use`: another sidecar (or `setup`) holds the workspace, so the shell can say
   * "already running"; this is the holder's pid when it was named, else null.
   */
  readonly holderPid: number | null;
  /** Bytes of the child's stderr dropped before the kept last ones: the tail starts after them. */
  readonly stderrDroppedBytes: number;

  constructor(
    readonly reason: string,
    exit: LaunchExit = { exitCode: null, signal: null, stderrTail: [] },
  ) {
    const errno = exit.errno ?? null;
    const dropped = exit.stderrDroppedBytes ?? 0;
    super(
      `sidecar launch refused: ${reason}${errno === null ? '' : ` (${errno})`}${exit.exitCode === null ? '' : ` (exit ${exit.exitCode})`}${dropped === 0 ? '' : ` (stderr: the first ${dropped} bytes dropped, the last ones kept)`}`,
    );
    this.name = 'LaunchRefused';
    this.exitCode = exit.exitCode;
    this.signal = exit.signal;
    this.stderrTail = exit.stderrTail;
    this.errno = errno;
    this.holderPid = exit.holderPid ?? null;
    this.stderrDroppedBytes = dropped;
  }
}

/** The holder's pid from the sidecar's `workspace.in_use` event line, if it wrote one. */
function holderPidOf(lines: readonly string[]): number | null {
  for (const line of lines) {
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof event === 'object' && event !== null && 'event' in event && event.event === 'workspace.in_use' && 'holder_pid' in event) {
      const pid = event.holder_pid;
      if (typeof pid === 'number' && Number.isInteger(pid) && pid > 0) return pid;
    }
  }
  return null;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The last lines of a child's stderr, safe to show: bounded, printable, without the bearer. */
export function stderrTail(text: string, bearer: string): string[] {
  return text
    .split('\n')
    .map((line) => line.split(bearer).join('[redacted]').replace(CONTROL_CHARACTERS, '').slice(0, REFUSAL_STDERR_LINE_CHARACTERS))
    .filter((line) => line.length > 0)
    .slice(-REFUSAL_STDERR_LINES);
}

export interface LaunchedSidecar {
  readonly baseUrl: string;
  readonly port: number;
  readonly pid: number;
  readonly sidecarBuild: string;
  readonly appBuild: string;
  readonly child: ChildProcess;
  readonly api: ApiClient;
  /**
   * The typed client with its helpers (settings, secrets, providers, consent, chat, gedcom, jobs);
   * its artifact root defaults to the `--artifact-root` the sidecar was launched with.
   */
  client(options?: SidecarClientOptions): SidecarClient;
  /** The contract headers typed for the generated client: `api.GET(path, { params: { header } })`. */
  readonly header: ContractHeaders;
  /** Headers the paired client sends on every request (the main process holds the bearer). */
  requestHeaders(): Record<string, string>;
  /** The last bytes the child wrote on stderr (LaunchOptions.stderrKeptBytes, 64 KiB by default). */
  stderrText(): string;
  /**
   * Graceful stop: closes stdin (the child's EOF signal) and waits for the exit code; after
   * `timeoutMs` (default 10 s) kills the child and waits at most 2 s more (null: killed, or no exit reported).
   */
  stop(timeoutMs?: number): Promise<number | null>;
  /** Waits for the exit of the child. */
  exited(): Promise<number | null>;
}

export function newBearer(): string {
  return randomBytes(32).toString('base64url');
}

function minimalEnvironment(overrides: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ENVIRONMENT_ALLOWLIST) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...overrides };
}

function constantTimeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A launch refused because the program could not be started at all (no child, so no exit, ever). */
function spawnRefused(errno: string): LaunchRefused {
  return new LaunchRefused('spawn_failed', { exitCode: null, signal: null, stderrTail: [], errno });
}

function readReadinessLine(child: ChildProcess, timeoutMs: number, spawnFailure: Promise<string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = (error: Error | null, line?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout?.removeListener('data', onData);
      child.removeListener('exit', onExit);
      if (error) reject(error);
      // cast: done is called without an error only with the line read
      else resolve(line as string);
    };
    const onData = (chunk: Buffer): void => {
      const newline = chunk.indexOf(0x0a);
      size += newline === -1 ? chunk.length : newline;
      if (size > READY_LINE_MAX_BYTES) return done(new LaunchRefused('readiness_line_too_long'));
      if (newline === -1) {
        chunks.push(chunk);
        return;
      }
      chunks.push(chunk.subarray(0, newline));
      done(null, Buffer.concat(chunks).toString('utf8'));
    };
    const onExit = (): void => done(new LaunchRefused('exited_before_ready'));
    const timer = setTimeout(() => done(new LaunchRefused('readiness_timeout')), timeoutMs);
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    // a program that cannot be started emits 'error' (ENOENT, EACCES) and never 'exit'
    void spawnFailure.then((errno) => done(spawnRefused(errno)));
  });
}

function parseReadinessLine(line: string, appBuild: string, pid: number): ReadinessLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new LaunchRefused('readiness_line_not_json');
  }
  // cast: any JSON value; every field is checked below before it is trusted
  const ready = value as Partial<ReadinessLine>;
  if (ready.event !== 'service.ready') throw new LaunchRefused('readiness_event');
  if (typeof ready.port !== 'number' || !Number.isInteger(ready.port) || ready.port < 1 || ready.port > 65535) throw new LaunchRefused('readiness_port');
  if (ready.base_url !== `http://127.0.0.1:${ready.port}`) throw new LaunchRefused('readiness_base_url');
  if (ready.pid !== pid) throw new LaunchRefused('readiness_pid');
  if (ready.app_build !== appBuild) throw new LaunchRefused('readiness_app_build');
  if (typeof ready.sidecar_build !== 'string' || ready.sidecar_build.length > BUILD_MAX_CHARACTERS || !new RegExp(BUILD_PATTERN).test(ready.sidecar_build))
    throw new LaunchRefused('readiness_sidecar_build');
  if (ready.api?.contract !== API_CONTRACT) throw new LaunchRefused('readiness_contract');
  // cast: every field the launcher relies on was checked above
  return ready as ReadinessLine;
}

/**
 * Launches the sidecar exactly as the desktop shell's main process does: a fresh 256-bit bearer,
 * a minimal environment, the handshake on stdin, the readiness line read within a timeout, then
 * the readiness proof recomputed and compared in constant time. Any mismatch kills the child.
 */
/** The `--artifact-root` among the sidecar's arguments, if any. */
function launchedArtifactRoot(args: readonly string[] | undefined): string | undefined {
  const at = args?.indexOf('--artifact-root') ?? -1;
  return at < 0 ? undefined : args?.[at + 1];
}

export async function launchSidecar(options: LaunchOptions): Promise<LaunchedSidecar> {
  const bearer = newBearer();
  // One deadline for the readiness line and the health check together.
  const readyTimeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const deadline = Date.now() + readyTimeoutMs;
  const program = [...(options.execArgv ?? []), ...(options.entry === null ? [] : [options.entry]), 'serve', ...(options.args ?? [])];
  let child: ChildProcess;
  try {
    child = spawn(options.execPath ?? process.execPath, program, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: minimalEnvironment(options.env),
    });
  } catch (error) {
    // refused synchronously (e.g. an invalid argument): nothing was started
    throw spawnRefused(errnoCode(error));
  }
  // the exit, and the 'error' of a program that could not be started (which never exits)
  const { exit, hasExited, exitSignal, spawnFailure } = watchChild(child);
  const stderr = new StderrWindow(options.stderrKeptBytes);
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdin?.on('error', () => undefined);
  child.stdin?.write(`${JSON.stringify({ bearer, app_build: options.appBuild })}\n`);
  try {
    const line = await readReadinessLine(child, readyTimeoutMs, spawnFailure);
    // cast: a child that wrote a line was started, so it has a pid
    const ready = parseReadinessLine(line, options.appBuild, child.pid as number);
    const identity = { bearer, appBuild: options.appBuild };
    const headers = contractHeaders(identity);
    const api = createApiClient(ready.base_url, identity);
    const header: ContractHeaders = { 'X-Service-API-Version': API_CONTRACT, 'X-Service-App-Build': options.appBuild };
    const checked = await checkHealth(ready.port, headers, Math.max(0, deadline - Date.now()));
    if (!checked.ok) throw new LaunchRefused(checked.reason);
    const { health } = checked;
    if (health.app_build !== options.appBuild || health.sidecar_build !== ready.sidecar_build) throw new LaunchRefused('health_build');
    const expected = readinessProof(bearer, options.appBuild, ready.sidecar_build, ready.port);
    if (!constantTimeEqualHex(health.readiness_proof, expected)) throw new LaunchRefused('readiness_proof');
    return {
      baseUrl: ready.base_url,
      port: ready.port,
      pid: ready.pid,
      sidecarBuild: ready.sidecar_build,
      appBuild: options.appBuild,
      child,
      api,
      client: (clientOptions = {}) => createSidecarClient(ready.base_url, identity, { artifactRoot: launchedArtifactRoot(options.args), ...clientOptions }),
      header,
      requestHeaders: () => ({ ...headers }),
      stderrText: () => stderr.text(),
      exited: () => exit,
      async stop(timeoutMs = 10_000) {
        child.stdin?.end();
        const graceful = await exitWithin(child, exit, timeoutMs);
        if (hasExited()) return graceful;
        // then killed, and given a bounded time to report its exit (null when it does not)
        child.kill('SIGKILL');
        return exitWithin(child, exit, KILLED_EXIT_WAIT_MS);
      },
    };
  } catch (error) {
    // Never waits for an exit that does not come: a program that was not started has none, and a
    // killed child is given KILLED_EXIT_WAIT_MS to report it.
    if (child.pid !== undefined) child.kill('SIGKILL');
    const exitCode = await exitWithin(child, exit, KILLED_EXIT_WAIT_MS);
    const refused = error instanceof LaunchRefused ? error : null;
    const tail = stderrTail(stderr.text(), bearer);
    const inUse = exitCode === SERVE_EXIT.workspaceInUse;
    const details: LaunchExit = {
      exitCode,
      signal: exitSignal(),
      stderrTail: tail,
      errno: refused?.errno ?? null,
      holderPid: inUse ? holderPidOf(tail) : null,
      stderrDroppedBytes: stderr.dropped,
    };
    throw new LaunchRefused(inUse ? 'workspace_in_use' : (refused?.reason ?? 'health_unreachable'), details);
  }
}
