import type { ChildProcess } from 'node:child_process';

/** How long a child the launcher killed (SIGKILL) is given to report its exit before the launcher stops waiting. */
export const KILLED_EXIT_WAIT_MS = 2_000;

/** An errno-like code (ENOENT, EACCES, ERR_...): nothing else of a spawn error is ever carried. */
const ERRNO_CODE = /^E[A-Z0-9_]{1,40}$/;

/** The errno code of a spawn error, or UNKNOWN: the code only, never the message (which names paths). */
export function errnoCode(error: unknown): string {
  const code: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' && ERRNO_CODE.test(code) ? code : 'UNKNOWN';
}

/** What the launcher watches of a child: its exit, and the start it may never make. */
export interface ChildWatch {
  /** Resolves with the exit code once the child exits; never, for a program that could not be started. */
  readonly exit: Promise<number | null>;
  /** Whether the child has exited. */
  hasExited(): boolean;
  /** The signal that ended the child, once it exited. */
  exitSignal(): NodeJS.Signals | null;
  /** Resolves with the errno code (ENOENT, EACCES, ...) when the program could not be started: then no 'exit' ever comes. */
  readonly spawnFailure: Promise<string>;
}

/** Watches a freshly spawned child; every later 'error' (a failed kill) is absorbed here. */
export function watchChild(child: ChildProcess): ChildWatch {
  let exited = false;
  let signal: NodeJS.Signals | null = null;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code, exitSignal) => {
      exited = true;
      signal = exitSignal;
      resolve(code);
    }),
  );
  const spawnFailure = new Promise<string>((resolve) => child.on('error', (error) => resolve(errnoCode(error))));
  return { exit, hasExited: () => exited, exitSignal: () => signal, spawnFailure };
}

/**
 * Waits for `exit` at most `timeoutMs`; null when it did not come in time. A child that was never
 * started (no pid) has no exit to wait for: null at once.
 */
export async function exitWithin(child: ChildProcess, exit: Promise<number | null>, timeoutMs: number): Promise<number | null> {
  if (child.pid === undefined) return null;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    return await Promise.race([exit, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}
