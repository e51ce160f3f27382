// Shared helpers of the benchmarks: statistics, interleaving, machine description, raw HTTP load.
import { connect } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** Fisher-Yates shuffle: variants run in a random order every round. */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export function fmt(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

export function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  let load = '';
  try {
    load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    load = 'n/a';
  }
  return `${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average at start ${load}`;
}

export function rssOfProcess(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly latenciesMs: number[];
}

/**
 * Closed-loop load on keep-alive connections over raw sockets (the client costs the same for
 * every server measured): each connection sends the same request bytes, waits for one complete
 * response, and sends again, for `durationMs`.
 */
export async function closedLoopLoad(port: number, request: Buffer, connections: number, durationMs: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let completed = 0;
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = connect({ host: '127.0.0.1', port, noDelay: true });
          let buffer: Buffer = Buffer.alloc(0);
          let sentAt = 0;
          const send = (): void => {
            if (performance.now() >= deadline) {
              socket.end();
              resolve();
              return;
            }
            sentAt = performance.now();
            socket.write(request);
          };
          socket.on('connect', send);
          socket.on('error', reject);
          socket.on('data', (chunk: Buffer) => {
            buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
            for (;;) {
              const headerEnd = buffer.indexOf('\r\n\r\n');
              if (headerEnd === -1) return;
              const head = buffer.subarray(0, headerEnd).toString('latin1');
              const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
              const total = headerEnd + 4 + length;
              if (buffer.length < total) return;
              buffer = buffer.subarray(total);
              latencies.push(performance.now() - sentAt);
              completed++;
              send();
            }
          });
        }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { requestsPerSecond: completed / elapsed, latenciesMs: latencies };
}
