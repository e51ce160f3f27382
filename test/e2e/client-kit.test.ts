import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArtifactFailed } from '../../client/artifacts.js';
import { GedcomJobFailed } from '../../client/gedcom.js';
import { RequestFailed } from '../../client/request-failed.js';
import type { SidecarClient } from '../../client/sidecar-client.js';
import { endpointOf, MODEL, OWNER, startChatWorld, TEST_API_KEY, type ChatWorld } from '../support/chat-world.js';
import { corpusRoot } from '../support/corpus.js';

/**
 * The client kit (issue 35): every helper of the paired client against the real sidecar (a real
 * keyring, the encrypted database, the artifact root) with its answers checked against their schemas
 * in openapi-v1.json before they are typed; GEDCOM artifacts imported and exported in process.
 */

const corpus = (rel: string): string => join(corpusRoot(), 'gedcom', rel);
const KENNEDY = corpus('d-jeffrey-gedcom-samples/sample-kennedy/kennedy.ged');
const QUEEN = corpus('d-jeffrey-gedcom-samples/queen/Queen.ged');
const TUDOR = corpus('d-jeffrey-gedcom-samples/tudor/EnglishTudorRoyalFamily.ged');
const ROYAL92 = corpus('arbre-app-public-gedcoms/files/royal92.ged');

let world: ChatWorld;
let client: SidecarClient;
let root: string;
let scratch: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'kit-artifacts-'));
  scratch = mkdtempSync(join(tmpdir(), 'kit-out-'));
  world = await startChatWorld({ args: ['--artifact-root', root] });
  // the artifact root comes from the launch arguments
  client = world.sidecar.client({ owner: OWNER });
}, 120_000);

afterAll(async () => {
  await world?.close();
});

async function refusal(promise: Promise<unknown>): Promise<RequestFailed> {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof RequestFailed)) throw new Error(`expected RequestFailed, got ${String(error)}`);
  return error;
}

describe('diagnostics', () => {
  it('reads health, the start-up report and the capability manifest, each checked against its schema', async () => {
    const health = await client.diagnostics.health();
    expect(health).toMatchObject({ status: 'ready', sidecar_build: world.sidecar.sidecarBuild });
    const report = await client.diagnostics.startup();
    expect(report.components.map((component) => component.component).sort()).toEqual(['configuration', 'database', 'keyring', 'workspace']);
    const manifest = await client.diagnostics.capabilities();
    expect(manifest.api?.contract).toBe('service.internal-api/1');
  });
});

describe('settings and secrets', () => {
  it('patches a setting at the current revision and reads it back', async () => {
    const before = await client.settings.get();
    const after = await client.settings.patch({ 'ui.theme': 'light' });
    expect(after.revision).toBe(before.revision + 1);
    expect(after.fields.find((field) => field.key === 'ui.theme')?.value).toBe('light');
    expect((await refusal(client.settings.patch({ 'ui.theme': 'dark' }, before.revision))).code).toBe('SETTINGS_REVISION_STALE');
  });

  it('sets, reads the status of and deletes a credential; the value never comes back', async () => {
    expect(await client.secrets.status('openai.api_key')).toEqual({ reference: 'openai.api_key', status: 'missing' });
    const set = await client.secrets.set('openai.api_key', TEST_API_KEY);
    expect(set).toEqual({ reference: 'openai.api_key', status: 'present' });
    expect(JSON.stringify(await client.providers.list())).not.toContain(TEST_API_KEY);
    expect(await client.secrets.delete('openai.api_key')).toEqual({ reference: 'openai.api_key', status: 'missing' });
    expect((await refusal(client.secrets.status('nothing.of_the_allowlist'))).status).toBe(404);
  });
});

