// Issue 15: start like a bare server. In one interleaved run against a bare node:http server that
// prints its port and answers one request: spawn -> verified ready, spawn -> first settings GET and
// spawn -> first chat session (loopback Ollama fake), each as a ratio with its goal; resident memory
// at ready and after every module has answered; health throughput comes from the foundation section.
import { execFileSync } from 'node:child_process';
import { get } from 'node:http';
import { join } from 'node:path';
import { launchSidecar, type LaunchedSidecar } from '../client/launcher.js';
import { startFakeProvider } from '../test/support/provider-fakes/index.js';
import { startSecretService } from '../test/support/secret-service.js';
import { bareServer, startupRounds } from './foundation.js';
import { fmt, median, rssOfProcess } from './support.js';

const APP_BUILD = '1.0.0-bench';
const MODEL = 'fake-model';

function answered(port: number): Promise<void> {
  return new Promise((resolve, reject) => get({ host: '127.0.0.1', port, path: '/' }, (res) => res.resume().once('end', resolve)).once('error', reject));
}

async function json(sidecar: LaunchedSidecar, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${sidecar.baseUrl}${path}`, {
    method,
    headers: { ...sidecar.requestHeaders(), 'x-service-session-owner': 'bench-window', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function expectStatus(answer: { status: number }, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: HTTP ${answer.status}`);
}

export async function runStartupBench(): Promise<string> {
  const secrets = startSecretService('unlocked');
  const fake = await startFakeProvider('ollama');
  const workspace = join(secrets.home, 'workspace');
  execFileSync(process.execPath, ['dist/cli.js', 'setup', '--workspace', workspace], { env: secrets.env, stdio: 'ignore' });
  const launch = (): Promise<LaunchedSidecar> => launchSidecar({ entry: 'dist/cli.js', appBuild: APP_BUILD, env: secrets.env, args: ['--workspace', workspace] });
  const endpoint = `http://127.0.0.1:${fake.port}`;
  try {
    // The profile the chat sessions use, saved once in the encrypted database.
    const first = await launch();
    const tested = await json(first, 'POST', '/api/v1/provider-endpoints/validate', { provider_id: 'ollama', endpoint });
    expectStatus(tested, 200, 'endpoint test');
    const configuration = await json(first, 'GET', '/api/v1/provider-configuration');
    const profile = await json(first, 'POST', '/api/v1/provider-profiles', {
      expected_revision: configuration.body.profile_revision,
      name: 'bench',
      provider_id: 'ollama',
      endpoint,
      model: MODEL,
      destination_identity: tested.body.destination_identity,
    });
    expectStatus(profile, 200, 'profile');
    await first.stop();

    const stopNow = async (sidecar: LaunchedSidecar): Promise<void> => {
      sidecar.child.kill('SIGKILL');
      await sidecar.exited();
    };
    const startup = await startupRounds(
      {
        bare: async () => {
          const { child, port } = await bareServer();
          await answered(port);
          child.kill('SIGKILL');
        },
        ready: async () => stopNow(await launch()),
        settings: async () => {
          const sidecar = await launch();
          expectStatus(await json(sidecar, 'GET', '/api/v1/settings'), 200, 'settings');
          await stopNow(sidecar);
        },
        chat: async () => {
          const sidecar = await launch();
          expectStatus(await json(sidecar, 'POST', '/api/v1/chat/sessions', { profile: 'bench', model: MODEL, purpose: 'research_chat', data_classes: ['user_text'] }), 200, 'chat session');
          await stopNow(sidecar);
        },
      },
      20,
    );
    const rss = { ready: [] as number[], loaded: [] as number[] };
    for (let i = 0; i < 5; i++) {
      const sidecar = await launch();
      await new Promise((resolve) => setTimeout(resolve, 300));
      rss.ready.push(rssOfProcess(sidecar.pid));
      await json(sidecar, 'GET', '/api/v1/settings');
      await json(sidecar, 'POST', '/api/v1/chat/sessions', { profile: 'bench', model: MODEL, purpose: 'research_chat', data_classes: ['user_text'] });
      await json(sidecar, 'GET', '/api/v1/jobs');
      await json(sidecar, 'GET', '/api/v1/provider-configuration');
      await new Promise((resolve) => setTimeout(resolve, 300));
      rss.loaded.push(rssOfProcess(sidecar.pid));
      await sidecar.stop();
    }
    const m = startup.medians;
    const bare = m.bare as number;
    const ready = m.ready as number;
    const row = (name: string, label: string, base: number, baseName: string, goal: string): string =>
      `| ${label} | ${fmt(m[name] as number)} | ${fmt(startup.p90s[name] as number)} | ${fmt((m[name] as number) / base, 2)}x ${baseName} | ${goal} |`;
    const mb = (values: number[]): string => fmt(median(values) / 2 ** 20);
    return [
      '## Start-up (issue 15)',
      '',
      'The built sidecar with a real Secret Service and a provisioned encrypted database, launched through the paired launcher; 20 launches of each variant, interleaved in random order, 3 warm-up rounds discarded. "bare" is a `node:http` server that prints its port and answers one request. "ready" is spawn -> readiness line -> authenticated `GET /api/v1/health` -> readiness proof verified; "settings" and "chat" add the first `GET /api/v1/settings` and the first `POST /api/v1/chat/sessions` (a saved Ollama profile on a loopback fake).',
      '',
      '| measure | median ms | p90 ms | ratio | goal |',
      '|---|---:|---:|---:|---|',
      row('bare', 'bare node:http, spawn to first answer', bare, 'bare', 'baseline'),
      row('ready', 'sidecar, spawn to verified ready', bare, 'bare', 'at most 1.6x bare'),
      row('settings', 'sidecar, spawn to first settings GET', ready, 'ready', 'at most 1.2x ready'),
      row('chat', 'sidecar, spawn to first chat session', ready, 'ready', 'at most 1.2x ready'),
      '',
      `Resident memory (median of 5 launches): ${mb(rss.ready)} MB 300 ms after ready; ${mb(rss.loaded)} MB after settings, a chat session, jobs and the provider configuration have answered (goal: under 55 MB with every module loaded). Health throughput at 32 connections: see the foundation section.`,
      '',
    ].join('\n');
  } finally {
    await fake.close();
    secrets.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await runStartupBench()}\n`);
