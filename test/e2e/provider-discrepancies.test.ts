import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalArtifactStore } from '../../client/artifacts.js';
import type { ChatStreamEvent } from '../../src/contract/chat.js';
import type { GedcomJobAccepted, GedcomJobResult } from '../../src/contract/gedcom.js';
import type { ProviderId } from '../../src/contract/providers.js';
import { call, createProfile, MODEL, openSession, startChatWorld, streamToEnd, TERMINAL_KINDS, TEST_API_KEY, type ChatWorld } from '../support/chat-world.js';
import { call as jobCall, waitTerminal } from '../support/job-stream.js';
import type { FakeReply } from '../support/provider-fakes/index.js';

/**
 * Issue 17's discrepancies through the real sidecar, each through an advisory review (GEDCOM
 * quality with a local or cloud profile) and, where chat-outcomes.test.ts does not already, a chat
 * stream: the review reports the outcome the provider gave, never "completed" for a broken answer,
 * and the endpoint diagnosis codes (model not available with the pull command, not this API)
 * reach the user.
 */

const PROFILES: Readonly<Record<ProviderId, string>> = { ollama: 'd-ollama', openai_compatible: 'd-llama', openai: 'd-openai', anthropic: 'd-anthropic' };
const GEDCOM_CONSENT = 'd-gedcom-anthropic';
const REVIEW = ['Check the ', 'unsourced births.'];
const TREE = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Ebenezer /Quarrington/',
  '1 BIRT',
  '2 DATE 1801',
  '1 DEAT',
  '2 DATE 1880',
  '0 TRLR',
  '',
].join('\n');
const NOT_THIS_API: FakeReply = { kind: 'status', status: 404, body: '404 page not found', contentType: 'text/plain; charset=utf-8' };

let world: ChatWorld;
let importer: LocalArtifactStore;
let tree: string;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'discrepancy-artifacts-'));
  const scratch = mkdtempSync(join(tmpdir(), 'discrepancy-in-'));
  tree = join(scratch, 'tree.ged');
  writeFileSync(tree, TREE, 'utf8');
  world = await startChatWorld({ args: ['--artifact-root', root] });
  importer = new LocalArtifactStore(root);
  for (const reference of ['openai.api_key', 'anthropic.api_key']) {
    expect((await call(world, 'POST', `/api/v1/secrets/${reference}/set`, { body: { value: TEST_API_KEY } })).status).toBe(200);
  }
  for (const [providerId, profile] of Object.entries(PROFILES) as [ProviderId, string][]) await createProfile(world, profile, providerId);
  const preview = await call(world, 'POST', '/api/v1/consents/preview', {
    body: {
      name: GEDCOM_CONSENT,
      profile: PROFILES.anthropic,
      model: MODEL,
      modules: ['gedcom'],
      purposes: ['quality_review', 'merge_review'],
      data_classes: ['person_names', 'life_events'],
      retention: 'transient',
      budget: null,
    },
  });
  expect(preview.status, preview.text).toBe(200);
  const configuration = await call(world, 'GET', '/api/v1/provider-configuration');
  expect(
    (
      await call(world, 'POST', '/api/v1/consents', {
        body: { expected_revision: configuration.body.consent_revision, digest: preview.body.digest, scope: preview.body.scope },
      })
    ).status,
  ).toBe(200);
});

afterAll(async () => {
  await world?.close();
});

/** One quality review through the provider with the given replies queued; the advisory part of its result and the calls made. */
async function review(providerId: ProviderId, ...replies: FakeReply[]): Promise<{ advisory: GedcomJobResult['advisory']; outputs: number; calls: number }> {
  const fake = world.fakes[providerId];
  fake.reset();
  fake.script(...replies);
  const source = (await importer.importFile(tree, 'gedcom.quality')).grant;
  const execution =
    providerId === 'anthropic'
      ? { mode: 'cloud', profile: PROFILES.anthropic, model: MODEL, consent: GEDCOM_CONSENT }
      : { mode: 'local', profile: PROFILES[providerId], model: MODEL };
  const accepted = await jobCall<GedcomJobAccepted>(world.sidecar, 'POST', '/api/v1/gedcom/quality', { source, execution });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  const terminal = await waitTerminal(world.sidecar, accepted.body.job_id);
  expect(terminal.state).toBe('succeeded');
  const result = await jobCall<GedcomJobResult>(world.sidecar, 'GET', `/api/v1/gedcom/jobs/${accepted.body.job_id}/result`);
  expect(result.status).toBe(200);
  expect(JSON.stringify(result.body)).not.toMatch(/not found, try|page not found|Overloaded|llama runner|I cannot/);
  // The deterministic review is whole whatever the provider did.
  expect(result.body.quality?.scope.individuals).toBe(1);
  return { advisory: result.body.advisory, outputs: result.body.outputs.length, calls: fake.calls() };
}

