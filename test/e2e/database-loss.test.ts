import { randomBytes } from 'node:crypto';
import { chmodSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import type { SettingsResponse } from '../../src/contract/settings.js';
import { call } from '../support/job-stream.js';
import { localState, type LocalStateFixture } from '../support/local-state.js';
import { startSidecar, TEST_SIDECAR_ENTRY } from '../support/sidecar.js';

/**
 * The encrypted database file removed, replaced or made read-only while the service runs: every
 * durable write is refused with 503 DATABASE_FILE_LOST and one diagnostics line, nothing is
 * acknowledged that a restart would not show, and the next start reports what it finds.
 */

interface Envelope {
  readonly code: string;
  readonly details: Array<{ name: string; value: unknown }>;
}

function launch(fixture: LocalStateFixture): Promise<LaunchedSidecar> {
  // The test entry: it also has a job producer, so a job submission (a ledger write) is refused too.
  return startSidecar({ entry: TEST_SIDECAR_ENTRY, env: fixture.secrets.env, args: ['--workspace', fixture.workspace] });
}

function patch(sidecar: LaunchedSidecar, revision: number, theme: string) {
  return call<SettingsResponse & Envelope>(sidecar, 'PATCH', '/api/v1/settings', {
    schema_version: 1,
    expected_revision: revision,
    changes: { 'ui.theme': theme },
  });
}

async function databaseCode(sidecar: LaunchedSidecar): Promise<string> {
  const report = await call<{ components: Array<{ component: string; code: string }> }>(sidecar, 'GET', '/api/v1/startup-diagnostics');
  return report.body.components.find((component) => component.component === 'database')?.code ?? 'absent';
}

/** Every durable write of the running service is refused with the stable code and the given reason. */
async function expectWritesRefused(sidecar: LaunchedSidecar, reason: string): Promise<void> {
  const refusals = [
    await patch(sidecar, 1, 'light'),
    await call<Envelope>(sidecar, 'POST', '/api/v1/testing/jobs', { progress_events: 0 }),
    await call<Envelope>(sidecar, 'POST', '/api/v1/consents/family-review/revoke'),
    // Sticky: a second attempt is refused the same way.
    await patch(sidecar, 1, 'dark'),
  ];
  for (const refusal of refusals) {
    expect(refusal.status).toBe(503);
    expect(refusal.body.code).toBe('DATABASE_FILE_LOST');
    expect(refusal.body.details).toEqual([{ name: 'reason', value: reason }]);
  }
  // Reads still answer (from the file the service has open).
  expect((await call<SettingsResponse>(sidecar, 'GET', '/api/v1/settings')).status).toBe(200);
  const lines = sidecar
    .stderrText()
    .split('\n')
    .filter((line) => line.includes('"database.file_lost"'));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0] as string)).toMatchObject({ event: 'database.file_lost', reason });
  expect(lines[0]).not.toContain('/');
}

async function withAcknowledgedPatch(fixture: LocalStateFixture): Promise<LaunchedSidecar> {
  const sidecar = await launch(fixture);
  const acknowledged = await patch(sidecar, 0, 'dark');
  expect(acknowledged.status).toBe(200);
  expect(acknowledged.body.revision).toBe(1);
  return sidecar;
}

async function expectStateAfterRestart(fixture: LocalStateFixture, code: string): Promise<LaunchedSidecar> {
  const next = await launch(fixture);
  expect(await databaseCode(next)).toBe(code);
  return next;
}

describe('the database file lost while serving', () => {
  it('removed (moved away): writes refused; restarted without it, diagnostics say not initialized; moved back, exactly the acknowledged write is there', async () => {
    const fixture = localState('unlocked');
    try {
      const database = join(fixture.workspace, 'service.db');
      const sidecar = await withAcknowledgedPatch(fixture);
      renameSync(database, `${database}.aside`);
      await expectWritesRefused(sidecar, 'removed');
      expect(await sidecar.stop()).toBe(0);

      const without = await expectStateAfterRestart(fixture, 'database.not_initialized');
      expect(await without.stop()).toBe(0);

      renameSync(`${database}.aside`, database);
      const restored = await expectStateAfterRestart(fixture, 'database.ok');
      const settings = await call<SettingsResponse>(restored, 'GET', '/api/v1/settings');
      expect(settings.body.revision).toBe(1);
      expect(settings.body.fields.find((field) => field.key === 'ui.theme')?.value).toBe('dark');
      expect(await restored.stop()).toBe(0);
    } finally {
      fixture.stop();
    }
  });

  it('replaced by another file: writes refused; the next start reports the replacement (here not a database of this key)', async () => {
    const fixture = localState('unlocked');
    try {
      const database = join(fixture.workspace, 'service.db');
      const sidecar = await withAcknowledgedPatch(fixture);
      const replacement = `${database}.new`;
      writeFileSync(replacement, randomBytes(statSync(database).size));
      renameSync(replacement, database);
      await expectWritesRefused(sidecar, 'replaced');
      expect(await sidecar.stop()).toBe(0);
      const next = await launch(fixture);
      expect(['database.key_rejected', 'database.corrupt']).toContain(await databaseCode(next));
      expect((await patch(next, 1, 'light')).status).toBe(409);
      expect(await next.stop()).toBe(0);
    } finally {
      fixture.stop();
    }
  });

  it('its write-ahead log removed: the acknowledged write survives a kill at once; later writes are refused', async () => {
    const fixture = localState('unlocked');
    try {
      const database = join(fixture.workspace, 'service.db');
      const sidecar = await withAcknowledgedPatch(fixture);
      rmSync(`${database}-wal`);
      // killed before anything else is written: the acknowledged write must already be in the database file
      sidecar.child.kill('SIGKILL');
      await sidecar.exited();
      const after = await expectStateAfterRestart(fixture, 'database.ok');
      const settings = await call<SettingsResponse>(after, 'GET', '/api/v1/settings');
      expect(settings.body.revision).toBe(1);
      expect(settings.body.fields.find((field) => field.key === 'ui.theme')?.value).toBe('dark');
      // the log removed again while serving: changes are refused, not written where a restart would not find them
      rmSync(`${database}-wal`);
      await expectWritesRefused(after, 'removed');
      expect(await after.stop()).toBe(0);
    } finally {
      fixture.stop();
    }
  });

  it('made read-only: writes refused; the next start reports database.read_only and refuses changes; writable again, exactly the acknowledged write is there', async () => {
    const fixture = localState('unlocked');
    try {
      const database = join(fixture.workspace, 'service.db');
      const sidecar = await withAcknowledgedPatch(fixture);
      chmodSync(database, 0o400);
      await expectWritesRefused(sidecar, 'read_only');
      expect(await sidecar.stop()).toBe(0);

      const readOnly = await expectStateAfterRestart(fixture, 'database.read_only');
      const refused = await patch(readOnly, 1, 'light');
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('STARTUP_MUTATION_BLOCKED');
      expect(await readOnly.stop()).toBe(0);

      chmodSync(database, 0o600);
      const writable = await expectStateAfterRestart(fixture, 'database.ok');
      const settings = await call<SettingsResponse>(writable, 'GET', '/api/v1/settings');
      expect(settings.body.revision).toBe(1);
      expect(settings.body.fields.find((field) => field.key === 'ui.theme')?.value).toBe('dark');
      expect(await writable.stop()).toBe(0);
    } finally {
      fixture.stop();
    }
  });
});
