import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CHAT_LIMITS, PROVIDER_LIMITS } from '../../src/contract/limits.js';
import { LocalArtifactStore, type GedcomOperationScope } from '../../client/artifacts.js';
import type { GedcomJobAccepted, GedcomJobResult } from '../../src/contract/gedcom.js';
import type { JobEvent } from '../../src/contract/jobs.js';
import type { ProviderId } from '../../src/contract/providers.js';
import { ANTHROPIC_HOST, call as worldCall, createProfile, MODEL, OPENAI_HOST, TEST_API_KEY, type ChatWorld } from '../support/chat-world.js';
import { call, openStream, waitTerminal } from '../support/job-stream.js';
import { localState } from '../support/local-state.js';
import { TEST_PROVIDER_NETWORK_VARIABLE, type TestProviderNetwork } from '../support/provider-network-extension.js';
import { startFakeProvider, type FakeProvider, type FakeReply, type RecordedCall } from '../support/provider-fakes/index.js';
import { startSidecar, TEST_SIDECAR_ENTRY } from '../support/sidecar.js';
import { createTestPki } from '../support/test-pki.js';

/**
 * The provider-assisted advisory review of GEDCOM quality and merge, end to end: the test sidecar
 * (with the provider-network extension) and `--artifact-root`, loopback wire fakes, real profiles
 * and consents made through the routes, grants minted by the `artifacts import` CLI.
 */

const PROFILES = { ollama: 'local-ollama', openai_compatible: 'local-llama', openai: 'cloud-openai' } as const;
const REVIEW_TEXT = ['Check the ', 'unsourced births first; ', 'the dates look plausible.'];
const UPSTREAM = 'upstream detail that must not leak';

/** Long dead (death facts, born in the 1800s): their names and years may reach the model. */
const DEAD = { given: 'Ebenezer', surname: 'Quarrington', born: '1801', died: '1880' };
const DEAD_2 = { given: 'Hepzibah', surname: 'Quarrington', born: '1805', died: '1890' };
/** Probably living: born recently without a death fact, or (Quillon) estimated from the parents. */
const LIVING = ['Zephyrine', 'Livingtonova', 'Thaddeus', 'Youngblood', 'Quillon', '2001', '2010'];

const TREE = [
  '0 HEAD',
  '1 SOUR TEST',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  `1 NAME ${DEAD.given} /${DEAD.surname}/`,
  '1 SEX M',
  '1 BIRT',
  `2 DATE 12 MAR ${DEAD.born}`,
  '2 PLAC Ashby, Northshire',
  '1 DEAT',
  `2 DATE 3 JUN ${DEAD.died}`,
  '0 @I2@ INDI',
  '1 NAME Zephyrine /Livingtonova/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE 4 APR 2001',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Thaddeus /Youngblood/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 9 SEP 2010',
  '1 FAMS @F1@',
  '0 @I4@ INDI',
  '1 NAME Quillon /Youngblood/',
  '1 SEX U',
  '1 FAMC @F1@',
  '0 @I5@ INDI',
  `1 NAME ${DEAD_2.given} /${DEAD_2.surname}/`,
  '1 SEX U',
  '1 BIRT',
  `2 DATE ${DEAD_2.born}`,
  '1 DEAT',
  `2 DATE ${DEAD_2.died}`,
  '0 @F1@ FAM',
  '1 HUSB @I3@',
  '1 WIFE @I2@',
  '1 CHIL @I4@',
  '0 TRLR',
  '',
].join('\n');

interface World {
  readonly chat: ChatWorld;
  readonly root: string;
  readonly scratch: string;
  readonly importer: LocalArtifactStore;
  readonly tree: string;
  /** Every job event seen, for the no-leak checks. */
  readonly events: JobEvent[];
}

let world: World;
const fakes = (): ChatWorld['fakes'] => world.chat.fakes;

