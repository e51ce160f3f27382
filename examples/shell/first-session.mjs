// The example shell: what the desktop application's main process does in a user's first session,
// as a plain Node program that uses only the public API of @genealogy-sidecar/client (no Electron).
// docs/client.md shows each region below; test/e2e/example-shell.test.ts runs the whole program
// against the built sidecar with a real keyring and keeps the page and this file in step.
//
//   node examples/shell/first-session.mjs '<config JSON>'
//
// config: { entry, appBuild, workspace, artifactRoot, env, family, relatives, exportTo }: the sidecar
// entry (dist/cli.js), the app build, the workspace and artifact root, the environment the sidecar
// may see (the keyring's session bus), two GEDCOM files and the new file to export the merge to.
import { launchSidecar, RequestFailed } from '@genealogy-sidecar/client';
import { startOllamaFake } from './ollama-fake.mjs';

const config = JSON.parse(process.argv[2] ?? '{}');
const say = (line) => process.stdout.write(`${line}\n`);
const summary = {};

// #region launch
// Launch: a fresh bearer on the child's stdin, the readiness line, the readiness proof checked.
const sidecar = await launchSidecar({
  entry: config.entry,
  appBuild: config.appBuild,
  args: ['--workspace', config.workspace, '--artifact-root', config.artifactRoot],
  env: config.env,
});
// One client per window; GEDCOM artifacts go to the artifact root the sidecar was launched with.
const client = sidecar.client({ owner: 'window-1' });
say(`sidecar ${sidecar.sidecarBuild} ready at ${sidecar.baseUrl} (pid ${sidecar.pid})`);
// #endregion launch

