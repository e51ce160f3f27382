import { SCHEMA_VERSION } from '../../contract/api-version.js';
import {
  SETTINGS_CATALOG,
  type SettingDefinition,
  type SettingFieldResponse,
  type SettingKey,
  type SettingsResponse,
  type SettingValue,
  type SettingValueOf,
} from '../../contract/settings.js';
import { ServiceError, type ServiceErrorDetail } from '../service-error.js';
import type { StartupGate } from '../startup/startup-gate.js';
import type { SettingsStore, StoredSettings } from './settings-store.js';

const BY_KEY: ReadonlyMap<string, SettingDefinition> = new Map(SETTINGS_CATALOG.map((definition) => [definition.key, definition]));

function validValue(definition: SettingDefinition, value: unknown): value is SettingValue {
  switch (definition.type) {
    case 'string':
      return typeof value === 'string' && (definition.allowedValues === undefined || definition.allowedValues.includes(value));
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      if (definition.type === 'integer' && !Number.isInteger(value)) return false;
      return (definition.minimum === undefined || value >= definition.minimum) && (definition.maximum === undefined || value <= definition.maximum);
  }
}

/** Whether `value` is a valid value of setting `key` (the narrowing the catalogue's types promise). */
function isValueOf<K extends SettingKey>(key: K, value: unknown): value is SettingValueOf<K> {
  const definition = BY_KEY.get(key);
  return definition !== undefined && validValue(definition, value);
}

function field(definition: SettingDefinition, value: SettingValue): SettingFieldResponse {
  return {
    key: definition.key,
    label: definition.label,
    help: definition.help,
    type: definition.type,
    value,
    default_value: definition.defaultValue,
    validation: {
      allowed_values: [...(definition.allowedValues ?? [])],
      minimum: definition.minimum ?? null,
      maximum: definition.maximum ?? null,
    },
    restart_required: definition.restartRequired,
    sensitive: false,
  };
}

/**
 * The non-secret settings catalog over a durable store. A patch is validated whole before
 * anything is written, then applied in one transaction against the expected revision.
 */
export class SettingsService {
  constructor(
    private readonly store: SettingsStore | null,
    private readonly startup: StartupGate,
    /** Names that are credentials, never settings (patching them is a sensitive-key refusal). */
    private readonly sensitiveKeys: ReadonlySet<string>,
  ) {}

  read(): SettingsResponse {
    return this.response(this.requireStore().read());
  }

  patch(expectedRevision: number, changes: Readonly<Record<string, unknown>>): SettingsResponse {
    this.startup.assertMutationsAllowed();
    const store = this.requireStore();
    const failures: Array<ServiceErrorDetail & { readonly rank: number }> = [];
    const accepted = new Map<string, SettingValue>();
    for (const [key, value] of Object.entries(changes)) {
      const definition = BY_KEY.get(key);
      if (this.sensitiveKeys.has(key)) failures.push({ name: 'sensitive_key', value: key.slice(0, 96), rank: 1 });
      else if (definition === undefined) failures.push({ name: 'unknown_key', value: key.slice(0, 96), rank: 0 });
      else if (!validValue(definition, value)) failures.push({ name: 'invalid_value', value: key, rank: 2 });
      else accepted.set(key, value);
    }
    if (failures.length > 0) {
      const worst = Math.min(...failures.map((failure) => failure.rank));
      const code = worst === 0 ? 'SETTINGS_KEY_UNKNOWN' : worst === 1 ? 'SETTINGS_KEY_SENSITIVE' : 'SETTINGS_VALUE_INVALID';
      throw new ServiceError(
        code,
        failures.map(({ name, value }) => ({ name, value })),
      );
    }
    const outcome = store.apply(expectedRevision, accepted);
    if (!outcome.applied) {
      throw new ServiceError('SETTINGS_REVISION_STALE', [
        { name: 'expected_revision', value: expectedRevision },
        { name: 'current_revision', value: outcome.currentRevision },
      ]);
    }
    return this.response(outcome.state);
  }

  /**
   * Current value of one setting, typed by the catalogue, for services that follow a setting
   * (the living threshold, the export version, the chat temperature). Without the database, or
   * for a stored value the catalogue no longer allows, the catalogue's default.
   */
  current<K extends SettingKey>(key: K): SettingValueOf<K> {
    const stored = this.store?.read().values.get(key);
    if (isValueOf(key, stored)) return stored;
    const fallback: unknown = BY_KEY.get(key)?.defaultValue;
    if (isValueOf(key, fallback)) return fallback;
    throw new Error(`setting ${key} has no valid default`);
  }

  private requireStore(): SettingsStore {
    if (this.store === null) throw new ServiceError('STARTUP_DEGRADED');
    return this.store;
  }

  private response(state: StoredSettings): SettingsResponse {
    return {
      schema_version: SCHEMA_VERSION,
      revision: state.revision,
      fields: SETTINGS_CATALOG.map((definition) => field(definition, state.values.get(definition.key) ?? definition.defaultValue)),
    };
  }
}
