import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import { LocalArtifactStore, type GedcomOperationScope } from '../../client/artifacts.js';
import type { GedcomJobAccepted, GedcomJobResult } from '../../src/contract/gedcom.js';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { danglingPointers } from '../../src/gedcom/ops/merge.js';
import { call, openStream, waitTerminal } from '../support/job-stream.js';
import { corpusRoot } from '../support/corpus.js';
import { localState, type LocalStateFixture } from '../support/local-state.js';

const corpus = (rel: string): string => join(corpusRoot(), 'gedcom', rel);
const KENNEDY = corpus('d-jeffrey-gedcom-samples/sample-kennedy/kennedy.ged');
const QUEEN = corpus('d-jeffrey-gedcom-samples/queen/Queen.ged');
const TUDOR = corpus('d-jeffrey-gedcom-samples/tudor/EnglishTudorRoyalFamily.ged');
const ROYAL92 = corpus('arbre-app-public-gedcoms/files/royal92.ged');
const INPUTS = [KENNEDY, QUEEN, TUDOR, ROYAL92];
const firstIndividual = (file: string): string => /^0 (@[^@]+@) INDI/m.exec(readFileSync(file, 'latin1'))?.[1] ?? '@I1@';
const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

let fixture: LocalStateFixture;
let sidecar: LaunchedSidecar;
let plain: LaunchedSidecar | null = null;
let root: string;
let scratch: string;
let importer: LocalArtifactStore;
const before = new Map<string, string>();
const offline = { mode: 'offline' };

beforeAll(async () => {
  for (const f of INPUTS) before.set(f, sha(f));
  fixture = localState('unlocked');
  root = mkdtempSync(join(tmpdir(), 'artifacts-'));
  scratch = mkdtempSync(join(tmpdir(), 'gedcom-out-'));
  importer = new LocalArtifactStore(root);
  sidecar = await fixture.launch(['--artifact-root', root]);
});

afterAll(async () => {
  await sidecar.stop();
  await plain?.stop();
  fixture.stop();
  // inputs are byte-identical after every job
  for (const f of INPUTS) expect(sha(f)).toBe(before.get(f));
});

async function grant(file: string, op: GedcomOperationScope): Promise<string> {
  return (await importer.importFile(file, op)).grant;
}

