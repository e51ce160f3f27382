import type { Migration } from '../encrypted-database.js';

/** Provider profiles, consent grants and their two optimistic revisions. */
export const PROVIDERS_MIGRATION: Migration = {
  version: 3,
  name: 'providers',
  up(db) {
    db.exec(`
      CREATE TABLE provider_revision (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        profile_revision INTEGER NOT NULL CHECK (profile_revision >= 0),
        consent_revision INTEGER NOT NULL CHECK (consent_revision >= 0)
      );
      INSERT INTO provider_revision (id, profile_revision, consent_revision) VALUES (1, 0, 0);
      CREATE TABLE provider_profile (
        name TEXT PRIMARY KEY,
        provider_id TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        model TEXT NOT NULL,
        destination TEXT NOT NULL,
        destination_identity TEXT NOT NULL,
        created_revision INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE consent_grant (
        name TEXT PRIMARY KEY,
        scope_json TEXT NOT NULL,
        digest TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('active', 'revoked')),
        max_runs INTEGER,
        used_runs INTEGER NOT NULL DEFAULT 0 CHECK (used_runs >= 0),
        created_revision INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
    `);
  },
};