describe('providers and consent', () => {
  it('validates an endpoint, with the diagnosis of one that does not answer', async () => {
    const endpoint = endpointOf(world, 'ollama');
    const validation = await client.providers.validateEndpoint('ollama', endpoint);
    expect(validation).toMatchObject({ provider_id: 'ollama', endpoint, tls: false });
    expect(validation.destination_identity).toMatch(/^[0-9a-f]{64}$/);
    const closed = await refusal(client.providers.validateEndpoint('ollama', 'http://127.0.0.1:9'));
    expect(closed.code).toBe('ENDPOINT_REJECTED');
    expect(closed.details.find((detail) => detail.name === 'reason')?.value).toEqual(expect.any(String));
    expect(closed.correlationRef).not.toBeNull();
  });

  it('creates a profile, previews a consent with its payload samples, creates it with a budget, reads its usage and revokes it', async () => {
    const endpoint = endpointOf(world, 'ollama');
    const { destination_identity } = await client.providers.validateEndpoint('ollama', endpoint);
    const profile = await client.providers.createProfile({ name: 'kit-local', provider_id: 'ollama', endpoint, model: MODEL, destination_identity });
    expect(profile.profile).toMatchObject({ name: 'kit-local', provider_id: 'ollama', model: MODEL });
    expect((await client.providers.list()).profiles.map((p) => p.name)).toContain('kit-local');

    const preview = await client.consent.preview({
      name: 'kit-chat',
      profile: 'kit-local',
      model: MODEL,
      modules: ['chat'],
      purposes: ['research_chat'],
      data_classes: ['user_text', 'person_names'],
      retention: 'transient',
      budget: { max_runs: 3, max_characters_sent: 10_000 },
    });
    expect(preview.scope).toMatchObject({ name: 'kit-chat', provider_kind: 'local', budget: { max_runs: 3, max_characters_sent: 10_000 } });
    expect(preview.data_class_samples?.map((sample) => sample.data_class).sort()).toEqual(['person_names', 'user_text']);
    const created = await client.consent.create(preview);
    expect(created.consent).toMatchObject({ name: 'kit-chat', state: 'active', used_runs: 0 });
    expect(await client.consent.usage('kit-chat')).toMatchObject({ used_runs: 0, remaining: { runs: 3, characters_sent: 10_000 } });
    // a preview is created once: its revision has passed
    expect((await refusal(client.consent.create(preview))).code).toBe('CONSENT_REVISION_STALE');
    expect((await client.consent.revoke('kit-chat')).consent.state).toBe('revoked');
    expect(await client.consent.usage('no-such-consent')).toBeNull();
  });
});

describe('chat', () => {
  it('opens a session and streams an answer to its terminal event', async () => {
    world.fakes.ollama.reset();
    world.fakes.ollama.setFallback({ kind: 'text', answer: { pieces: ['Henry ', 'the Eighth'] } });
    const session = await client.chat.openSession({ profile: 'kit-local', model: MODEL, purpose: 'research_chat', data_classes: ['user_text'] });
    const run = await client.chat.stream(session.session_id, { message: 'Which Tudor had six wives?' });
    let text = '';
    const kinds: string[] = [];
    for await (const event of run.events()) {
      kinds.push(event.kind);
      if (event.kind === 'delta') text += event.text;
    }
    expect(kinds.at(-1)).toBe('completed');
    expect(text).toBe('Henry the Eighth');
  });
});

