import type { SettingValue } from '../../contract/settings.js';

export interface StoredSettings {
  readonly revision: number;
  readonly values: ReadonlyMap<string, SettingValue>;
}

/** Durable settings with their optimistic revision. */
export interface SettingsStore {
  read(): StoredSettings;
  /**
   * In one transaction: if the revision is still `expectedRevision`, writes every change and
   * raises the revision by one, answering the new state; otherwise writes nothing and answers
   * the current revision as stale.
   */
  apply(
    expectedRevision: number,
    changes: ReadonlyMap<string, SettingValue>,
  ): { readonly applied: true; readonly state: StoredSettings } | { readonly applied: false; readonly currentRevision: number };
}
