// Plays the desktop shell's main process for a developer: launches the sidecar through the
// paired launcher (which verifies the readiness proof), prints the service's state, and keeps
// it serving until Ctrl-C. The bearer is never printed: a ready-to-paste curl line reads the
// request headers from a private file (mode 0600) that is removed when the sidecar stops.
// With `--gedcom FILE` it runs the GEDCOM demo (scripts/gedcom-demo.ts) and stops.
import { rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { launchSidecar } from '../client/launcher.js';
import { gedcomDemo } from './gedcom-demo.js';

const APP_BUILD = '1.0.0-dev';
const ENTRY = 'dist/cli.js';
const HEADERS_FILE = '.dev/curl-headers';

/** The value after `flag` in `argv`, and `argv` without both. */
function takeFlag(argv: readonly string[], flag: string): { readonly value: string | null; readonly rest: string[] } {
  const at = argv.indexOf(flag);
  if (at < 0 || at + 1 >= argv.length) return { value: null, rest: [...argv] };
  return { value: argv[at + 1] ?? null, rest: [...argv.slice(0, at), ...argv.slice(at + 2)] };
}

const { value: gedcomFile, rest: args } = takeFlag(process.argv.slice(2), '--gedcom');
const artifactRoot = takeFlag(args, '--artifact-root').value;

const sidecar = await launchSidecar({ entry: ENTRY, appBuild: APP_BUILD, args });
const { api, header } = sidecar;
const bold = (text: string): string => (process.stdout.isTTY ? `\u001b[1m${text}\u001b[0m` : text);

console.log(`${bold('Sidecar ready')} at ${sidecar.baseUrl} (pid ${sidecar.pid}, build ${sidecar.sidecarBuild}); readiness proof verified.`);

const health = await api.GET('/api/v1/health', { params: { header } });
console.log(`${bold('Health:')} ${health.data?.status ?? `HTTP ${health.response.status}`}, paired app build ${health.data?.app_build ?? '?'}`);

const capabilities = await api.GET('/api/v1/capabilities', { params: { header } });
console.log(bold('Capabilities:'));
for (const module of capabilities.data?.modules ?? []) {
  console.log(`  ${module.module_id.padEnd(12)} ${module.actions.map((action) => action.name).join(', ')}`);
}

const diagnostics = await api.GET('/api/v1/startup-diagnostics', { params: { header } });
if (diagnostics.data) {
  console.log(`${bold('Startup diagnostics:')} ${diagnostics.data.status}`);
  for (const component of diagnostics.data.components) {
    console.log(`  ${component.component.padEnd(14)} ${component.status.padEnd(8)} ${component.code.padEnd(28)} ${component.message}`);
    if (component.remediation) console.log(`  ${''.padEnd(14)} -> ${component.remediation}`);
  }
}

let stopping = false;
const stop = async (exitCode = 0): Promise<void> => {
  if (stopping) return;
  stopping = true;
  rmSync(HEADERS_FILE, { force: true });
  const code = await sidecar.stop();
  console.log(`Sidecar stopped (exit ${code}).`);
  process.exit(exitCode);
};

if (gedcomFile !== null) {
  if (artifactRoot === null) throw new Error('the GEDCOM demo needs --artifact-root');
  try {
    await gedcomDemo(sidecar, ENTRY, artifactRoot, gedcomFile, bold);
    await stop(0);
  } catch (error) {
    console.log(`GEDCOM demo failed: ${error instanceof Error ? error.message : 'unknown error'}`);
    await stop(1);
  }
}

const headers = Object.entries(sidecar.requestHeaders()).map(([name, value]) => `${name}: ${value}`);
writeFileSync(HEADERS_FILE, `${headers.join('\n')}\n`, { mode: 0o600 });
console.log(bold('\nTry it (the headers, bearer included, are in a private file until the sidecar stops):'));
console.log(`  curl -s -H @${relative(process.cwd(), HEADERS_FILE)} ${sidecar.baseUrl}/api/v1/health`);
console.log('\nServing until Ctrl-C.');

process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
void sidecar.exited().then((code) => {
  if (!stopping) {
    console.log(`Sidecar exited on its own (exit ${code}).`);
    process.exit(1);
  }
});