async function submit(op: string, body: unknown): Promise<GedcomJobAccepted> {
  const answer = await call<GedcomJobAccepted>(sidecar, 'POST', `/api/v1/gedcom/${op}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body;
}

async function finished(job: GedcomJobAccepted): Promise<GedcomJobResult> {
  const terminal = await waitTerminal(sidecar, job.job_id);
  expect(terminal.state, JSON.stringify(terminal.error)).toBe('succeeded');
  const stream = await openStream(sidecar, job.job_id);
  await stream.finished;
  const kinds = stream.events.map((e) => e.kind);
  expect(kinds[0]).toBe('queued');
  expect(kinds.at(-1)).toBe('succeeded');
  expect(kinds).toContain('progress');
  const answer = await call<GedcomJobResult>(sidecar, 'GET', `/api/v1/gedcom/jobs/${job.job_id}/result`);
  expect(answer.status).toBe(200);
  const text = JSON.stringify(answer.body);
  // path-free and content-free
  expect(text).not.toContain(root);
  expect(text).not.toContain('/work/');
  expect(text).not.toMatch(/Kennedy|Fitzgerald|Victoria|Tudor|Boston/);
  // artifact events name exactly the outputs
  expect(stream.events.filter((e) => e.kind === 'artifact').map((e) => e.artifact?.grant)).toEqual(answer.body.outputs.map((o) => o.grant));
  return answer.body;
}

async function exported(grantId: string): Promise<Buffer> {
  const file = join(scratch, `${grantId}.ged`);
  await importer.exportOutput(grantId, file);
  expect(statSync(file).size).toBeGreaterThan(0);
  return readFileSync(file);
}

describe('GEDCOM routes through grants, jobs, events and results', () => {
  it('inspect a real file', async () => {
    const r = await finished(await submit('inspect', { source: await grant(QUEEN, 'gedcom.inspect'), execution: offline }));
    expect(r.operation).toBe('inspect');
    expect(r.inspect?.version.family).toBe('5.5.1');
    expect(r.inspect?.records.by_type.find((t) => t.tag === 'INDI')?.count).toBe(4683);
    expect(r.advisory).toMatchObject({ label: 'advisory', status: 'not_requested' });
  });

  it('inspect reports an unsupported version; operations refuse it before a job', async () => {
    const r = await finished(await submit('inspect', { source: await grant(ROYAL92, 'gedcom.inspect'), execution: offline }));
    expect(r.inspect?.version.supported).toBe(false);
    const refused = await call<{ code: string }>(sidecar, 'POST', '/api/v1/gedcom/quality', {
      source: await grant(ROYAL92, 'gedcom.quality'),
      execution: offline,
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'GEDCOM_VERSION_UNSUPPORTED' } });
  });

  it('quality of a real file, whole and rooted', async () => {
    const g = await grant(QUEEN, 'gedcom.quality');
    const whole = await finished(await submit('quality', { source: g, execution: offline }));
    expect(whole.quality?.scope.individuals).toBe(4683);
    expect(whole.quality?.rules.length).toBeGreaterThan(3);
    expect(whole.quality?.living_threshold_years).toBe(110);
    for (const rule of whole.quality?.rules ?? []) for (const x of rule.affected) expect(x).toMatch(/^@[^@]+@$/);
    const rooted = await finished(await submit('quality', { source: g, root: firstIndividual(QUEEN), generations: 2, execution: offline }));
    expect(rooted.quality?.scope.rooted).toBe(true);
    expect(rooted.quality?.scope.individuals).toBeLessThan(4683);
  });

  it('subtree writes a new artifact with no dangling pointer, in the export version', async () => {
    const r = await finished(
      await submit('subtree', {
        source: await grant(KENNEDY, 'gedcom.subtree'),
        root: '@I66@',
        direction: 'both',
        generations: 2,
        include_spouses: true,
        execution: offline,
      }),
    );
    expect(r.subtree?.output_version).toBe('7.0');
    const out = parseGedcomBytes(await exported(r.outputs[0]!.grant));
    expect(out.version.family).toBe('7.0');
    expect(danglingPointers(out)).toBe(0);
    expect(out.records.filter((x) => x.tag === 'INDI').length).toBe(r.subtree?.individuals);
  });

  it('merge of a file with itself adds no person; a dry run writes nothing', async () => {
    const left = await grant(TUDOR, 'gedcom.merge');
    const right = await grant(TUDOR, 'gedcom.merge');
    const r = await finished(await submit('merge', { left, right, execution: offline }));
    expect(r.merge?.individuals.output).toBe(r.merge?.individuals.left);
    const out = parseGedcomBytes(await exported(r.outputs[0]!.grant));
    expect(out.records.filter((x) => x.tag === 'INDI')).toHaveLength(347);
    expect(danglingPointers(out)).toBe(0);
    const dry = await finished(await submit('merge', { left, right: await grant(KENNEDY, 'gedcom.merge'), dry_run: true, execution: offline }));
    expect(dry.outputs).toEqual([]);
    expect(dry.merge?.dry_run).toBe(true);
    expect(dry.merge?.output_encoding).toBeNull();
    expect(r.merge?.output_encoding).toMatchObject({ replaced: null, unrepresentable: 0 });
  });

  it('a merge whose right side holds characters the left encoding cannot keeps them: the output is UTF-8 and says so', async () => {
    const ansel = join(scratch, 'left-ansel.ged');
    // ANSEL: 0xE2 acute and 0xE8 umlaut precede their letter.
    writeFileSync(
      ansel,
      Buffer.concat([
        Buffer.from('0 HEAD\r\n1 GEDC\r\n2 VERS 5.5.1\r\n2 FORM LINEAGE-LINKED\r\n1 CHAR ANSEL\r\n0 @I1@ INDI\r\n1 NAME Jos'),
        Buffer.from([0xe2]),
        Buffer.from('e /M'),
        Buffer.from([0xe8]),
        Buffer.from('uller/\r\n0 TRLR\r\n'),
      ]),
    );
    const utf8 = join(scratch, 'right-utf8.ged');
    writeFileSync(utf8, '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME 王 /小明/\n1 NOTE “curly” Łódź\n0 TRLR\n');
    const r = await finished(await submit('merge', { left: await grant(ansel, 'gedcom.merge'), right: await grant(utf8, 'gedcom.merge'), execution: offline }));
    expect(r.merge?.output_encoding).toMatchObject({ encoding: 'UTF-8', replaced: 'ANSEL' });
    expect(r.merge?.output_encoding?.unrepresentable).toBeGreaterThan(0);
    const text = (await exported(r.outputs[0]!.grant)).toString('utf8');
    expect(text).toContain('1 CHAR UTF-8');
    for (const kept of ['José', 'Müller', '王 /小明/', '“curly” Łódź']) expect(text.normalize('NFC')).toContain(kept);
    expect(text).not.toMatch(/\?/);
  });

  it('sync applies a typed change set to a target', async () => {
    const text = readFileSync(KENNEDY, 'latin1');
    const edited = join(scratch, 'edited.ged');
    writeFileSync(edited, Buffer.from(text.replace('2 DATE 6 SEP 1888', '2 DATE 7 SEP 1888'), 'latin1'));
    const r = await finished(
      await submit('sync', {
        base: await grant(KENNEDY, 'gedcom.sync'),
        edited: await grant(edited, 'gedcom.sync'),
        target: await grant(KENNEDY, 'gedcom.sync'),
        execution: offline,
      }),
    );
    expect(r.sync?.counts).toMatchObject({ changes: 1, applied: 1, conflicts: 0 });
    expect(r.sync?.changes[0]?.fields).toEqual([{ path: 'BIRT[0].DATE[0]', kind: 'modified' }]);
    expect((await exported(r.outputs[0]!.grant)).toString('latin1')).toContain('7 SEP 1888');
  });

  it('a writing merge or sync that names its dry run applies exactly that plan, or fails GEDCOM_PLAN_STALE and writes nothing (issue 18)', async () => {
    const pair = async (): Promise<{ left: string; right: string }> => ({
      left: await grant(TUDOR, 'gedcom.merge'),
      right: await grant(QUEEN, 'gedcom.merge'),
    });
    const dry = await finished(await submit('merge', { ...(await pair()), dry_run: true, execution: offline }));
    expect(dry.merge?.plan_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(dry.merge?.plan_job).toBeNull();
    const applied = await finished(await submit('merge', { ...(await pair()), plan_job: dry.job_id, execution: offline }));
    expect(applied.merge).toMatchObject({ dry_run: false, plan_digest: dry.merge?.plan_digest, plan_job: dry.job_id, pairs: dry.merge?.pairs });
    expect(applied.outputs).toHaveLength(1);

    // another input than the one reviewed: refused, no output left behind
    const changed = join(scratch, 'queen-changed.ged');
    writeFileSync(changed, Buffer.from(readFileSync(QUEEN, 'latin1').replace(/^1 NAME /m, '1 NAME Zz'), 'latin1'));
    const staleInputs = { left: await grant(TUDOR, 'gedcom.merge'), right: await grant(changed, 'gedcom.merge') };
    const objectsBefore = readdirSync(join(root, 'objects')).sort();
    const stale = await submit('merge', { ...staleInputs, plan_job: dry.job_id, execution: offline });
    const terminal = await waitTerminal(sidecar, stale.job_id);
    expect(terminal).toMatchObject({ state: 'failed', error: { code: 'GEDCOM_PLAN_STALE' } });
    expect(readdirSync(join(root, 'objects')).sort()).toEqual(objectsBefore);

    // naming a plan that is not a dry run of this operation, or from a dry run, is refused at once
    const notDry = await call<{ code: string }>(sidecar, 'POST', '/api/v1/gedcom/merge', { ...(await pair()), plan_job: applied.job_id, execution: offline });
    expect(notDry).toMatchObject({ status: 409, body: { code: 'GEDCOM_PLAN_STALE' } });
    const fromDry = await call<{ code: string }>(sidecar, 'POST', '/api/v1/gedcom/merge', {
      ...(await pair()),
      dry_run: true,
      plan_job: dry.job_id,
      execution: offline,
    });
    expect(fromDry).toMatchObject({ status: 409, body: { code: 'GEDCOM_PLAN_STALE' } });
    const unknown = await call<{ code: string }>(sidecar, 'POST', '/api/v1/gedcom/merge', {
      ...(await pair()),
      plan_job: `job_${'0'.repeat(32)}`,
      execution: offline,
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'JOB_NOT_FOUND' } });

    // sync: the same rule
    const text = readFileSync(KENNEDY, 'latin1');
    const edited = join(scratch, 'edited-plan.ged');
    writeFileSync(edited, Buffer.from(text.replace('2 DATE 6 SEP 1888', '2 DATE 8 SEP 1888'), 'latin1'));
    const syncInputs = async (target: string): Promise<Record<string, string>> => ({
      base: await grant(KENNEDY, 'gedcom.sync'),
      edited: await grant(edited, 'gedcom.sync'),
      target: await grant(target, 'gedcom.sync'),
    });
    const drySync = await finished(await submit('sync', { ...(await syncInputs(KENNEDY)), dry_run: true, execution: offline }));
    const appliedSync = await finished(await submit('sync', { ...(await syncInputs(KENNEDY)), plan_job: drySync.job_id, execution: offline }));
    expect(appliedSync.sync).toMatchObject({ plan_digest: drySync.sync?.plan_digest, plan_job: drySync.job_id, counts: { changes: 1, applied: 1 } });
    const otherTarget = join(scratch, 'other-target.ged');
    writeFileSync(otherTarget, Buffer.from(text.replace('2 DATE 6 SEP 1888', '2 DATE 9 SEP 1888'), 'latin1'));
    const staleSync = await submit('sync', { ...(await syncInputs(otherTarget)), plan_job: drySync.job_id, execution: offline });
    expect(await waitTerminal(sidecar, staleSync.job_id)).toMatchObject({ state: 'failed', error: { code: 'GEDCOM_PLAN_STALE' } });
  });

  it('a grant whose object was pulled away or changed in size is refused at submission, by every operation alike', async () => {
    for (const [change, operation, extra] of [
      ['removed', 'inspect', {}],
      ['removed', 'quality', {}],
      ['removed', 'subtree', { root: firstIndividual(KENNEDY), direction: 'both' }],
      ['appended to', 'inspect', {}],
    ] as const) {
      // a file of its own, so that its grant has an object of its own
      const file = join(scratch, `pulled-${operation}-${change.length}.ged`);
      writeFileSync(file, Buffer.concat([readFileSync(KENNEDY), Buffer.from(`\n`.repeat(1 + operation.length))]));
      const before = new Set(readdirSync(join(root, 'objects')));
      const g = await grant(file, `gedcom.${operation}`);
      const object = readdirSync(join(root, 'objects')).find((name) => !before.has(name));
      expect(object).toBeDefined();
      const path = join(root, 'objects', object as string);
      if (change === 'removed') rmSync(path);
      else appendFileSync(path, '0 @X1@ NOTE late\n');
      const refused = await call<{ code: string }>(sidecar, 'POST', `/api/v1/gedcom/${operation}`, { source: g, ...extra, execution: offline });
      expect({ change, operation, status: refused.status, code: refused.body.code }).toEqual({
        change,
        operation,
        status: 400,
        code: 'ARTIFACT_GRANT_INVALID',
      });
    }
  });

  it('refuses grants for another operation, unknown grants and provider fields in offline mode', async () => {
    const wrong = await call<{ code: string }>(sidecar, 'POST', '/api/v1/gedcom/inspect', { source: await grant(KENNEDY, 'gedcom.merge'), execution: offline });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'ARTIFACT_GRANT_INVALID' } });
    const unknown = await call<{ code: string }>(sidecar, 'POST', '/api/v1/gedcom/inspect', { source: `agr_${'0'.repeat(32)}`, execution: offline });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'ARTIFACT_GRANT_INVALID' } });
    const g = await grant(KENNEDY, 'gedcom.quality');
    const offlineProvider = await call<{ code: string }>(sidecar, 'POST', '/api/v1/gedcom/quality', {
      source: g,
      execution: { mode: 'offline', profile: 'local-one' },
    });
    expect(offlineProvider).toMatchObject({ status: 400, body: { code: 'PROVIDER_NOT_ALLOWED' } });
    const cloudWithoutConsent = await call<{ code: string }>(sidecar, 'POST', '/api/v1/gedcom/quality', {
      source: g,
      execution: { mode: 'cloud', profile: 'p', model: 'm' },
    });
    expect(cloudWithoutConsent).toMatchObject({ status: 409, body: { code: 'CONSENT_REQUIRED' } });
    const localUnknownProfile = await call<{ code: string }>(sidecar, 'POST', '/api/v1/gedcom/quality', {
      source: g,
      execution: { mode: 'local', profile: 'nope', model: 'm' },
    });
    expect(localUnknownProfile).toMatchObject({ status: 409, body: { code: 'PROFILE_NOT_FOUND' } });
    const path = await call<{ detail: unknown }>(sidecar, 'POST', '/api/v1/gedcom/inspect', { source: KENNEDY, execution: offline });
    expect(path.status).toBe(422);
  });

  it('result of an unknown job is 404; after a restart a completed job is 410', async () => {
    const unknown = await call<{ code: string }>(sidecar, 'GET', `/api/v1/gedcom/jobs/job_${'0'.repeat(32)}/result`);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'JOB_NOT_FOUND' } });
    const job = await submit('inspect', { source: await grant(TUDOR, 'gedcom.inspect'), execution: offline });
    await finished(job);
    expect(await sidecar.stop()).toBe(0);
    sidecar = await fixture.launch(['--artifact-root', root]);
    const gone = await call<{ code: string }>(sidecar, 'GET', `/api/v1/gedcom/jobs/${job.job_id}/result`);
    expect(gone).toMatchObject({ status: 410, body: { code: 'GEDCOM_JOB_RESULT_UNAVAILABLE' } });
  });

  it('without --artifact-root the GEDCOM routes do not exist and the module is not listed', async () => {
    plain = await fixture.launchBeside();
    const answer = await call<{ code: string }>(plain, 'POST', '/api/v1/gedcom/inspect', { source: `agr_${'0'.repeat(32)}`, execution: offline });
    expect(answer).toMatchObject({ status: 404, body: { code: 'ROUTE_NOT_EXPOSED' } });
    const caps = await call<{ modules: { module_id: string }[] }>(plain, 'GET', '/api/v1/capabilities');
    expect(caps.body.modules.map((m) => m.module_id)).not.toContain('gedcom');
    const withGedcom = await call<{ modules: { module_id: string }[] }>(sidecar, 'GET', '/api/v1/capabilities');
    expect(withGedcom.body.modules.map((m) => m.module_id)).toContain('gedcom');
  });
});
