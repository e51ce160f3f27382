import { UNGUARDED, type DurableWriteGuard } from './database-file-guard.js';
import type { ConsentScope, ConsentState } from '../../contract/consent.js';
import type { ProviderId } from '../../contract/providers.js';
import type {
  ChargeOutcome,
  InsertOutcome,
  ProviderConfigurationStore,
  Revisions,
  RevokeOutcome,
  ConsentUsage,
  StoredConsent,
  StoredProfile,
} from '../../app/providers/store.js';
import type { Database } from './encrypted-database.js';

interface ProfileRow {
  name: string;
  provider_id: string;
  endpoint: string;
  model: string;
  destination: string;
  destination_identity: string;
  created_revision: number;
  created_at: string;
}

interface ConsentRow {
  name: string;
  scope_json: string;
  digest: string;
  state: string;
  used_runs: number;
  used_characters_sent: number;
  used_characters_received: number;
  used_tokens: number;
  created_revision: number;
  created_at: string;
  revoked_at: string | null;
}

function profileOf(row: ProfileRow): StoredProfile {
  return {
    name: row.name,
    // cast: only insertProfile writes this column, from a StoredProfile's ProviderId
    providerId: row.provider_id as ProviderId,
    endpoint: row.endpoint,
    model: row.model,
    destination: row.destination,
    destinationIdentity: row.destination_identity,
    createdRevision: row.created_revision,
    createdAt: row.created_at,
  };
}

