// Issue 18 item 3: character budgets of a consent, charged as runs send and receive, durable in
// the encrypted database, shown in the consent summary, refusing or stopping runs at the bound.
import { describe, expect, it } from 'vitest';
import type { ConsentPreviewRequest } from '../../../src/contract/consent.js';
import { PROVIDER_LIMITS } from '../../../src/contract/limits.js';
import { harness, refusal } from './harness.js';

const REQUEST = {
  profile: 'work',
  model: 'gpt-4o-mini',
  module: 'chat' as const,
  purpose: 'research_chat' as const,
  dataClasses: ['user_text' as const],
  consent: 'metered',
};

function consent(budget: ConsentPreviewRequest['budget']): ConsentPreviewRequest {
  return {
    name: 'metered',
    profile: 'work',
    model: 'gpt-4o-mini',
    modules: ['chat'],
    purposes: ['research_chat'],
    data_classes: ['user_text'],
    retention: 'provider_policy',
    budget,
  };
}

async function metered(budget: ConsentPreviewRequest['budget']) {
  const h = harness();
  await h.profile('work', 'openai', 'gpt-4o-mini');
  await h.consent(consent(budget));
  return h;
}

const summary = async (h: Awaited<ReturnType<typeof metered>>) => (await h.providers.configuration()).consents.find((grant) => grant.name === 'metered');

describe('consent character budgets', () => {
  it('keeps the character bounds in the granted scope and shows what is used and left', async () => {
    const h = await metered({ max_runs: 3, max_characters_sent: 100, max_characters_received: 50 });
    expect((await summary(h))?.scope.budget).toEqual({ max_runs: 3, max_characters_sent: 100, max_characters_received: 50 });
    expect(await summary(h)).toMatchObject({
      used_runs: 0,
      used_characters_sent: 0,
      used_characters_received: 0,
      remaining: { runs: 3, characters_sent: 100, characters_received: 50 },
    });
    await h.preflight.check({ ...REQUEST, chargeRun: true });
    const runEnds = h.runs.watch('metered', () => undefined);
    h.runs.chargeSent('metered', 40);
    expect(h.runs.chargeReceived('metered', 20)).toBe(true);
    // received text is written in batches, and when the run ends
    expect(await summary(h)).toMatchObject({ used_characters_sent: 40, used_characters_received: 0 });
    runEnds();
    expect(await summary(h)).toMatchObject({
      used_runs: 1,
      used_characters_sent: 40,
      used_characters_received: 20,
      remaining: { runs: 2, characters_sent: 60, characters_received: 30 },
    });
  });

  it('refuses a request that would pass the sent bound before anything is sent, charging nothing', async () => {
    const h = await metered({ max_runs: 10, max_characters_sent: 100 });
    h.runs.chargeSent('metered', 90);
    expect(await refusal(() => h.runs.chargeSent('metered', 11))).toBe('CONSENT_BUDGET_EXHAUSTED');
    expect(await summary(h)).toMatchObject({ used_characters_sent: 90, remaining: { characters_sent: 10, characters_received: null } });
    h.runs.chargeSent('metered', 10);
    expect(await refusal(h.preflight.check(REQUEST))).toBe('CONSENT_BUDGET_EXHAUSTED');
  });

  it('stops every run under the consent when the received bound is reached, and refuses the next run', async () => {
    const h = await metered({ max_runs: 10, max_characters_received: 30 });
    const stopped: string[] = [];
    const unwatchA = h.runs.watch('metered', (code) => stopped.push(`a:${code}`));
    h.runs.watch('other', (code) => stopped.push(`other:${code}`));
    h.runs.watch('metered', (code) => stopped.push(`b:${code}`));
    expect(h.runs.chargeReceived('metered', 29)).toBe(true);
    expect(stopped).toEqual([]);
    expect(h.runs.chargeReceived('metered', 1)).toBe(false);
    expect(stopped).toEqual(['a:CONSENT_BUDGET_EXHAUSTED', 'b:CONSENT_BUDGET_EXHAUSTED']);
    unwatchA();
    expect(await refusal(h.preflight.check({ ...REQUEST, chargeRun: true }))).toBe('CONSENT_BUDGET_EXHAUSTED');
    expect(await summary(h)).toMatchObject({ used_runs: 0, used_characters_received: 30, remaining: { runs: 10, characters_received: 0 } });
  });

  it('writes received characters once a batch of PROVIDER_LIMITS.receivedChargeBatchCharacters is charged, not per piece', async () => {
    const h = await metered({ max_runs: 10 });
    h.runs.watch('metered', () => undefined);
    for (let i = 0; i < PROVIDER_LIMITS.receivedChargeBatchCharacters - 1; i++) h.runs.chargeReceived('metered', 1);
    expect(await summary(h)).toMatchObject({ used_characters_received: 0 });
    h.runs.chargeReceived('metered', 1);
    expect(await summary(h)).toMatchObject({ used_characters_received: PROVIDER_LIMITS.receivedChargeBatchCharacters });
  });

  it('a consent preview shows a made-up sample of what each of its data classes lets leave the machine', async () => {
    const h = harness();
    await h.profile('work', 'openai', 'gpt-4o-mini');
    const preview = h.consents.preview({ ...consent(null), data_classes: ['person_names', 'user_text'] });
    expect(preview.data_class_samples?.map((sample) => sample.data_class)).toEqual(preview.scope.data_classes);
    expect(preview.data_class_samples?.find((sample) => sample.data_class === 'person_names')?.sample).toContain('[living]');
  });

  it('charges the tokens a run reported; reaching the token bound stops the runs under way and refuses the next run', async () => {
    const h = await metered({ max_runs: 10, max_tokens: 100 });
    const stopped: string[] = [];
    h.runs.watch('metered', (code) => stopped.push(code));
    h.runs.chargeTokens('metered', { input: 30, output: 20 });
    h.runs.chargeTokens('metered', undefined);
    expect(stopped).toEqual([]);
    expect(await summary(h)).toMatchObject({ used_tokens: 50, remaining: { tokens: 50 } });
    await h.preflight.check({ ...REQUEST, chargeRun: true });
    h.runs.chargeTokens('metered', { input: 40, output: null });
    h.runs.chargeTokens('metered', { input: null, output: 10 });
    expect(stopped).toEqual(['CONSENT_BUDGET_EXHAUSTED']);
    expect(await refusal(h.preflight.check({ ...REQUEST, chargeRun: true }))).toBe('CONSENT_BUDGET_EXHAUSTED');
    expect(await summary(h)).toMatchObject({ used_runs: 1, used_tokens: 100, remaining: { tokens: 0 } });
  });

  it('a budget of runs only reports no character bound', async () => {
    const h = await metered({ max_runs: 2 });
    expect((await summary(h))?.scope.budget).toEqual({ max_runs: 2 });
    expect((await summary(h))?.remaining).toEqual({ runs: 2, characters_sent: null, characters_received: null, tokens: null });
    const unbounded = harness();
    await unbounded.profile('work', 'openai', 'gpt-4o-mini');
    await unbounded.consent(consent(null));
    expect((await unbounded.providers.configuration()).consents[0]?.remaining).toBeNull();
  });
});
