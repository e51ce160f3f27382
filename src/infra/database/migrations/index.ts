import type { Migration } from '../encrypted-database.js';
import { SETTINGS_MIGRATION } from './001-settings.js';
import { JOB_LEDGER_MIGRATION } from './002-job-ledger.js';
import { PROVIDERS_MIGRATION } from './003-providers.js';
import { CONSENT_CHARACTERS_MIGRATION } from './004-consent-characters.js';
import { CONSENT_TOKENS_MIGRATION } from './005-consent-tokens.js';

/** Every schema migration, in version order. Versions: 1 settings, 2 job ledger, 3 providers and consents, 4 consent character usage, 5 consent token usage. */
export const MIGRATIONS: readonly Migration[] = [
  SETTINGS_MIGRATION,
  JOB_LEDGER_MIGRATION,
  PROVIDERS_MIGRATION,
  CONSENT_CHARACTERS_MIGRATION,
  CONSENT_TOKENS_MIGRATION,
];
