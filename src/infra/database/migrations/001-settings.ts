import type { Migration } from '../encrypted-database.js';

export const SETTINGS_MIGRATION: Migration = {
  version: 1,
  name: 'settings',
  up(db) {
    db.exec(`
      CREATE TABLE settings_revision (id INTEGER PRIMARY KEY CHECK (id = 1), revision INTEGER NOT NULL CHECK (revision >= 0));
      INSERT INTO settings_revision (id, revision) VALUES (1, 0);
      CREATE TABLE settings_value (key TEXT PRIMARY KEY, value_json TEXT NOT NULL);
    `);
  },
};