describe('gedcom', () => {
  it('imports an artifact in process, runs quality with progress and reads the findings', async () => {
    const source = await client.gedcom.importArtifact(QUEEN, 'quality');
    expect(source).toMatchObject({ scope: 'gedcom.quality', bytes: readFileSync(QUEEN).length });
    const run = await client.gedcom.run('quality', { source: source.grant });
    const kinds: string[] = [];
    let progressed = 0;
    for await (const item of run.progress()) {
      if (item.type !== 'event') continue;
      kinds.push(item.event.kind);
      if (item.event.progress !== null) progressed++;
    }
    expect(kinds[0]).toBe('queued');
    expect(kinds.at(-1)).toBe('succeeded');
    expect(progressed).toBeGreaterThan(0);
    const result = await run.result();
    expect(result.operation).toBe('quality');
    expect(result.quality?.scope.individuals).toBeGreaterThan(0);
    expect(result.quality?.totals.error).toBeGreaterThanOrEqual(0);
  });

  it('refuses an import with a typed error: a folder, a missing file', async () => {
    const notAFile: unknown = await client.gedcom.importArtifact(scratch, 'inspect').catch((error: unknown) => error);
    expect(notAFile).toBeInstanceOf(ArtifactFailed);
    expect(notAFile).toMatchObject({ code: 'ARTIFACT_NOT_A_FILE' });
    const missing: unknown = await client.gedcom.importArtifact(join(scratch, 'absent.ged'), 'inspect').catch((error: unknown) => error);
    expect(missing).toMatchObject({ code: 'ARTIFACT_INPUT_UNREADABLE', errno: 'ENOENT' });
  });

  it('merges as a dry run, applies the reviewed plan and exports the output (never over a file)', async () => {
    const left = (await client.gedcom.importArtifact(TUDOR, 'merge')).grant;
    const right = (await client.gedcom.importArtifact(QUEEN, 'merge')).grant;
    const plan = await client.gedcom.dryRun('merge', { left, right });
    expect(plan.result.merge).toMatchObject({ dry_run: true, plan_job: null });
    expect(plan.result.outputs).toEqual([]);
    const applied = await client.gedcom.apply(plan);
    const result = await applied.result();
    expect(result.merge).toMatchObject({ dry_run: false, plan_job: plan.jobId, plan_digest: plan.result.merge?.plan_digest });
    const out = join(scratch, 'merged.ged');
    await applied.export('output', out);
    expect(readFileSync(out, 'utf8')).toMatch(/^\uFEFF?0 HEAD/);
    const again: unknown = await applied.export('output', out).catch((error: unknown) => error);
    expect(again).toMatchObject({ code: 'ARTIFACT_OUTPUT_EXISTS', errno: 'EEXIST' });
  });

  it('syncs as a dry run and applies the plan; a job that fails throws GedcomJobFailed with its snapshot', async () => {
    const edited = join(scratch, 'edited.ged');
    writeFileSync(edited, Buffer.from(readFileSync(KENNEDY, 'latin1').replace('2 DATE 6 SEP 1888', '2 DATE 7 SEP 1888'), 'latin1'));
    const grants = async (target: string): Promise<{ base: string; edited: string; target: string }> => ({
      base: (await client.gedcom.importArtifact(KENNEDY, 'sync')).grant,
      edited: (await client.gedcom.importArtifact(edited, 'sync')).grant,
      target: (await client.gedcom.importArtifact(target, 'sync')).grant,
    });
    const plan = await client.gedcom.dryRun('sync', await grants(KENNEDY));
    expect(plan.result.sync?.counts).toMatchObject({ changes: 1, applied: 1 });
    const applied = await (await client.gedcom.apply(plan)).result();
    expect(applied.sync).toMatchObject({ plan_job: plan.jobId, counts: { changes: 1, applied: 1 } });

    const otherTarget = join(scratch, 'other-target.ged');
    writeFileSync(otherTarget, Buffer.from(readFileSync(KENNEDY, 'latin1').replace('2 DATE 6 SEP 1888', '2 DATE 9 SEP 1888'), 'latin1'));
    const stale = await client.gedcom.apply({ ...plan, grants: await grants(otherTarget) });
    const failed: unknown = await stale.result().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(GedcomJobFailed);
    expect(failed).toMatchObject({ snapshot: { state: 'failed', error: { code: 'GEDCOM_PLAN_STALE' } } });
  });

  it('cancels a run; its result then throws unless it had already ended', async () => {
    const source = (await client.gedcom.importArtifact(ROYAL92, 'inspect')).grant;
    const run = await client.gedcom.run('inspect', { source });
    const cancelled = await run.cancel();
    expect(cancelled.job.job_id).toBe(run.jobId);
    const outcome: unknown = await run.result().catch((error: unknown) => error);
    if (cancelled.disposition === 'pending_safe_point') {
      expect(outcome).toBeInstanceOf(GedcomJobFailed);
      expect(outcome).toMatchObject({ snapshot: { state: 'cancelled' } });
    } else expect(cancelled.job.state).toBe('succeeded');
  });
});

describe('jobs and shutdown', () => {
  it('lists the jobs, refuses an unknown one, and the shutdown preflight answers ready once nothing is active', async () => {
    const page = await client.jobs.list({ limit: 100 });
    expect(page.jobs.length).toBeGreaterThan(0);
    expect(page.jobs.every((job) => job.kind.startsWith('gedcom.'))).toBe(true);
    expect((await refusal(client.jobs.get(`job_${'0'.repeat(32)}`))).code).toBe('JOB_NOT_FOUND');
    const preflight = await client.jobs.shutdownPreflight(5_000);
    expect(preflight).toMatchObject({ schema_version: 1, status: 'ready' });
    expect(existsSync(root)).toBe(true);
  });
});
