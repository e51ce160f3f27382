// A desktop shell's main process, as a consumer of the packed client: it sees only the package.
// Built and run by test/e2e/client-package.test.ts in a scratch project that installed the tarball.
import { launchSidecar, type JobFollowItem, type SettingsChanges } from '@genealogy-sidecar/client';

const config = JSON.parse(process.argv[2] ?? '{}') as {
  entry: string;
  workspace: string;
  artifactRoot: string;
  source: string;
  profile: string;
  model: string;
  env: Record<string, string>;
};

// typed key by key: a wrong value or an unknown key does not compile
const changes: SettingsChanges = { 'ui.theme': 'dark', 'privacy.living_threshold_years': 100 };
// @ts-expect-error 'ui.theme' takes only system, light or dark
const wrongValue: SettingsChanges = { 'ui.theme': 'purple' };
// @ts-expect-error not a setting of the catalogue
const unknownKey: SettingsChanges = { 'ui.font': 'large' };
void wrongValue;
void unknownKey;

const sidecar = await launchSidecar({
  entry: config.entry,
  appBuild: '1.0.0-consumer',
  args: ['--workspace', config.workspace, '--artifact-root', config.artifactRoot],
  env: config.env,
});
try {
  const client = sidecar.client({ owner: 'consumer-window' });
  // the contract headers were set once: no call passes them
  const health = await client.api.GET('/api/v1/health');
  const settings = await client.settings.patch(changes);

  // imported in process, by the registry code the package carries in its dist
  const { grant } = await client.gedcom.importArtifact(config.source, 'inspect');
  const submitted = await client.api.POST('/api/v1/gedcom/inspect', { body: { source: grant, execution: { mode: 'offline' } } });
  if (submitted.data === undefined) throw new Error(`inspect refused: ${submitted.response.status}`);
  const items: JobFollowItem[] = [];
  for await (const item of client.jobs.follow(submitted.data.job_id)) items.push(item);
  const final = await client.jobs.wait(submitted.data.job_id);

  const session = await client.api.POST('/api/v1/chat/sessions', {
    params: { header: { 'X-Service-Session-Owner': 'consumer-window' } },
    body: { profile: config.profile, model: config.model, purpose: 'research_chat', data_classes: ['user_text'] },
  });
  if (session.data === undefined) throw new Error(`session refused: ${session.response.status}`);
  const run = await client.chat.stream(session.data.session_id, { message: 'Who was Queen Victoria?' });
  const kinds: string[] = [];
  let text = '';
  for await (const event of run.events()) {
    kinds.push(event.kind);
    if (event.kind === 'delta') text += event.text;
    if (event.kind === 'failed') kinds.push(`code:${event.code}`);
  }

  process.stdout.write(
    `${JSON.stringify({
      health: health.response.status,
      theme: settings.fields.find((field) => field.key === 'ui.theme')?.value,
      job: { state: final.state, kinds: items.map((item) => (item.type === 'event' ? item.event.kind : `snapshot:${item.snapshot.state}`)) },
      chat: { kinds, characters: text.length },
    })}\n`,
  );
} finally {
  await sidecar.stop();
}
