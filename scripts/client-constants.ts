import { API_CONTRACT, BUILD_MAX_CHARACTERS, BUILD_PATTERN, HEADER_API_VERSION, HEADER_APP_BUILD, HEADER_SESSION_OWNER } from '../src/contract/api-version.js';
import { ERROR_CATALOGUE } from '../src/contract/error-codes.js';
import { GEDCOM_OPERATION_TABLE, GEDCOM_OPERATIONS } from '../src/contract/gedcom-operations.js';
import { SERVE_EXIT } from '../src/contract/launch.js';
import { SETTINGS_CATALOG, type SettingDefinition } from '../src/contract/settings.js';

/** The TypeScript type of one setting's value: its allowed values, or its scalar type. */
function valueType(setting: SettingDefinition): string {
  if (setting.allowedValues !== undefined) return setting.allowedValues.map((value) => JSON.stringify(value)).join(' | ');
  return setting.type === 'string' ? 'string' : 'number';
}

/**
 * The paired client's constants, generated from the contract (api-version, the error codes, GEDCOM
 * operations, the settings catalogue), so that the client package needs nothing from `src/` at run time.
 */
export function clientConstantsText(): string {
  const settings = SETTINGS_CATALOG.map(
    (s) => `  /** ${s.label}: ${s.help} Default ${JSON.stringify(s.defaultValue)}. */\n  ${JSON.stringify(s.key)}: ${valueType(s)};`,
  ).join('\n');
  return `// Generated from src/contract by scripts/contract.ts. Do not edit.

/** The wire contract identifier sent in the API version header and checked in the readiness line. */
export const API_CONTRACT = ${JSON.stringify(API_CONTRACT)};
export const HEADER_API_VERSION = ${JSON.stringify(HEADER_API_VERSION)};
export const HEADER_APP_BUILD = ${JSON.stringify(HEADER_APP_BUILD)};
export const HEADER_SESSION_OWNER = ${JSON.stringify(HEADER_SESSION_OWNER)};
/** Pattern and length of app_build and sidecar_build. */
export const BUILD_PATTERN = ${JSON.stringify(BUILD_PATTERN)};
export const BUILD_MAX_CHARACTERS = ${BUILD_MAX_CHARACTERS};
/** The exit codes of \`serve\` before it is ready; \`workspaceInUse\`: another live process holds the workspace. */
export const SERVE_EXIT = ${JSON.stringify(SERVE_EXIT)} as const;

/** Every stable code of an ErrorEnvelope (docs/error-codes.md). */
export const ERROR_CODES = ${JSON.stringify(Object.keys(ERROR_CATALOGUE))} as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The GEDCOM operations; an artifact grant is scoped to \`gedcom.<operation>\`. */
export const GEDCOM_OPERATIONS = ${JSON.stringify(GEDCOM_OPERATIONS)} as const;
export type GedcomOperation = (typeof GEDCOM_OPERATIONS)[number];
export type GedcomOperationScope = \`gedcom.\${GedcomOperation}\`;
/** Each operation's request fields that hold its input grants, in order. */
export const GEDCOM_OPERATION_INPUTS = ${JSON.stringify(Object.fromEntries(GEDCOM_OPERATIONS.map((name) => [name, GEDCOM_OPERATION_TABLE[name].inputs])))} as const;
/** The operations whose writing run applies a reviewed dry run (their request takes \`dry_run\` and \`plan_job\`). */
export const GEDCOM_PLANNED_OPERATIONS = ${JSON.stringify(GEDCOM_OPERATIONS.filter((name) => 'plan_job' in GEDCOM_OPERATION_TABLE[name].request.properties))} as const;

/** The settings catalogue: each key with the type of its value. */
export interface SettingValues {
${settings}
}
export type SettingKey = keyof SettingValues;
`;
}
