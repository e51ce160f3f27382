import { Type, type Static } from 'typebox';
import { SchemaVersion1 } from './api-version.js';

const SETTINGS_LIMITS = { maxFields: 32, maxChanges: 32, maxAllowedValues: 32 } as const;

const SettingKeyText = Type.String({ minLength: 1, maxLength: 96, pattern: '^[a-z0-9_.-]+$' });
const SettingScalar = Type.Union([Type.String(), Type.Integer(), Type.Number()]);

export const SettingValidationResponse = Type.Object(
  {
    allowed_values: Type.Optional(Type.Array(Type.String(), { default: [], maxItems: SETTINGS_LIMITS.maxAllowedValues })),
    minimum: Type.Optional(Type.Union([Type.Integer(), Type.Number(), Type.Null()])),
    maximum: Type.Optional(Type.Union([Type.Integer(), Type.Number(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type SettingValidationResponse = Static<typeof SettingValidationResponse>;

export const SettingFieldResponse = Type.Object(
  {
    key: SettingKeyText,
    label: Type.String({ minLength: 1, maxLength: 128 }),
    help: Type.String({ minLength: 1, maxLength: 512 }),
    type: Type.Union([Type.Literal('string'), Type.Literal('integer'), Type.Literal('number')]),
    value: SettingScalar,
    default_value: SettingScalar,
    validation: SettingValidationResponse,
    restart_required: Type.Optional(Type.Boolean({ default: false })),
    sensitive: Type.Optional(Type.Literal(false, { default: false })),
  },
  { additionalProperties: false },
);
export type SettingFieldResponse = Static<typeof SettingFieldResponse>;

export const SettingsResponse = Type.Object(
  {
    schema_version: SchemaVersion1(),
    revision: Type.Integer({ minimum: 0 }),
    fields: Type.Array(SettingFieldResponse, { minItems: 1, maxItems: SETTINGS_LIMITS.maxFields }),
  },
  { additionalProperties: false },
);
export type SettingsResponse = Static<typeof SettingsResponse>;

export const SettingsPatchRequest = Type.Object(
  {
    schema_version: SchemaVersion1(),
    expected_revision: Type.Integer({ minimum: 0 }),
    changes: Type.Record(Type.String(), Type.Unknown(), { minProperties: 1, maxProperties: SETTINGS_LIMITS.maxChanges }),
  },
  { additionalProperties: false },
);
export type SettingsPatchRequest = Static<typeof SettingsPatchRequest>;

export type SettingValue = string | number;

export interface SettingDefinition {
  readonly key: string;
  readonly label: string;
  readonly help: string;
  readonly type: 'string' | 'integer' | 'number';
  readonly defaultValue: SettingValue;
  readonly allowedValues?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly restartRequired: boolean;
}

/**
 * The settings catalog, schema version 1 (contract.md section 4): each setting's key, type,
 * default, allowed values and description, declared once. Validation, the settings answer, the
 * client's typed patches (scripts/client-constants.ts) and the services' typed reads
 * (`SettingsService.current`) are projections of it.
 */
export const SETTINGS_CATALOG = [
  {
    key: 'ui.locale',
    label: 'Language',
    help: 'Language of the application window.',
    type: 'string',
    defaultValue: 'en',
    allowedValues: ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'sv', 'nb', 'da', 'fi'],
    restartRequired: false,
  },
  {
    key: 'ui.theme',
    label: 'Theme',
    help: 'Colour theme of the application window; system follows the operating system.',
    type: 'string',
    defaultValue: 'system',
    allowedValues: ['system', 'light', 'dark'],
    restartRequired: false,
  },
  {
    key: 'privacy.living_threshold_years',
    label: 'Living-person threshold (years)',
    help: 'A person without a death fact born fewer years ago than this is treated as living.',
    type: 'integer',
    defaultValue: 110,
    minimum: 90,
    maximum: 150,
    restartRequired: false,
  },
  {
    key: 'chat.temperature',
    label: 'Chat temperature',
    help: 'Sampling temperature of chat runs, from 0 (focused) to 1 (varied).',
    type: 'number',
    defaultValue: 0.2,
    minimum: 0,
    maximum: 1,
    restartRequired: false,
  },
  {
    key: 'gedcom.export_version',
    label: 'GEDCOM export version',
    help: 'GEDCOM version written by operations that produce a new file.',
    type: 'string',
    defaultValue: '7.0',
    allowedValues: ['5.5.1', '7.0'],
    restartRequired: false,
  },
] as const satisfies readonly SettingDefinition[];

type CatalogEntry = (typeof SETTINGS_CATALOG)[number];

/** The catalogue's keys, as a literal union. */
export type SettingKey = CatalogEntry['key'];

/** The value type of one setting: its allowed values when it lists them, else its scalar type. */
export type SettingValueOf<K extends SettingKey> =
  Extract<CatalogEntry, { key: K }> extends { readonly allowedValues: readonly (infer V)[] }
    ? V
    : Extract<CatalogEntry, { key: K }>['type'] extends 'string'
      ? string
      : number;
