// Issue 15: the capability services are composed after the readiness line. A request that arrives
// while they are still loading waits for them and is answered as it would be afterwards, refusals
// included; health and the capability manifest are answered meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import { HOLD_CAPABILITIES_VARIABLE } from '../support/capability-hold.js';
import { localState, type LocalStateFixture } from '../support/local-state.js';
import { startSidecar, TEST_SIDECAR_ENTRY } from '../support/sidecar.js';

let fixture: LocalStateFixture;
let sidecar: LaunchedSidecar;

beforeAll(async () => {
  fixture = localState('unlocked');
  sidecar = await startSidecar({
    entry: TEST_SIDECAR_ENTRY,
    env: { ...fixture.secrets.env, [HOLD_CAPABILITIES_VARIABLE]: '1' },
    args: ['--workspace', fixture.workspace],
  });
});

afterAll(async () => {
  await sidecar.stop();
  fixture.stop();
});

/** Resolves once the sidecar has written `count` lines of the named event on stderr (read as it arrives, no polling). */
function stderrEvents(event: string, count: number): Promise<void> {
  const occurrences = (): number => sidecar.stderrText().split('\n').filter((line) => line.includes(`"event":"${event}"`)).length;
  return new Promise((resolve) => {
    if (occurrences() >= count) return resolve();
    const listener = (): void => {
      if (occurrences() < count) return;
      sidecar.child.stderr?.off('data', listener);
      resolve();
    };
    sidecar.child.stderr?.on('data', listener);
  });
}

describe('a request that arrives while the capabilities are loading', () => {
  it('waits for its capability and is answered correctly; a refusal keeps its stable code', async () => {
    const headers = { ...sidecar.requestHeaders(), 'content-type': 'application/json' };
    const settings = fetch(`${sidecar.baseUrl}/api/v1/settings`, { headers: sidecar.requestHeaders() });
    const stale = fetch(`${sidecar.baseUrl}/api/v1/settings`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ schema_version: 1, expected_revision: 41, changes: { 'ui.theme': 'dark' } }),
    });
    await stderrEvents('request.awaiting_capabilities', 2);

    // Held: the fixed answers and the route table already serve.
    const health = await fetch(`${sidecar.baseUrl}/api/v1/health`, { headers: sidecar.requestHeaders() });
    expect(health.status).toBe(200);
    const manifest = (await (await fetch(`${sidecar.baseUrl}/api/v1/capabilities`, { headers: sidecar.requestHeaders() })).json()) as { modules: { module_id: string }[] };
    expect(manifest.modules.map((module) => module.module_id)).toEqual(expect.arrayContaining(['settings', 'jobs', 'chat', 'providers', 'consent', 'testing']));
    const unknown = await fetch(`${sidecar.baseUrl}/api/v1/nowhere`, { headers: sidecar.requestHeaders() });
    expect(((await unknown.json()) as { code: string }).code).toBe('ROUTE_NOT_EXPOSED');
    expect(sidecar.stderrText()).not.toContain('"event":"capabilities.loaded"');

    sidecar.child.kill('SIGUSR2');
    const read = await settings;
    expect(read.status).toBe(200);
    const body = (await read.json()) as { revision: number; fields: { key: string }[] };
    expect(body.fields.map((field) => field.key)).toEqual(['ui.locale', 'ui.theme', 'privacy.living_threshold_years', 'chat.temperature', 'gedcom.export_version']);
    const refused = await stale;
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('SETTINGS_REVISION_STALE');
    await stderrEvents('capabilities.loaded', 1);

    // Afterwards the same requests are answered without waiting.
    const again = await fetch(`${sidecar.baseUrl}/api/v1/settings`, { headers: sidecar.requestHeaders() });
    expect(((await again.json()) as { revision: number }).revision).toBe(body.revision);
    expect(sidecar.stderrText().split('\n').filter((line) => line.includes('request.awaiting_capabilities'))).toHaveLength(2);
  });
});