beforeAll(async () => {
  const pki = createTestPki([OPENAI_HOST, ANTHROPIC_HOST]);
  const providerFakes: Record<ProviderId, FakeProvider> = {
    ollama: await startFakeProvider('ollama'),
    openai_compatible: await startFakeProvider('openai'),
    openai: await startFakeProvider('openai', pki.leaf),
    anthropic: await startFakeProvider('anthropic', pki.leaf),
  };
  const network: TestProviderNetwork = {
    hosts: { [OPENAI_HOST]: [['34.117.40.1']], [ANTHROPIC_HOST]: [['34.117.40.2']] },
    ca: [pki.caCert],
    dial: { '34.117.40.1:443': providerFakes.openai.port, '34.117.40.2:443': providerFakes.anthropic.port },
    cloudUrls: { openai: `https://${OPENAI_HOST}/v1`, anthropic: `https://${ANTHROPIC_HOST}` },
  };
  const fixture = localState('unlocked');
  const root = mkdtempSync(join(tmpdir(), 'advisory-artifacts-'));
  const scratch = mkdtempSync(join(tmpdir(), 'advisory-in-'));
  const tree = join(scratch, 'living-and-dead.ged');
  writeFileSync(tree, TREE, 'utf8');
  const launch = () =>
    startSidecar({
      entry: TEST_SIDECAR_ENTRY,
      args: ['--workspace', fixture.workspace, '--artifact-root', root],
      env: { ...fixture.secrets.env, [TEST_PROVIDER_NETWORK_VARIABLE]: JSON.stringify(network) },
    });
  const chat: ChatWorld = {
    fixture,
    sidecar: await launch(),
    fakes: providerFakes,
    network,
    rekeyedLeaf: pki.leaf,
    originalLeaf: pki.leaf,
    transcripts: [],
    seenEvents: [],
    proxyConnections: () => 0,
    launch,
    async close() {
      await chat.sidecar.stop();
      fixture.stop();
      await Promise.all(Object.values(providerFakes).map((fake) => fake.close()));
    },
  };
  world = { chat, root, scratch, importer: new LocalArtifactStore(root), tree, events: [] };
  expect((await worldCall(chat, 'POST', '/api/v1/secrets/openai.api_key/set', { body: { value: TEST_API_KEY } })).status).toBe(200);
  for (const [providerId, profile] of Object.entries(PROFILES) as [ProviderId, string][]) await createProfile(chat, profile, providerId);
  for (const fake of Object.values(providerFakes)) {
    fake.reset();
    fake.setFallback({ kind: 'text', answer: { pieces: REVIEW_TEXT } });
  }
});

afterAll(async () => {
  await world?.chat.close();
});

async function grant(file: string, op: GedcomOperationScope): Promise<string> {
  return (await world.importer.importFile(file, op)).grant;
}