describe('advisory review: the outcome the provider gave', () => {
  const cases: Array<[string, ProviderId, FakeReply[], Record<string, unknown>, number, number]> = [
    [
      '[DONE] without any finish reason',
      'openai_compatible',
      [{ kind: 'done-without-finish', pieces: ['Check the '] }],
      { status: 'failed', error_code: 'PROVIDER_ANSWER_INCOMPLETE', finish_reason: null },
      0,
      1,
    ],
    [
      'Anthropic stop_reason refusal',
      'anthropic',
      [{ kind: 'text', answer: { pieces: ['I cannot help.'], finish: 'refusal' } }],
      { status: 'refused', error_code: 'PROVIDER_REFUSED', finish_reason: null },
      0,
      1,
    ],
    [
      "Anthropic's model_context_window_exceeded",
      'anthropic',
      [{ kind: 'text', answer: { pieces: REVIEW, finish: 'context_window' } }],
      { status: 'truncated', error_code: null, finish_reason: 'context_window' },
      1,
      1,
    ],
    [
      "Anthropic's in-stream overloaded_error before output (retried like 529)",
      'anthropic',
      [{ kind: 'stream-error' }, { kind: 'text', answer: { pieces: REVIEW } }],
      { status: 'completed', error_code: null, finish_reason: 'stop' },
      1,
      2,
    ],
    [
      "Ollama's 500 (a model that fails to load: not retried)",
      'ollama',
      [{ kind: 'status', status: 500 }],
      { status: 'failed', error_code: 'PROVIDER_UNAVAILABLE' },
      0,
      1,
    ],
    ["Ollama's 404 model not found", 'ollama', [{ kind: 'status', status: 404 }], { status: 'failed', error_code: 'PROVIDER_MODEL_NOT_FOUND' }, 0, 1],
    ['a server that is not this API (404 page)', 'openai_compatible', [NOT_THIS_API], { status: 'failed', error_code: 'PROVIDER_ENDPOINT_MISMATCH' }, 0, 1],
  ];
  it.each(cases)('%s (%s)', async (_name, providerId, replies, advisory, outputs, calls) => {
    const seen = await review(providerId, ...replies);
    expect(seen.advisory).toMatchObject({ label: 'advisory', ...advisory });
    expect([seen.outputs, seen.calls]).toEqual([outputs, calls]);
  });
});

describe('chat stream: endpoint diagnosis reaches the user, history unchanged', () => {
  function terminal(events: readonly ChatStreamEvent[]): Record<string, unknown> {
    const ends = events.filter((event) => TERMINAL_KINDS.includes(event.kind));
    expect(ends).toHaveLength(1);
    return ends[0] as unknown as Record<string, unknown>;
  }

  it.each([
    [
      "Ollama's 404 model not found: the model named, the pull command",
      'ollama',
      { kind: 'status', status: 404 },
      'PROVIDER_MODEL_NOT_FOUND',
      `ollama pull ${MODEL}`,
    ],
    ['a server that is not this API: the base-path remediation', 'openai_compatible', NOT_THIS_API, 'PROVIDER_ENDPOINT_MISMATCH', 'base path'],
  ] as const)('%s', async (_name, providerId, reply, code, remediation) => {
    const id = await openSession(world, PROFILES[providerId]);
    const before = (await call(world, 'GET', `/api/v1/chat/sessions/${id}`)).body;
    world.fakes[providerId].reset();
    world.fakes[providerId].script(reply as FakeReply);
    const { events } = await streamToEnd(world, id, { message: 'eins' });
    const end = terminal(events);
    expect(end).toMatchObject({ kind: 'failed', outcome: 'failed', code });
    expect(String(end.remediation)).toContain(remediation);
    expect(world.fakes[providerId].calls()).toBe(1);
    const after = (await call(world, 'GET', `/api/v1/chat/sessions/${id}`)).body;
    expect(after).toEqual({ ...before, last_activity_at: after.last_activity_at });
    expect(JSON.stringify(events)).not.toMatch(/not found, try|page not found/);
  });
});
