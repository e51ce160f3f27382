import { describe, expect, it } from 'vitest';
import { localState } from '../support/local-state.js';

const THEMES = ['light', 'dark', 'system'] as const;

describe('settings crash safety', () => {
  it('after SIGKILL in a stream of patches, the revision and values match exactly the acknowledged patches', async () => {
    const fixture = localState('unlocked');
    try {
      const sidecar = await fixture.launch();
      const { api, header } = sidecar;
      const acknowledged: Array<{ revision: number; years: number; theme: string }> = [];
      let revision = 0;
      let killed = false;
      const writer = (async () => {
        for (let i = 0; !killed; i++) {
          const years = 90 + (i % 61);
          const theme = THEMES[i % 3] as string;
          try {
            const response = await api.PATCH('/api/v1/settings', {
              params: { header },
              body: { schema_version: 1, expected_revision: revision, changes: { 'privacy.living_threshold_years': years, 'ui.theme': theme } },
            });
            if (response.response.status !== 200 || !response.data) break;
            revision = response.data.revision;
            acknowledged.push({ revision, years, theme });
          } catch {
            break;
          }
        }
      })();
      while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
      sidecar.child.kill('SIGKILL');
      killed = true;
      await writer;
      expect(await sidecar.exited()).toBe(null);

      const restarted = await fixture.launch();
      const after = await restarted.api.GET('/api/v1/settings', { params: { header: restarted.header } });
      await restarted.stop();
      const data = after.data as NonNullable<typeof after.data>;
      const last = acknowledged[acknowledged.length - 1] as { revision: number; years: number; theme: string };
      // Every acknowledged patch is durable; at most the one in flight at the kill may also have landed, whole.
      expect([last.revision, last.revision + 1]).toContain(data.revision);
      const values = Object.fromEntries(data.fields.map((field) => [field.key, field.value]));
      if (data.revision === last.revision) {
        expect(values['privacy.living_threshold_years']).toBe(last.years);
        expect(values['ui.theme']).toBe(last.theme);
      } else {
        const next = acknowledged.length;
        expect(values['privacy.living_threshold_years']).toBe(90 + (next % 61));
        expect(values['ui.theme']).toBe(THEMES[next % 3]);
      }
    } finally {
      fixture.stop();
    }
  });
});
