import { UNGUARDED, type DurableWriteGuard } from './database-file-guard.js';
import type { SettingValue } from '../../contract/settings.js';
import type { SettingsStore, StoredSettings } from '../../app/settings/settings-store.js';
import type { Database } from './encrypted-database.js';

/** Settings and their revision in the encrypted database; a patch is one transaction. */
export class SqliteSettingsStore implements SettingsStore {
  private readonly selectRevision;
  private readonly selectValues;
  private readonly bumpRevision;
  private readonly upsertValue;
  private readonly applyTransaction;

  constructor(
    db: Database,
    private readonly guard: DurableWriteGuard = UNGUARDED,
  ) {
    this.selectRevision = db.prepare<[], { revision: number }>('SELECT revision FROM settings_revision WHERE id = 1');
    this.selectValues = db.prepare<[], { key: string; value_json: string }>('SELECT key, value_json FROM settings_value');
    this.bumpRevision = db.prepare<[number], unknown>('UPDATE settings_revision SET revision = revision + 1 WHERE id = 1 AND revision = ?');
    this.upsertValue = db.prepare<[string, string], unknown>(
      'INSERT INTO settings_value (key, value_json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json',
    );
    this.applyTransaction = db.transaction((expectedRevision: number, changes: ReadonlyMap<string, SettingValue>) => {
      const result = this.bumpRevision.run(expectedRevision);
      if (result.changes !== 1) return false;
      for (const [key, value] of changes) this.upsertValue.run(key, JSON.stringify(value));
      return true;
    });
  }

  read(): StoredSettings {
    const row = this.selectRevision.get();
    const values = new Map<string, SettingValue>();
    // cast: only applyTransaction writes value_json, as JSON.stringify of a SettingValue
    for (const { key, value_json: json } of this.selectValues.all()) values.set(key, JSON.parse(json) as SettingValue);
    return { revision: row?.revision ?? 0, values };
  }

  apply(expectedRevision: number, changes: ReadonlyMap<string, SettingValue>) {
    const applied = this.guard.write(() => this.applyTransaction.immediate(expectedRevision, changes));
    if (!applied) return { applied: false as const, currentRevision: this.read().revision };
    return { applied: true as const, state: this.read() };
  }
}
