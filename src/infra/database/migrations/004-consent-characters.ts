import type { Migration } from '../encrypted-database.js';

/** The characters sent to and received from models under each consent (its character budgets, issue 18). */
export const CONSENT_CHARACTERS_MIGRATION: Migration = {
  version: 4,
  name: 'consent-characters',
  up(db) {
    db.exec(`
      ALTER TABLE consent_grant ADD COLUMN used_characters_sent INTEGER NOT NULL DEFAULT 0 CHECK (used_characters_sent >= 0);
      ALTER TABLE consent_grant ADD COLUMN used_characters_received INTEGER NOT NULL DEFAULT 0 CHECK (used_characters_received >= 0);
    `);
  },
};
