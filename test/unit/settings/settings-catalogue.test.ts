import { describe, expect, expectTypeOf, it } from 'vitest';
import { SettingsService } from '../../../src/app/settings/settings-service.js';
import type { SettingsStore, StoredSettings } from '../../../src/app/settings/settings-store.js';
import { startupGate } from '../../../src/app/startup/startup-gate.js';
import { SETTINGS_CATALOG, type SettingKey, type SettingValue } from '../../../src/contract/settings.js';

/** A settings store in memory, the port's contract without the database. */
function memoryStore(values: Record<string, SettingValue> = {}): SettingsStore {
  let state: StoredSettings = { revision: 0, values: new Map(Object.entries(values)) };
  return {
    read: () => state,
    apply(expected, changes) {
      if (expected !== state.revision) return { applied: false, currentRevision: state.revision };
      state = { revision: state.revision + 1, values: new Map([...state.values, ...changes]) };
      return { applied: true, state };
    },
  };
}

const open = startupGate(false, false);

describe('settings catalogue, one declaration projected into typed reads', () => {
  it('types each key by the catalogue', () => {
    const settings = new SettingsService(memoryStore(), open, new Set());
    expectTypeOf(settings.current('gedcom.export_version')).toEqualTypeOf<'5.5.1' | '7.0'>();
    expectTypeOf(settings.current('ui.theme')).toEqualTypeOf<'system' | 'light' | 'dark'>();
    expectTypeOf(settings.current('chat.temperature')).toEqualTypeOf<number>();
    expectTypeOf<SettingKey>().toEqualTypeOf<'ui.locale' | 'ui.theme' | 'privacy.living_threshold_years' | 'chat.temperature' | 'gedcom.export_version'>();
  });

  it('answers the catalogue default when nothing is stored, and without a database', () => {
    for (const settings of [new SettingsService(memoryStore(), open, new Set()), new SettingsService(null, startupGate(true, true), new Set())]) {
      for (const definition of SETTINGS_CATALOG) expect(settings.current(definition.key)).toBe(definition.defaultValue);
    }
    // The composition once read a temperature default of 0 beside the catalogue's 0.2.
    expect(new SettingsService(null, open, new Set()).current('chat.temperature')).toBe(0.2);
  });

  it('answers a patched value, and the default for a stored value the catalogue no longer allows', () => {
    const store = memoryStore({ 'privacy.living_threshold_years': 400, 'ui.theme': 'sepia' });
    const settings = new SettingsService(store, open, new Set());
    expect(settings.current('privacy.living_threshold_years')).toBe(110);
    expect(settings.current('ui.theme')).toBe('system');
    settings.patch(0, { 'privacy.living_threshold_years': 120, 'gedcom.export_version': '5.5.1' });
    expect(settings.current('privacy.living_threshold_years')).toBe(120);
    expect(settings.current('gedcom.export_version')).toBe('5.5.1');
  });
});
