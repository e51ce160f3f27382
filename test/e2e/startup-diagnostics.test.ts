import { chmodSync, openSync, rmSync, writeFileSync, writeSync, closeSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import { filesUnder, holderRecorded, keyringTool, localState, runSetup, type LocalStateFixture } from '../support/local-state.js';

async function diagnostics(sidecar: LaunchedSidecar) {
  const response = await sidecar.api.GET('/api/v1/startup-diagnostics', { params: { header: sidecar.header } });
  expect(response.response.status).toBe(200);
  return response.data as NonNullable<typeof response.data>;
}

async function codesWith(fixture: LocalStateFixture, args: readonly string[] = []): Promise<{ status: string; codes: string[]; text: string }> {
  const sidecar = await fixture.launch(args);
  try {
    const report = await diagnostics(sidecar);
    return { status: report.status, codes: report.components.map((component) => component.code), text: JSON.stringify(report) };
  } finally {
    await sidecar.stop();
  }
}

function withFixture(
  condition: Parameters<typeof localState>[0],
  options: Parameters<typeof localState>[1],
  body: (fixture: LocalStateFixture) => Promise<void>,
) {
  return async () => {
    const fixture = localState(condition, options);
    try {
      await body(fixture);
    } finally {
      fixture.stop();
    }
  };
}

describe('startup diagnostics', () => {
  it(
    'reports exactly four components in a fixed order, ready after setup, with no path',
    withFixture('unlocked', {}, async (fixture) => {
      const sidecar = await fixture.launch();
      const report = await diagnostics(sidecar);
      await sidecar.stop();
      expect(report.schema_version).toBe(1);
      expect(report.status).toBe('ready');
      expect(report.components.map((component) => component.component)).toEqual(['configuration', 'database', 'keyring', 'workspace']);
      expect(report.components.map((component) => component.code)).toEqual(['configuration.defaults', 'database.ok', 'keyring.ok', 'workspace.ok']);
      expect(report.components[0]).toMatchObject({ status: 'warning', blocks_mutations: false });
      const text = JSON.stringify(report);
      expect(text).not.toContain(fixture.secrets.home);
      expect(text).not.toMatch(/\/(tmp|root|home)\//);
      expect(['linux']).toContain(report.platform.operating_system);
    }),
  );

  it(
    'has no side effects on the workspace, the database or the keyring',
    withFixture('unlocked', {}, async (fixture) => {
      const sidecar = await fixture.launch();
      await diagnostics(sidecar);
      await holderRecorded(fixture.workspace, sidecar.pid);
      const before = filesUnder(fixture.workspace);
      const keyBefore = keyringTool(fixture.secrets.env, 'get', 'database.key');
      for (let i = 0; i < 5; i++) await diagnostics(sidecar);
      const after = filesUnder(fixture.workspace);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [file, bytes] of before) expect(after.get(file)?.equals(bytes)).toBe(true);
      expect(keyringTool(fixture.secrets.env, 'get', 'database.key')).toBe(keyBefore);
      await sidecar.stop();
    }),
  );

  it(
    'tells a missing database, a missing key, a wrong key and a corrupted file apart',
    withFixture('unlocked', { provision: false }, async (fixture) => {
      expect((await codesWith(fixture)).codes[1]).toBe('database.not_initialized');
      expect(runSetup(fixture.secrets.env, fixture.workspace).status).toBe(0);
      expect((await codesWith(fixture)).codes[1]).toBe('database.ok');

      const key = JSON.parse(keyringTool(fixture.secrets.env, 'get', 'database.key')) as string;
      keyringTool(fixture.secrets.env, 'delete', 'database.key');
      const missing = await codesWith(fixture);
      expect(missing.status).toBe('degraded');
      expect(missing.codes[1]).toBe('database.key_missing');

      keyringTool(fixture.secrets.env, 'set', 'database.key', 'f'.repeat(64));
      expect((await codesWith(fixture)).codes[1]).toBe('database.key_rejected');
      // A refused setup is a data error (sysexits 65) with its reason and a remediation line.
      const refused = runSetup(fixture.secrets.env, fixture.workspace);
      expect(refused.status).toBe(65);
      expect(refused.output).toMatch(/^setup: SETUP_REFUSED: database\.[a-z_]+\n {2}remediation: /);

      keyringTool(fixture.secrets.env, 'set', 'database.key', key);
      expect((await codesWith(fixture)).codes[1]).toBe('database.ok');
      const file = join(fixture.workspace, 'service.db');
      const original = readFileSync(file);
      const fd = openSync(file, 'r+');
      writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, 200);
      closeSync(fd);
      const corrupt = await codesWith(fixture);
      expect(corrupt.codes[1]).toBe('database.corrupt');
      expect(runSetup(fixture.secrets.env, fixture.workspace)).toMatchObject({ status: 65 });
      // The degraded service and the refused setup left the damaged file as it was: nothing repaired.
      expect(readFileSync(file).subarray(200, 264).equals(Buffer.alloc(64, 0xa5))).toBe(true);
      writeFileSync(file, original);
      expect((await codesWith(fixture)).codes[1]).toBe('database.ok');
    }),
  );

  it(
    'reports an unwritable and a missing workspace as blocked',
    withFixture('unlocked', {}, async (fixture) => {
      chmodSync(fixture.workspace, 0o555);
      const unwritable = await codesWith(fixture);
      chmodSync(fixture.workspace, 0o700);
      expect(unwritable.status).toBe('degraded');
      expect(unwritable.codes[3]).toBe('workspace.not_writable');
      rmSync(fixture.workspace, { recursive: true });
      const missing = await codesWith(fixture);
      expect(missing.codes[3]).toBe('workspace.missing');
      expect(missing.codes[1]).toBe('database.not_opened');
    }),
  );

  it(
    'reports an invalid configuration as blocked; settings and credential changes answer 409 STARTUP_MUTATION_BLOCKED (spec rule 10), other modules are not exposed',
    withFixture('unlocked', {}, async (fixture) => {
      const config = join(fixture.secrets.home, 'config.json');
      writeFileSync(config, JSON.stringify({ config_version: 1, workspace: fixture.workspace, colour: 'blue' }));
      const sidecar = await fixture.launch(['--config', config]);
      const report = await diagnostics(sidecar);
      expect(report.components[0]).toMatchObject({ code: 'configuration.invalid', status: 'blocked', blocks_mutations: true });
      const header = sidecar.header;
      const patch = await sidecar.api.PATCH('/api/v1/settings', {
        params: { header },
        body: { schema_version: 1, expected_revision: 0, changes: { 'ui.theme': 'dark' } },
      });
      expect(patch.response.status).toBe(409);
      expect(patch.error).toMatchObject({ code: 'STARTUP_MUTATION_BLOCKED' });
      const path = { reference: 'openai.api_key' as const };
      const set = await sidecar.api.POST('/api/v1/secrets/{reference}/set', { params: { header, path }, body: { value: 'not-stored' } });
      expect(set.error).toMatchObject({ code: 'STARTUP_MUTATION_BLOCKED' });
      const remove = await sidecar.api.POST('/api/v1/secrets/{reference}/delete', { params: { header, path } });
      expect(remove.error).toMatchObject({ code: 'STARTUP_MUTATION_BLOCKED' });
      expect(remove.response.status).toBe(409);
      // The reference is judged before the state: off the allowlist is 404 even while blocked.
      const unknown = await sidecar.api.POST('/api/v1/secrets/{reference}/delete', { params: { header, path: { reference: 'other.api_key' } } });
      expect(unknown.error).toMatchObject({ code: 'SECRET_REFERENCE_UNKNOWN' });
      // The values live in the database, which an invalid configuration leaves closed.
      const settings = await sidecar.api.GET('/api/v1/settings', { params: { header } });
      expect(settings.error).toMatchObject({ code: 'STARTUP_DEGRADED' });
      expect((await sidecar.api.GET('/api/v1/secrets/{reference}/status', { params: { header, path } })).data).toEqual({
        reference: 'openai.api_key',
        status: 'missing',
      });
      expect((await sidecar.api.GET('/api/v1/jobs', { params: { header } })).response.status).toBe(404);
      await sidecar.stop();
      writeFileSync(config, JSON.stringify({ config_version: 1, workspace: fixture.workspace, modules: { chat: false } }));
      expect((await codesWith(fixture, ['--config', config])).codes[0]).toBe('configuration.ok');
    }),
  );

  it.each([
    ['locked', 'keyring.locked', 'CREDENTIAL_STORE_LOCKED'],
    ['no-bus', 'keyring.unavailable', 'CREDENTIAL_STORE_UNAVAILABLE'],
  ] as const)('a %s keyring fails closed: blocked, 503, never reported as a missing key', async (condition, code, storeCode) => {
    const fixture = localState(condition, { provision: false });
    try {
      const sidecar = await fixture.launch();
      const report = await diagnostics(sidecar);
      expect(report.components[2]).toMatchObject({ code, status: 'blocked', blocks_mutations: true });
      expect(report.components[1]?.code).toBe('database.not_initialized');
      const status = await sidecar.api.GET('/api/v1/secrets/{reference}/status', {
        params: { header: sidecar.header, path: { reference: 'openai.api_key' } },
      });
      expect(status.response.status).toBe(503);
      expect(status.error).toMatchObject({ code: storeCode });
      for (const attempt of [
        sidecar.api.POST('/api/v1/secrets/{reference}/set', {
          params: { header: sidecar.header, path: { reference: 'openai.api_key' } },
          body: { value: 'v' },
        }),
        sidecar.api.POST('/api/v1/secrets/{reference}/delete', { params: { header: sidecar.header, path: { reference: 'openai.api_key' } } }),
        sidecar.api.PATCH('/api/v1/settings', {
          params: { header: sidecar.header },
          body: { schema_version: 1, expected_revision: 0, changes: { 'ui.theme': 'dark' } },
        }),
      ]) {
        const response = await attempt;
        expect(response.response.status).toBe(409);
        expect(response.error).toMatchObject({ code: 'STARTUP_MUTATION_BLOCKED' });
      }
      await sidecar.stop();
    } finally {
      fixture.stop();
    }
  });
});
