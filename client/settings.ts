import type { ApiClient, Schemas } from './api-client.js';
import { answerOf } from './answer.js';
import type { SettingValues } from './generated/contract-constants.js';

export type SettingsResponse = Schemas['SettingsResponse'];
/** A settings change: each key of the catalogue with a value of its own type. */
export type SettingsChanges = Partial<SettingValues>;

/** The five non-secret settings, patched key by key with the catalogue's types. */
export class SettingsClient {
  constructor(private readonly api: ApiClient) {}

  /** The settings; `signal` aborts the request. */
  get(signal?: AbortSignal): Promise<SettingsResponse> {
    return answerOf('SettingsResponse', this.api.GET('/api/v1/settings', { signal }), 'GET /api/v1/settings');
  }

  /** Applies `changes` at `expectedRevision` (the current revision when omitted) and returns the new settings; `signal` aborts it. */
  async patch(changes: SettingsChanges, expectedRevision?: number, signal?: AbortSignal): Promise<SettingsResponse> {
    const revision = expectedRevision ?? (await this.get(signal)).revision;
    const call = this.api.PATCH('/api/v1/settings', { body: { schema_version: 1, expected_revision: revision, changes }, signal });
    return answerOf('SettingsResponse', call, 'PATCH /api/v1/settings');
  }
}
