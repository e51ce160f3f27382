// Issue 3 benchmarks: settings PATCH latency, credential set/status latency against a real
// Secret Service, and what opening the real keyring and encrypted database adds to start-up.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchSidecar } from '../client/launcher.js';
import { localState } from '../test/support/local-state.js';
import { startupRounds } from './foundation.js';
import { fmt, median, quantile } from './support.js';

const APP_BUILD = '1.0.0-bench';

async function latencies(count: number, run: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return samples.slice(Math.min(10, Math.floor(count / 10)));
}

export async function runLocalStateBench(): Promise<string> {
  const lines: string[] = ['## Local state (issue 3)', ''];
  const fixture = localState('unlocked');
  try {
    const sidecar = await fixture.launch();
    const { api, header } = sidecar;
    let revision = 0;
    const patch = await latencies(300, async (i) => {
      const response = await api.PATCH('/api/v1/settings', {
        params: { header },
        body: {
          schema_version: 1,
          expected_revision: revision,
          changes: { 'privacy.living_threshold_years': 90 + (i % 61), 'ui.theme': i % 2 ? 'dark' : 'light' },
        },
      });
      revision = response.data?.revision ?? revision;
    });
    const path = { reference: 'openai_compatible.api_key' };
    const set = await latencies(60, async (i) => {
      await api.POST('/api/v1/secrets/{reference}/set', { params: { header, path }, body: { value: `bench-value-${i}` } });
    });
    const status = await latencies(60, async () => {
      await api.GET('/api/v1/secrets/{reference}/status', { params: { header, path } });
    });
    await sidecar.stop();
    lines.push('### Request latency, sequential requests from the paired client (first 10% discarded as warm-up)', '');
    lines.push('| operation | samples | p50 ms | p99 ms |', '|---|---:|---:|---:|');
    lines.push(
      `| settings PATCH (two keys, one SQLCipher transaction, synchronous=FULL) | ${patch.length} | ${fmt(median(patch), 2)} | ${fmt(quantile(patch, 0.99), 2)} |`,
    );
    lines.push(
      `| secret set (write, then read back and compare, real gnome-keyring) | ${set.length} | ${fmt(median(set), 2)} | ${fmt(quantile(set, 0.99), 2)} |`,
    );
    lines.push(`| secret status (real gnome-keyring) | ${status.length} | ${fmt(median(status), 2)} | ${fmt(quantile(status, 0.99), 2)} |`);
    lines.push('');

    const empty = mkdtempSync(join(tmpdir(), 'bench-foundation-'));
    const figures = await startupRounds(
      {
        foundation: async () => {
          const launched = await launchSidecar({
            entry: 'dist/cli.js',
            appBuild: APP_BUILD,
            env: { HOME: empty, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(empty, 'no-bus')}` },
            args: ['--workspace', join(empty, 'absent')],
          });
          launched.child.kill('SIGKILL');
          await launched.exited();
        },
        'real keyring and database': async () => {
          const launched = await fixture.launch();
          launched.child.kill('SIGKILL');
          await launched.exited();
        },
      },
      20,
    );
    const added = (figures.medians['real keyring and database'] as number) - (figures.medians.foundation as number);
    lines.push('### Start-up with the real keyring and encrypted database opened', '');
    lines.push('| variant | median ms | p90 ms |', '|---|---:|---:|');
    for (const name of Object.keys(figures.medians)) lines.push(`| ${name} | ${fmt(figures.medians[name] as number)} | ${fmt(figures.p90s[name] as number)} |`);
    lines.push(
      '',
      `Added by reading the database key from gnome-keyring over D-Bus, opening the SQLCipher database (key, WAL, quick_check, migrations check) and reconciling the job ledger: **${fmt(added)} ms** median (target: at most 20 ms). 20 launches each, interleaved in random order, 3 warm-up rounds discarded; "foundation" is the same sidecar with no Secret Service reachable and no workspace, so nothing is opened.`,
      '',
    );
  } finally {
    fixture.stop();
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await runLocalStateBench()}\n`);
