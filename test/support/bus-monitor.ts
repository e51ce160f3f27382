import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/** Counts, on a private session bus, the method calls a test asks about, operation by operation. */
export interface BusMonitor {
  /** Waits until the monitor has seen every call made before now, then answers how many of `member` it saw since the last mark. */
  mark(): Promise<number>;
  stop(): void;
}

const MARKER_MEMBER = 'GetId';

/**
 * `dbus-monitor` on the bus named by `env.DBUS_SESSION_BUS_ADDRESS`, watching method calls of
 * `interface.member` (the Secret Service's `org.freedesktop.Secret.Item.GetSecret`, say). An
 * operation's calls are delimited by a marker: the bus's own `GetId`, sent by `dbus-send` after the
 * operation has answered, so every call of the operation reaches the monitor before it.
 */
export async function monitorCalls(env: Record<string, string>, interfaceName: string, member: string): Promise<BusMonitor> {
  const address = env.DBUS_SESSION_BUS_ADDRESS ?? '';
  const child: ChildProcess = spawn(
    'dbus-monitor',
    [
      '--address',
      address,
      `type='method_call',interface='${interfaceName}',member='${member}'`,
      `type='method_call',interface='org.freedesktop.DBus',member='${MARKER_MEMBER}'`,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let output = '';
  let counted = 0;
  let markers = 0;
  let waiting: (() => void) | null = null;
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (text: string) => {
    output += text;
    const lines = output.split('\n');
    output = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('method call')) continue;
      if (line.includes(`member=${member}`)) counted++;
      if (line.includes(`member=${MARKER_MEMBER}`)) {
        markers++;
        waiting?.();
      }
    }
  });
  const mark = async (): Promise<number> => {
    const expected = markers + 1;
    const seen = new Promise<void>((resolve) => {
      waiting = () => {
        if (markers >= expected) resolve();
      };
    });
    // The monitor may attach after the first marker is sent: send again until one is seen.
    for (let attempt = 0; markers < expected && attempt < 200; attempt++) {
      spawnSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', `org.freedesktop.DBus.${MARKER_MEMBER}`], {
        env: { ...process.env, ...env },
        stdio: 'ignore',
      });
      await Promise.race([seen, new Promise<void>((resolve) => setImmediate(resolve))]);
    }
    await seen;
    // Extra markers of a retry are counted as they come; they never hide a call made before them.
    markers = Math.max(markers, expected);
    const count = counted;
    counted = 0;
    return count;
  };
  await mark();
  return { mark, stop: () => child.kill('SIGTERM') };
}
