import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArtifactImporter, type GedcomOperationScope } from '../../client/artifacts.js';
import type { GedcomJobAccepted, GedcomJobResult } from '../../src/contract/gedcom.js';
import type { JobEvent } from '../../src/contract/jobs.js';
import type { ProviderId } from '../../src/contract/providers.js';
import { ANTHROPIC_HOST, call as worldCall, createProfile, MODEL, OPENAI_HOST, TEST_API_KEY, type ChatWorld } from '../support/chat-world.js';
import { call, openStream, waitTerminal } from '../support/job-stream.js';
import { localState } from '../support/local-state.js';
import { TEST_PROVIDER_NETWORK_VARIABLE, type TestProviderNetwork } from '../support/provider-network-extension.js';
import { startFakeProvider, type FakeProvider, type RecordedCall } from '../support/provider-fakes/index.js';
import { SIDECAR_ENTRY, startSidecar, TEST_SIDECAR_ENTRY } from '../support/sidecar.js';
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
  readonly importer: ArtifactImporter;
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
  world = { chat, root, scratch, importer: new ArtifactImporter(SIDECAR_ENTRY, root), tree, events: [] };
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
  const user = body.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
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
    const { result, events } = await finished(await submit('quality', { source: await grant(world.tree, 'gedcom.quality'), execution: { mode: 'local', profile, model: MODEL } }));
    // the deterministic result is complete
    expect(result.quality?.scope.individuals).toBe(5);
    expect(result.quality?.probably_living).toBe(3);
    expect(result.quality?.rules.map((r) => r.rule)).toEqual(expect.arrayContaining(['missing_source_vital_event', 'unknown_gender']));
    // the advisory review: labelled, completed, counts only, its text an output artifact named by grant
    expect(result.advisory).toEqual({ label: 'advisory', status: 'completed', mode: 'local', error_code: null, items_reviewed: expect.any(Number), living_redacted: 3 });
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