function consentOf(row: ConsentRow): StoredConsent {
  return {
    name: row.name,
    // cast: only insertConsent writes this column, as JSON.stringify of a ConsentScope
    scope: JSON.parse(row.scope_json) as ConsentScope,
    digest: row.digest,
    // cast: the column's CHECK admits only 'active' and 'revoked', the two ConsentStates
    state: row.state as ConsentState,
    usedRuns: row.used_runs,
    usedCharactersSent: row.used_characters_sent,
    usedCharactersReceived: row.used_characters_received,
    usedTokens: row.used_tokens,
    createdRevision: row.created_revision,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

/** Profiles and consents in the encrypted database; every write is one immediate transaction. */
export class SqliteProviderStore implements ProviderConfigurationStore {
  constructor(
    private readonly db: Database,
    private readonly guard: DurableWriteGuard = UNGUARDED,
  ) {}

  revisions(): Revisions {
    const row = this.db
      .prepare<[], { profile_revision: number; consent_revision: number }>('SELECT profile_revision, consent_revision FROM provider_revision WHERE id = 1')
      .get();
    return { profile: row?.profile_revision ?? 0, consent: row?.consent_revision ?? 0 };
  }

  listProfiles(): StoredProfile[] {
    return this.db.prepare<[], ProfileRow>('SELECT * FROM provider_profile ORDER BY name').all().map(profileOf);
  }

  findProfile(name: string): StoredProfile | null {
    const row = this.db.prepare<[string], ProfileRow>('SELECT * FROM provider_profile WHERE name = ?').get(name);
    return row ? profileOf(row) : null;
  }

  insertProfile(expectedRevision: number, profile: Omit<StoredProfile, 'createdRevision'>, limit: number): InsertOutcome<StoredProfile> {
    const run = this.db.transaction((): InsertOutcome<StoredProfile> => {
      const bumped = this.db
        .prepare('UPDATE provider_revision SET profile_revision = profile_revision + 1 WHERE id = 1 AND profile_revision = ?')
        .run(expectedRevision);
      if (bumped.changes !== 1) return { ok: false, reason: 'stale' };
      if (this.findProfile(profile.name)) throw new Refusal('taken');
      const count = this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM provider_profile').get()?.n ?? 0;
      if (count >= limit) throw new Refusal('limit');
      const revision = expectedRevision + 1;
      this.db
        .prepare(
          'INSERT INTO provider_profile (name, provider_id, endpoint, model, destination, destination_identity, created_revision, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(profile.name, profile.providerId, profile.endpoint, profile.model, profile.destination, profile.destinationIdentity, revision, profile.createdAt);
      return { ok: true, revision, record: { ...profile, createdRevision: revision } };
    });
    return this.guard.write(() => refusing(() => run.immediate()));
  }

  listConsents(): StoredConsent[] {
    return this.db.prepare<[], ConsentRow>('SELECT * FROM consent_grant ORDER BY name').all().map(consentOf);
  }

  findConsent(name: string): StoredConsent | null {
    const row = this.db.prepare<[string], ConsentRow>('SELECT * FROM consent_grant WHERE name = ?').get(name);
    return row ? consentOf(row) : null;
  }

  insertConsent(
    expectedRevision: number,
    consent: Omit<StoredConsent, 'createdRevision' | 'state' | 'usedRuns' | 'revokedAt'>,
    limit: number,
  ): InsertOutcome<StoredConsent> {
    const run = this.db.transaction((): InsertOutcome<StoredConsent> => {
      const bumped = this.db
        .prepare('UPDATE provider_revision SET consent_revision = consent_revision + 1 WHERE id = 1 AND consent_revision = ?')
        .run(expectedRevision);
      if (bumped.changes !== 1) return { ok: false, reason: 'stale' };
      if (this.findConsent(consent.name)) throw new Refusal('taken');
      const count = this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM consent_grant').get()?.n ?? 0;
      if (count >= limit) throw new Refusal('limit');
      const revision = expectedRevision + 1;
      this.db
        .prepare(
          "INSERT INTO consent_grant (name, scope_json, digest, state, max_runs, used_runs, created_revision, created_at, revoked_at) VALUES (?, ?, ?, 'active', ?, 0, ?, ?, NULL)",
        )
        .run(consent.name, JSON.stringify(consent.scope), consent.digest, consent.scope.budget?.max_runs ?? null, revision, consent.createdAt);
      return {
        ok: true,
        revision,
        record: {
          ...consent,
          state: 'active',
          usedRuns: 0,
          usedCharactersSent: 0,
          usedCharactersReceived: 0,
          usedTokens: 0,
          createdRevision: revision,
          revokedAt: null,
        },
      };
    });
    return this.guard.write(() => refusing(() => run.immediate()));
  }

  revokeConsent(name: string, at: string): RevokeOutcome {
    const run = this.db.transaction((): RevokeOutcome => {
      const existing = this.findConsent(name);
      if (!existing) return { ok: false, reason: 'not_found' };
      if (existing.state === 'revoked') return { ok: true, changed: false, revision: this.revisions().consent, record: existing };
      this.db.prepare("UPDATE consent_grant SET state = 'revoked', revoked_at = ? WHERE name = ?").run(at, name);
      this.db.prepare('UPDATE provider_revision SET consent_revision = consent_revision + 1 WHERE id = 1').run();
      // cast: the row was found above and this transaction only updated it, so it is still there
      return { ok: true, changed: true, revision: this.revisions().consent, record: this.findConsent(name) as StoredConsent };
    });
    return this.guard.write(() => run.immediate());
  }

  chargeConsent(name: string): ChargeOutcome {
    const run = this.db.transaction((): ChargeOutcome => {
      const charged = this.db
        .prepare("UPDATE consent_grant SET used_runs = used_runs + 1 WHERE name = ? AND state = 'active' AND (max_runs IS NULL OR used_runs < max_runs)")
        .run(name);
      if (charged.changes === 1) return 'charged';
      const existing = this.findConsent(name);
      if (!existing) return 'not_found';
      return existing.state === 'revoked' ? 'revoked' : 'exhausted';
    });
    return this.guard.write(() => run.immediate());
  }

  addConsentUsage(name: string, usage: ConsentUsage): StoredConsent | null {
    const run = this.db.transaction((): StoredConsent | null => {
      this.db
        .prepare(
          'UPDATE consent_grant SET used_characters_sent = used_characters_sent + ?, used_characters_received = used_characters_received + ?, used_tokens = used_tokens + ? WHERE name = ?',
        )
        .run(usage.sent ?? 0, usage.received ?? 0, usage.tokens ?? 0, name);
      return this.findConsent(name);
    });
    return this.guard.write(() => run.immediate());
  }
}

/** Thrown inside a transaction to roll back the revision bump. */
class Refusal extends Error {
  constructor(readonly reason: 'taken' | 'limit') {
    super(reason);
  }
}

function refusing<T>(work: () => InsertOutcome<T>): InsertOutcome<T> {
  try {
    return work();
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason };
    throw error;
  }
}