async function submit(op: string, body: unknown): Promise<GedcomJobAccepted> {
  const answer = await call<GedcomJobAccepted>(world.chat.sidecar, 'POST', `/api/v1/gedcom/${op}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body;
}

/** Runs a job to its end and answers its result and its events, checking both are path- and content-free. */
async function finished(job: GedcomJobAccepted): Promise<{ result: GedcomJobResult; events: JobEvent[] }> {
  const sidecar = world.chat.sidecar;
  const terminal = await waitTerminal(sidecar, job.job_id);
  expect(terminal.state, JSON.stringify(terminal.error)).toBe('succeeded');
  const stream = await openStream(sidecar, job.job_id);
  await stream.finished;
  world.events.push(...stream.events);
  const answer = await call<GedcomJobResult>(sidecar, 'GET', `/api/v1/gedcom/jobs/${job.job_id}/result`);
  expect(answer.status).toBe(200);
  for (const text of [JSON.stringify(answer.body), JSON.stringify(stream.events)]) {
    expect(text).not.toContain(world.root);
    expect(text).not.toContain(world.scratch);
    expect(text).not.toContain('/tmp/');
    for (const word of [DEAD.given, DEAD.surname, DEAD_2.given, ...LIVING.slice(0, 5), ...REVIEW_TEXT, UPSTREAM]) expect(text).not.toContain(word);
  }
  expect(stream.events.filter((e) => e.kind === 'artifact').map((e) => e.artifact?.grant)).toEqual(answer.body.outputs.map((o) => o.grant));
  return { result: answer.body, events: stream.events };
}

/** The prompt text a recorded generation call carried (system and user messages of either wire). */
function promptOf(recorded: RecordedCall): { system: string; user: string; whole: string } {
  const body = recorded.body as { messages: { role: string; content: string }[]; system?: string };
  const system = [body.system ?? '', ...body.messages.filter((m) => m.role === 'system').map((m) => m.content)].join('\n');
  const user = body.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
  return { system, user, whole: JSON.stringify(recorded.body) };
}

function expectRedacted(recorded: RecordedCall): string {
  const prompt = promptOf(recorded);
  expect(prompt.system).toContain('advisory');
  // content of the long-dead people reaches the model ...
  expect(prompt.user).toContain(`${DEAD.given} ${DEAD.surname} (${DEAD.born}-${DEAD.died})`);
  // ... the probably-living ones only as [living] ...
  expect(prompt.user).toContain('[living]');
  for (const word of LIVING) expect(prompt.whole).not.toContain(word);
  // ... and no path, no xref of the file and nothing outside the allowed classes (places).
  for (const path of [world.root, world.scratch, '/tmp/', '/work/', '.ged']) expect(prompt.whole).not.toContain(path);
  expect(prompt.whole).not.toContain('Ashby');
  return prompt.user;
}

describe('local advisory review', () => {
  it.each([
    ['ollama', PROFILES.ollama],
    ['openai_compatible', PROFILES.openai_compatible],
  ] as const)('quality through %s: advisory labelled, output named by grant only, prompt redacted', async (providerId, profile) => {
    for (const other of Object.values(fakes())) other.reset();
    const fake = fakes()[providerId];
    const { result, events } = await finished(
      await submit('quality', { source: await grant(world.tree, 'gedcom.quality'), execution: { mode: 'local', profile, model: MODEL } }),
    );
    // the deterministic result is complete
    expect(result.quality?.scope.individuals).toBe(5);
    expect(result.quality?.probably_living).toBe(3);
    expect(result.quality?.rules.map((r) => r.rule)).toEqual(expect.arrayContaining(['missing_source_vital_event', 'unknown_gender']));
    // the advisory review: labelled, completed, counts only, its text an output artifact named by grant
    expect(result.advisory).toEqual({
      label: 'advisory',
      status: 'completed',
      mode: 'local',
      error_code: null,
      finish_reason: 'stop',
      items_reviewed: expect.any(Number),
      living_redacted: 3,
      restricted_redacted: 0,
    });
    expect(result.advisory.items_reviewed).toBeGreaterThan(0);
    expect(result.outputs).toEqual([{ grant: expect.stringMatching(/^agr_[0-9a-f]{32}$/), role: 'advisory' }]);
    expect(events.filter((e) => e.kind === 'artifact')).toHaveLength(1);
    // exactly one generation call, with the redacted prompt
    expect(fake.calls()).toBe(1);
    expect(fake.recorded).toHaveLength(1);
    expect(fake.recorded[0]?.body).toMatchObject({ model: MODEL });
    expectRedacted(fake.recorded[0] as RecordedCall);
    // no other provider was called
    for (const [id, other] of Object.entries(fakes())) if (id !== providerId) expect(other.calls()).toBe(0);
    // the review text is an output artifact, exported by grant
    const out = join(world.scratch, `${providerId}-advisory.txt`);
    await world.importer.exportOutput(result.outputs[0]!.grant, out);
    const text = readFileSync(out, 'utf8');
    expect(text.startsWith('ADVISORY REVIEW (generated by a model; advisory, not evidence)')).toBe(true);
    expect(text).toContain(REVIEW_TEXT.join(''));
  });

  it('offline quality of the same tree calls no provider and is the same deterministic result', async () => {
    for (const fake of Object.values(fakes())) fake.reset();
    const g = await grant(world.tree, 'gedcom.quality');
    const offline = await finished(await submit('quality', { source: g, execution: { mode: 'offline' } }));
    const local = await finished(await submit('quality', { source: g, execution: { mode: 'local', profile: PROFILES.ollama, model: MODEL } }));
    expect(offline.result.advisory).toMatchObject({ status: 'not_requested', mode: 'offline' });
    expect(offline.result.outputs).toEqual([]);
    expect(local.result.quality).toEqual(offline.result.quality);
    expect(fakes().ollama.calls()).toBe(1);
  });
});

describe('local advisory review of merge candidates', () => {
  it('merge through ollama: review pairs described with the living redacted, one call', async () => {
    for (const fake of Object.values(fakes())) fake.reset();
    const right = join(world.scratch, 'variant.ged');
    writeFileSync(
      right,
      [
        '0 HEAD',
        '1 GEDC',
        '2 VERS 5.5.1',
        '2 FORM LINEAGE-LINKED',
        '1 CHAR UTF-8',
        '0 @X1@ INDI',
        '1 NAME Ebenezar /Quarington/',
        '1 SEX M',
        '1 BIRT',
        '2 DATE 1801',
        '0 @X2@ INDI',
        '1 NAME Zephyrina /Livingtonova/',
        '1 SEX F',
        '1 BIRT',
        '2 DATE 2001',
        '0 TRLR',
        '',
      ].join('\n'),
      'utf8',
    );
    const { result } = await finished(
      await submit('merge', {
        left: await grant(world.tree, 'gedcom.merge'),
        right: await grant(right, 'gedcom.merge'),
        dry_run: true,
        execution: { mode: 'local', profile: PROFILES.ollama, model: MODEL },
      }),
    );
    expect(result.merge?.pairs.review).toBeGreaterThanOrEqual(2);
    expect(result.merge?.review.map((p) => [p.left, p.right])).toEqual(
      expect.arrayContaining([
        ['@I1@', '@X1@'],
        ['@I2@', '@X2@'],
      ]),
    );
    expect(result.advisory).toMatchObject({
      label: 'advisory',
      status: 'completed',
      mode: 'local',
      error_code: null,
      items_reviewed: result.merge?.pairs.review,
    });
    expect(result.advisory.living_redacted).toBeGreaterThanOrEqual(2);
    // a dry run writes no merged output; the review is the only output
    expect(result.outputs).toEqual([{ grant: expect.stringMatching(/^agr_/), role: 'advisory' }]);
    expect(fakes().ollama.calls()).toBe(1);
    const user = expectRedacted(fakes().ollama.recorded[0] as RecordedCall);
    expect(user).toContain(`| Ebenezar Quarington (1801-?)`);
    expect(user).toContain('[living] | [living]');
    expect(promptOf(fakes().ollama.recorded[0] as RecordedCall).whole).not.toContain('Zephyrina');
  });
});

describe('the provider failing', () => {
  it.each([
    // an overload status is retried safely (no output yet): the first try and CHAT_LIMITS.safeRetries more
    ['an overload status on every try', { kind: 'status', status: 503 }, 1 + CHAT_LIMITS.safeRetries, 'PROVIDER_UNAVAILABLE'],
    ['an error status with an upstream body', { kind: 'status', status: 400 }, 1, 'PROVIDER_FAILED'],
    ['a disconnect after some text', { kind: 'disconnect', pieces: [`${UPSTREAM}: partial `] }, 1, null],
    ['a mid-stream error frame', { kind: 'mid-stream-error', pieces: ['partial '] }, 1, null],
  ] as const)('%s: the deterministic result is complete and the advisory failed with a sanitized code', async (_name, reply, expectedCalls, code) => {
    for (const fake of Object.values(fakes())) fake.reset();
    fakes().ollama.setFallback(reply as FakeReply);
    onTestFinished(() => fakes().ollama.setFallback({ kind: 'text', answer: { pieces: REVIEW_TEXT } }));
    const g = await grant(world.tree, 'gedcom.quality');
    const offline = await finished(await submit('quality', { source: g, execution: { mode: 'offline' } }));
    const { result } = await finished(await submit('quality', { source: g, execution: { mode: 'local', profile: PROFILES.ollama, model: MODEL } }));
    expect(result.quality).toEqual(offline.result.quality);
    expect(result.advisory).toEqual({
      label: 'advisory',
      status: 'failed',
      mode: 'local',
      error_code: expect.stringMatching(/^PROVIDER_[A-Z_]+$/),
      finish_reason: null,
      items_reviewed: 0,
      living_redacted: 3,
      restricted_redacted: 0,
    });
    if (code !== null) expect(result.advisory.error_code).toBe(code);
    expect(result.outputs).toEqual([]);
    expect(fakes().ollama.calls()).toBe(expectedCalls);
  });
});

describe('advisory outcomes (issue 17)', () => {
  it.each([
    [
      "llama.cpp's `error:` field then [DONE]",
      'openai_compatible',
      { kind: 'llamacpp-error', pieces: ['Zuerst '] },
      { status: 'failed', error_code: 'PROVIDER_CONTEXT_EXCEEDED', finish_reason: null },
      0,
    ],
    [
      'a refusal (delta.refusal)',
      'openai_compatible',
      { kind: 'text', answer: { pieces: ['I cannot help.'], finish: 'refusal' } },
      { status: 'refused', error_code: 'PROVIDER_REFUSED', finish_reason: null },
      0,
    ],
    [
      'an answer cut by the token bound',
      'ollama',
      { kind: 'text', answer: { pieces: ['Check the ', 'dates of'], finish: 'length' } },
      { status: 'truncated', error_code: null, finish_reason: 'length' },
      1,
    ],
  ] as const)('%s: the review reports it (%s)', async (_name, providerId, reply, review, outputs) => {
    for (const fake of Object.values(fakes())) fake.reset();
    fakes()[providerId].setFallback(reply as FakeReply);
    onTestFinished(() => fakes()[providerId].setFallback({ kind: 'text', answer: { pieces: REVIEW_TEXT } }));
    const g = await grant(world.tree, 'gedcom.quality');
    const { result } = await finished(await submit('quality', { source: g, execution: { mode: 'local', profile: PROFILES[providerId], model: MODEL } }));
    expect(result.advisory).toMatchObject({ label: 'advisory', mode: 'local', ...review });
    expect(result.outputs).toHaveLength(outputs);
    expect(JSON.stringify(result)).not.toMatch(/exceeds the available|I cannot help/);
  });
});

async function createGedcomConsent(
  name: string,
  profile: string,
  dataClasses: readonly string[],
  purposes: readonly string[] = ['quality_review', 'merge_review'],
  modules: readonly string[] = ['gedcom'],
): Promise<void> {
  const chat = world.chat;
  const preview = await worldCall(chat, 'POST', '/api/v1/consents/preview', {
    body: { name, profile, model: MODEL, modules, purposes, data_classes: dataClasses, retention: 'transient', budget: null },
  });
  expect(preview.status, preview.text).toBe(200);
  const configuration = await worldCall(chat, 'GET', '/api/v1/provider-configuration');
  const granted = await worldCall(chat, 'POST', '/api/v1/consents', {
    body: { expected_revision: configuration.body.consent_revision, digest: preview.body.digest, scope: preview.body.scope },
  });
  expect(granted.status, granted.text).toBe(200);
}

describe('cloud advisory review', () => {
  it('is refused before any call without a consent, with a consent of another scope, or with a mismatched mode', async () => {
    for (const fake of Object.values(fakes())) fake.reset();
    await createGedcomConsent('chat-only', PROFILES.openai, ['user_text'], ['research_chat'], ['chat']);
    await createGedcomConsent('names-only', PROFILES.openai, ['person_names']);
    await createGedcomConsent('gedcom-review', PROFILES.openai, ['person_names', 'life_events']);
    const g = await grant(world.tree, 'gedcom.quality');
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ mode: 'cloud', profile: PROFILES.openai, model: MODEL }, 409, 'CONSENT_REQUIRED'],
      [{ mode: 'cloud', profile: PROFILES.openai, model: MODEL, consent: 'chat-only' }, 409, 'CONSENT_SCOPE_MISMATCH'],
      [{ mode: 'cloud', profile: PROFILES.openai, model: MODEL, consent: 'names-only' }, 409, 'CONSENT_SCOPE_MISMATCH'],
      [{ mode: 'cloud', profile: PROFILES.openai, model: MODEL, consent: 'no-such-consent' }, 409, 'CONSENT_REQUIRED'],
      // a cloud profile never runs as `local`: the preflight wants its consent, which `local` cannot carry
      [{ mode: 'local', profile: PROFILES.openai, model: MODEL }, 409, 'CONSENT_REQUIRED'],
      [{ mode: 'local', profile: PROFILES.openai, model: MODEL, consent: 'gedcom-review' }, 400, 'PROVIDER_NOT_ALLOWED'],
      // a consent bound to another profile does not cover this one
      [{ mode: 'cloud', profile: PROFILES.ollama, model: MODEL, consent: 'gedcom-review' }, 409, 'CONSENT_SCOPE_MISMATCH'],
      [{ mode: 'local', profile: PROFILES.ollama, model: 'other-model' }, 400, 'PROVIDER_NOT_ALLOWED'],
    ];
    const seen: unknown[] = [];
    for (const [execution] of refusals) {
      const answer = await call<{ code: string }>(world.chat.sidecar, 'POST', '/api/v1/gedcom/quality', { source: g, execution });
      seen.push([execution.consent ?? execution.mode, answer.status, answer.body.code]);
    }
    expect(seen).toEqual(refusals.map(([execution, status, code]) => [execution.consent ?? execution.mode, status, code]));
    for (const fake of Object.values(fakes())) expect(fake.calls()).toBe(0);
  });

  it('runs with a consent for the gedcom review purposes and data classes', async () => {
    for (const fake of Object.values(fakes())) fake.reset();
    const { result } = await finished(
      await submit('quality', {
        source: await grant(world.tree, 'gedcom.quality'),
        execution: { mode: 'cloud', profile: PROFILES.openai, model: MODEL, consent: 'gedcom-review' },
      }),
    );
    expect(result.advisory).toMatchObject({ label: 'advisory', status: 'completed', mode: 'cloud', error_code: null, living_redacted: 3 });
    expect(result.outputs.map((o) => o.role)).toEqual(['advisory']);
    expect(fakes().openai.calls()).toBe(1);
    expect(fakes().openai.recorded[0]?.servername).toBe(OPENAI_HOST);
    expect(fakes().openai.recorded[0]?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    expectRedacted(fakes().openai.recorded[0] as RecordedCall);
    for (const id of ['ollama', 'openai_compatible', 'anthropic'] as const) expect(fakes()[id].calls()).toBe(0);
  });
});

/** A job's result once it has ended, without the no-leak checks of `finished` (a payload preview holds what would be sent). */
async function resultOf(job: GedcomJobAccepted): Promise<GedcomJobResult> {
  const terminal = await waitTerminal(world.chat.sidecar, job.job_id);
  expect(terminal.state, JSON.stringify(terminal.error)).toBe('succeeded');
  const answer = await call<GedcomJobResult>(world.chat.sidecar, 'GET', `/api/v1/gedcom/jobs/${job.job_id}/result`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function setTemperature(value: number): Promise<void> {
  const current = await worldCall(world.chat, 'GET', '/api/v1/settings');
  const patched = await worldCall(world.chat, 'PATCH', '/api/v1/settings', {
    body: { schema_version: 1, expected_revision: current.body.revision, changes: { 'chat.temperature': value } },
  });
  expect(patched.status, patched.text).toBe(200);
}

describe('advisory payload preview (issue 18)', () => {
  it('returns the exact request without sending it; a run naming its digest sends exactly those bytes; a changed setting or input is refused as stale', async () => {
    await createGedcomConsent('preview-review', PROFILES.openai, ['person_names', 'life_events']);
    const fake = fakes().openai;
    fake.reset();
    const execution = { mode: 'cloud', profile: PROFILES.openai, model: MODEL, consent: 'preview-review' };
    const previewed = await resultOf(
      await submit('quality', { source: await grant(world.tree, 'gedcom.quality'), execution: { ...execution, advisory_preview: true } }),
    );
    expect(fake.calls()).toBe(0);
    expect(previewed.outputs.map((output) => output.role)).not.toContain('advisory');
    expect(previewed.advisory).toMatchObject({ status: 'previewed', error_code: null, living_redacted: 3 });
    const payload = previewed.advisory.payload;
    if (payload === undefined) throw new Error('no payload preview');
    expect(payload).toMatchObject({
      provider_id: 'openai',
      model: MODEL,
      content_type: 'application/json',
      body_truncated: false,
      characters: [...payload.body].length,
    });
    expect(payload.digest).toBe(createHash('sha256').update(payload.body, 'utf8').digest('hex'));
    expect(payload.body).toContain(`${DEAD.given} ${DEAD.surname} (${DEAD.born}-${DEAD.died})`);
    for (const word of [...LIVING, TEST_API_KEY, world.root, world.scratch]) expect(payload.body).not.toContain(word);
    const grantOf = async (): Promise<Record<string, unknown> | undefined> =>
      ((await worldCall(world.chat, 'GET', '/api/v1/provider-configuration')).body.consents as Record<string, unknown>[]).find(
        (grant) => grant.name === 'preview-review',
      );
    expect(await grantOf()).toMatchObject({ used_runs: 0 });

    const sent = await resultOf(
      await submit('quality', { source: await grant(world.tree, 'gedcom.quality'), execution: { ...execution, advisory_payload_digest: payload.digest } }),
    );
    expect(sent.advisory).toMatchObject({ status: 'completed', error_code: null });
    expect(fake.calls()).toBe(1);
    expect(fake.recorded[0]?.raw).toBe(payload.body);
    expect(await grantOf()).toMatchObject({ used_runs: 1 });

    // a setting the request carries (the temperature) changed after the preview
    const before = (await worldCall(world.chat, 'GET', '/api/v1/settings')).body.fields as { key: string; value: number }[];
    const temperature = before.find((field) => field.key === 'chat.temperature')?.value ?? 0.2;
    await setTemperature(temperature === 0.9 ? 0.8 : 0.9);
    const staleSetting = await resultOf(
      await submit('quality', { source: await grant(world.tree, 'gedcom.quality'), execution: { ...execution, advisory_payload_digest: payload.digest } }),
    );
    await setTemperature(temperature);
    expect(staleSetting.advisory).toMatchObject({ status: 'failed', error_code: 'ADVISORY_PAYLOAD_STALE' });
    // the input changed after the preview (one year of a long-dead person)
    const changed = join(world.scratch, 'changed.ged');
    writeFileSync(changed, TREE.replace(`2 DATE 3 JUN ${DEAD.died}`, '2 DATE 3 JUN 1881'), 'utf8');
    const staleInput = await resultOf(
      await submit('quality', { source: await grant(changed, 'gedcom.quality'), execution: { ...execution, advisory_payload_digest: payload.digest } }),
    );
    expect(staleInput.advisory).toMatchObject({ status: 'failed', error_code: 'ADVISORY_PAYLOAD_STALE' });
    expect(fake.calls()).toBe(1);
    expect(await grantOf()).toMatchObject({ used_runs: 1 });
  });
});

describe('a consent revoked while its review runs', () => {
  it('stops the review: upstream closed within the bound, review failed CONSENT_REVOKED, no advisory artifact kept', async () => {
    await createGedcomConsent('review-revoked', PROFILES.openai, ['person_names', 'life_events']);
    const fake = fakes().openai;
    fake.reset();
    fake.script({ kind: 'endless', piece: 'Consider ', intervalMs: 5 });
    const firstText = fake.nextFirstText();
    const job = await submit('quality', {
      source: await grant(world.tree, 'gedcom.quality'),
      execution: { mode: 'cloud', profile: PROFILES.openai, model: MODEL, consent: 'review-revoked' },
    });
    await firstText;
    const abandoned = fake.nextAbandonment();
    const revokedAt = performance.now();
    expect((await worldCall(world.chat, 'POST', '/api/v1/consents/review-revoked/revoke')).status).toBe(200);
    expect((await abandoned) - revokedAt).toBeLessThan(PROVIDER_LIMITS.withdrawalStopMs);
    const { result } = await finished(job);
    expect(result.advisory).toMatchObject({ label: 'advisory', status: 'failed', error_code: 'CONSENT_REVOKED', items_reviewed: 0 });
    expect(result.outputs.map((output) => output.role)).not.toContain('advisory');
    expect(fake.calls()).toBe(1);
  });
});

describe('nothing leaks', () => {
  it('no job event, answer or log line carries upstream text, tree content, the review text or the API key', () => {
    const events = JSON.stringify(world.events);
    const log = world.chat.sidecar.stderrText();
    for (const text of [events, log, ...world.chat.transcripts]) {
      for (const word of [UPSTREAM, DEAD.given, DEAD.surname, ...LIVING.slice(0, 5), ...REVIEW_TEXT, TEST_API_KEY, world.scratch])
        expect(text).not.toContain(word);
    }
    expect(log).toContain('gedcom.advisory_failed');
  });
});