const ollama = await startOllamaFake('Anne Boleyn was the second wife of Henry VIII.');
try {
  // #region diagnostics
  // Diagnostics: what the start-up found, component by component, then a first setting.
  const report = await client.diagnostics.startup();
  say(`start-up: ${report.status}`);
  for (const component of report.components) say(`  ${component.component}: ${component.status} (${component.code})`);
  const settings = await client.settings.patch({ 'ui.theme': 'dark' });
  say(`theme: ${settings.fields.find((field) => field.key === 'ui.theme')?.value} (revision ${settings.revision})`);
  // #endregion diagnostics
  summary.diagnostics = report.status;
  summary.theme = settings.fields.find((field) => field.key === 'ui.theme')?.value;

  // #region credential
  // A credential: into the OS keyring through the sidecar; only its status ever comes back.
  const stored = await client.secrets.set('openai.api_key', 'sk-example-not-a-real-key');
  say(`openai.api_key: ${stored.status}`);
  // #endregion credential
  summary.credential = stored.status;

  // #region provider
  // A local provider: validate the endpoint (its destination identity), make a profile, preview the
  // consent (the exact scope and a sample of what each data class sends), then create it.
  const validation = await client.providers.validateEndpoint('ollama', ollama.endpoint);
  say(`endpoint ${validation.destination} answers (identity ${validation.destination_identity.slice(0, 12)}...)`);
  await client.providers.createProfile({
    name: 'home-ollama',
    provider_id: 'ollama',
    endpoint: ollama.endpoint,
    model: ollama.model,
    destination_identity: validation.destination_identity,
  });
  const preview = await client.consent.preview({
    name: 'home-chat',
    profile: 'home-ollama',
    model: ollama.model,
    modules: ['chat'],
    purposes: ['research_chat'],
    data_classes: ['user_text'],
    retention: 'transient',
    budget: { max_runs: 20 },
  });
  for (const sample of preview.data_class_samples ?? []) say(`  ${sample.data_class} is sent like: ${sample.sample}`);
  const consent = await client.consent.create(preview);
  say(`consent ${consent.consent.name}: ${consent.consent.state}, ${consent.consent.scope.budget?.max_runs} runs`);
  // #endregion provider
  summary.consent = consent.consent.state;

  // #region chat
  // Chat: a session under the consent, one streamed answer printed as it arrives.
  const session = await client.chat.openSession({
    profile: 'home-ollama',
    model: ollama.model,
    purpose: 'research_chat',
    data_classes: ['user_text'],
    consent: 'home-chat',
  });
  const run = await client.chat.stream(session.session_id, { message: 'Who was Anne Boleyn?' });
  let answer = '';
  let ending = '';
  for await (const event of run.events()) {
    if (event.kind === 'delta') {
      answer += event.text;
      process.stdout.write(event.text);
    } else if (event.kind === 'completed' || event.kind === 'interrupted' || event.kind === 'failed') ending = event.kind;
  }
  say(`\n(${ending}; consent runs used: ${(await client.consent.usage('home-chat'))?.used_runs})`);
  // #endregion chat
  summary.chat = { answer, ending, runsUsed: (await client.consent.usage('home-chat'))?.used_runs };

  // #region quality
  // GEDCOM: import the file in process (a grant, never a path), run quality with a progress bar.
  const family = await client.gedcom.importArtifact(config.family, 'quality');
  const quality = await client.gedcom.run('quality', { source: family.grant });
  const bar = ({ stage, completed, total }) =>
    `\r  ${(stage ?? '').padEnd(8)} [${'#'.repeat(Math.round((20 * completed) / total)).padEnd(20)}] ${completed}/${total}`;
  let shown = null; // the stage on screen: a later stage (or the job's success) means it is done
  for await (const item of quality.progress()) {
    if (item.type !== 'event') continue;
    const { progress, kind } = item.event;
    const finished = shown !== null && (kind === 'succeeded' || (progress !== null && progress.stage !== shown.stage));
    if (finished) {
      process.stdout.write(`${bar({ ...shown, completed: shown.total })}\n`);
      shown = null;
    }
    if (kind !== 'succeeded' && progress !== null && progress.total !== null && progress.total > 0) {
      shown = progress;
      process.stdout.write(bar(progress));
    }
  }
  const findings = (await quality.result()).quality;
  say(`quality: ${findings?.totals.error} errors, ${findings?.totals.warning} warnings, ${findings?.totals.info} notes`);
  for (const rule of findings?.rules ?? []) say(`  ${rule.severity} ${rule.rule}: ${rule.count} (${rule.affected.slice(0, 3).join(', ')})`);
  // #endregion quality
  summary.quality = { individuals: findings?.scope.individuals, totals: findings?.totals, rules: findings?.rules.length };

  // #region merge
  // Merge with a second file: a dry run first, its plan reviewed, then exactly that plan applied.
  const left = await client.gedcom.importArtifact(config.family, 'merge');
  const right = await client.gedcom.importArtifact(config.relatives, 'merge');
  const plan = await client.gedcom.dryRun('merge', { left: left.grant, right: right.grant });
  const pairs = plan.result.merge?.pairs;
  say(`merge plan: ${pairs?.automatic} automatic merges, ${pairs?.review} pairs to review, ${plan.result.merge?.individuals.output} people after`);
  const merge = await client.gedcom.apply(plan);
  const merged = (await merge.result()).merge;
  say(`merged: ${merged?.individuals.output} people, ${merged?.families.output} families (plan ${merged?.plan_digest.slice(0, 12)}...)`);
  // #endregion merge
  summary.merge = { planned: plan.result.merge?.individuals.output, merged: merged?.individuals.output, planJob: merged?.plan_job === plan.jobId };

  // #region shutdown
  // Export the merged file, ask whether the sidecar may stop now, then stop it.
  await merge.export('output', config.exportTo);
  say(`exported to ${config.exportTo}`);
  const preflight = await client.jobs.shutdownPreflight();
  say(`shutdown preflight: ${preflight.status} (waited ${preflight.waited_ms} ms)`);
  const exitCode = await sidecar.stop();
  say(`sidecar stopped (exit ${exitCode})`);
  // #endregion shutdown
  summary.shutdown = preflight.status;
  summary.exit = exitCode;
} catch (error) {
  if (error instanceof RequestFailed) say(`refused: ${error.message} (ref ${error.correlationRef})`);
  throw error;
} finally {
  await ollama.close();
  summary.exit ??= await sidecar.stop();
  say(JSON.stringify(summary));
}
