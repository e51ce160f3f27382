import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import { LocalArtifactStore, type GedcomOperationScope } from '../../client/artifacts.js';
import { ERROR_CATALOGUE } from '../../src/contract/error-codes.js';
import type { GedcomJobAccepted, GedcomJobResult } from '../../src/contract/gedcom.js';
import { archiveContents, buildZip, renameEntry } from '../support/gedzip-archives.js';
import { call, waitTerminal } from '../support/job-stream.js';
import { corpusRoot } from '../support/corpus.js';
import { localState, type LocalStateFixture } from '../support/local-state.js';

// GEDZIP through the real sidecar: `artifacts import` takes the archive as it is, inspect reports
// its media, a subtree and a merge of archives are archives carrying their media byte for byte,
// and a hostile archive fails its job with its stable code, leaving no object behind.

const MAXIMAL = join(corpusRoot(), 'gedcom', 'familysearch-gedcom.io', 'gedcom70', 'maximal70.gdz');
const offline = { mode: 'offline' };
let fixture: LocalStateFixture;
let sidecar: LaunchedSidecar;
let root: string;
let scratch: string;
let importer: LocalArtifactStore;

beforeAll(async () => {
  fixture = localState('unlocked');
  root = mkdtempSync(join(tmpdir(), 'artifacts-'));
  scratch = mkdtempSync(join(tmpdir(), 'gedzip-out-'));
  importer = new LocalArtifactStore(root);
  sidecar = await fixture.launch(['--artifact-root', root]);
});

afterAll(async () => {
  await sidecar.stop();
  fixture.stop();
});

async function grant(file: string, op: GedcomOperationScope): Promise<string> {
  return (await importer.importFile(file, op)).grant;
}

async function run(op: string, body: unknown): Promise<{ job: GedcomJobAccepted; state: string; code: string | null }> {
  const answer = await call<GedcomJobAccepted>(sidecar, 'POST', `/api/v1/gedcom/${op}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  const terminal = await waitTerminal(sidecar, answer.body.job_id);
  return { job: answer.body, state: terminal.state, code: terminal.error?.code ?? null };
}

async function result(job: GedcomJobAccepted): Promise<GedcomJobResult> {
  const answer = await call<GedcomJobResult>(sidecar, 'GET', `/api/v1/gedcom/jobs/${job.job_id}/result`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function exported(grantId: string): Promise<string> {
  const file = join(scratch, `${grantId}.gdz`);
  await importer.exportOutput(grantId, file);
  return file;
}

describe('GEDZIP through the API', () => {
  it('inspects the corpus maximal70.gdz with its media, path-free', async () => {
    const r = await run('inspect', { source: await grant(MAXIMAL, 'gedcom.inspect'), execution: offline });
    expect(r.state).toBe('succeeded');
    const body = await result(r.job);
    expect(body.inspect?.version.family).toBe('7.0');
    expect(body.inspect?.media).toMatchObject({ referenced_present: 3, referenced_missing: 0 });
    expect(JSON.stringify(body)).not.toMatch(/Charlotte|media\//);
  });

  it('a subtree of a GEDZIP is a GEDZIP with the media it references, byte for byte', async () => {
    const r = await run('subtree', {
      source: await grant(MAXIMAL, 'gedcom.subtree'),
      root: '@I1@',
      direction: 'both',
      generations: 5,
      include_spouses: true,
      execution: offline,
    });
    expect(r.state).toBe('succeeded');
    const body = await result(r.job);
    const out = await archiveContents(await exported(body.outputs[0]!.grant));
    const input = await archiveContents(MAXIMAL);
    expect(out.has('gedcom.ged')).toBe(true);
    for (const [name, data] of out) if (name !== 'gedcom.ged') expect(data.equals(input.get(name) ?? Buffer.alloc(0))).toBe(true);
  });

  it('a merge of two GEDZIP archives keeps the media of both', async () => {
    const side = async (name: string, file: string, data: string): Promise<string> => {
      const path = join(scratch, `${name}.gdz`);
      const text = `0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME ${name} /Side/\n1 OBJE @O1@\n0 @O1@ OBJE\n1 FILE ${file}\n2 FORM image/jpeg\n0 TRLR\n`;
      writeFileSync(
        path,
        await buildZip([
          { name: 'gedcom.ged', data: Buffer.from(text) },
          { name: file, data: Buffer.from(data) },
        ]),
      );
      return grant(path, 'gedcom.merge');
    };
    const r = await run('merge', { left: await side('Left', 'media/l.jpg', 'L'), right: await side('Right', 'media/r.jpg', 'R'), execution: offline });
    expect(r.state).toBe('succeeded');
    const out = await archiveContents(await exported((await result(r.job)).outputs[0]!.grant));
    expect(out.get('media/l.jpg')?.toString()).toBe('L');
    expect(out.get('media/r.jpg')?.toString()).toBe('R');
  });

  it('a hostile archive fails its job with its code and leaves no object behind', async () => {
    const path = join(scratch, 'traversal.gdz');
    const zip = await buildZip([
      { name: 'gedcom.ged', data: Buffer.from('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n0 TRLR\n') },
      { name: 'media/aa.jpg', data: Buffer.from('x') },
    ]);
    writeFileSync(path, renameEntry(zip, 'media/aa.jpg', 'media/../a.j'));
    const objectsBefore = readdirSync(join(root, 'objects')).length;
    const r = await run('subtree', {
      source: await grant(path, 'gedcom.subtree'),
      root: '@I1@',
      direction: 'both',
      generations: 2,
      include_spouses: true,
      execution: offline,
    });
    expect(r.state).toBe('failed');
    expect(r.code).toBe('GEDZIP_UNSAFE_NAME');
    expect(ERROR_CATALOGUE.GEDZIP_UNSAFE_NAME.status).toBe(400);
    // the import added one object (the input); the job added none, not even a partial one
    expect(readdirSync(join(root, 'objects')).length).toBe(objectsBefore + 1);
    expect(readFileSync(path).length).toBeGreaterThan(0);
  });
});
