import type { Migration } from '../encrypted-database.js';

/** The tokens providers reported for the runs under each consent (its token budget, issue 18). */
export const CONSENT_TOKENS_MIGRATION: Migration = {
  version: 5,
  name: 'consent-tokens',
  up(db) {
    db.exec('ALTER TABLE consent_grant ADD COLUMN used_tokens INTEGER NOT NULL DEFAULT 0 CHECK (used_tokens >= 0);');
  },
};
