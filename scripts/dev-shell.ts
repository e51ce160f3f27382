// Plays the desktop shell's main process for a developer: launches the sidecar through the
// paired launcher (which verifies the readiness proof), prints the service's state, and keeps
// it serving until Ctrl-C. The bearer is shown only on an interactive terminal, never in a log.
import { launchSidecar } from '../client/launcher.js';

const APP_BUILD = '1.0.0-dev';
const args = process.argv.slice(2);

const sidecar = await launchSidecar({ entry: 'dist/cli.js', appBuild: APP_BUILD, args });
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

if (process.stdout.isTTY) {
  const auth = sidecar.requestHeaders().authorization;
  console.log(bold('\nTry it (this terminal only; the bearer changes at every launch):'));
  console.log(
    `  curl -s -H 'Authorization: ${auth}' -H 'X-Service-API-Version: service.internal-api/1' -H 'X-Service-App-Build: ${APP_BUILD}' ${sidecar.baseUrl}/api/v1/health`,
  );
} else {
  console.log('(The curl line with the bearer is shown only on an interactive terminal.)');
}
console.log('\nServing until Ctrl-C.');

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  const code = await sidecar.stop();
  console.log(`Sidecar stopped (exit ${code}).`);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
void sidecar.exited().then((code) => {
  if (!stopping) {
    console.log(`Sidecar exited on its own (exit ${code}).`);
    process.exit(1);
  }
});
