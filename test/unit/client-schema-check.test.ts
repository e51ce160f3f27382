import { describe, expect, it } from 'vitest';
import { checked, conforms, ResponseInvalid } from '../../client/schema-check.js';

/**
 * The client's check of a parsed answer against its component schema in openapi-v1.json (issue 35):
 * what each keyword the document uses refuses, so that no helper types an answer it did not check.
 */

const snapshot = {
  schema_version: 1,
  job_id: `job_${'a'.repeat(32)}`,
  kind: 'gedcom.inspect',
  state: 'running',
  cancel_requested: false,
  created_at: '2026-11-27T13:00:00.000Z',
  started_at: null,
  updated_at: '2026-11-27T13:00:01.000Z',
  ended_at: null,
  progress: { completed: 3, total: null, stage: 'parse', eta_ms: null },
  artifacts: [],
  result_produced: false,
  error: null,
  last_event_id: 2,
};

describe('schema check of a parsed answer', () => {
  it('accepts an answer that conforms, typed as its schema', () => {
    expect(conforms('JobSnapshot', snapshot)).toBe(true);
    expect(checked('JobSnapshot', snapshot).progress?.stage).toBe('parse');
  });

  it.each([
    ['a missing required field', Object.fromEntries(Object.entries(snapshot).filter(([key]) => key !== 'last_event_id')), '/last_event_id: required'],
    ['an unknown field (additionalProperties false)', { ...snapshot, extra: 1 }, '/extra: additionalProperties'],
    ['a value outside its anyOf of consts', { ...snapshot, state: 'paused' }, '/state: anyOf'],
    ['a string breaking its pattern', { ...snapshot, job_id: 'job_1' }, '/job_id: pattern'],
    ['a number where an integer is due', { ...snapshot, last_event_id: 1.5 }, '/last_event_id: type integer'],
    ['a number under its minimum', { ...snapshot, last_event_id: 0 }, '/last_event_id: minimum'],
    ['a date that is not RFC 3339', { ...snapshot, created_at: 'yesterday' }, '/created_at: format date-time'],
    ['a nested $ref broken', { ...snapshot, progress: { completed: -1, total: null, stage: null, eta_ms: null } }, '/progress: anyOf'],
    [
      'an array over maxItems',
      { ...snapshot, artifacts: Array.from({ length: 17 }, () => ({ grant: `agr_${'b'.repeat(32)}`, role: 'output' })) },
      '/artifacts: maxItems',
    ],
    ['a const broken', { ...snapshot, schema_version: 2 }, '/schema_version: const'],
    ['not an object at all', null, ': type object'],
  ])('refuses %s with ResponseInvalid naming where', (_what, value, at) => {
    expect(conforms('JobSnapshot', value)).toBe(false);
    expect(() => checked('JobSnapshot', value)).toThrow(ResponseInvalid);
    expect(() => checked('JobSnapshot', value)).toThrow(`JobSnapshot: ${at}`);
  });

  it('checks enum, uniqueItems and string length in another schema', () => {
    const status = { reference: 'openai.api_key', status: 'present' };
    expect(conforms('SecretStatusResponse', status)).toBe(true);
    expect(conforms('SecretStatusResponse', { ...status, reference: '' })).toBe(false);
    const budget = { max_runs: 0 };
    expect(conforms('ConsentBudget', budget)).toBe(false);
    const request = {
      name: 'a',
      profile: 'p',
      model: 'm',
      modules: ['chat', 'chat'],
      purposes: ['research_chat'],
      data_classes: ['user_text'],
      retention: 'transient',
    };
    expect(conforms('ConsentPreviewRequest', request)).toBe(false);
    expect(conforms('ConsentPreviewRequest', { ...request, modules: ['chat'] })).toBe(true);
    expect(conforms('ConsentPreviewRequest', { ...request, modules: ['chat'], retention: 'forever' })).toBe(false);
  });
});
