import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LaunchedSidecar } from '../../client/launcher.js';
import { localState } from '../support/local-state.js';

const CONTRACT = JSON.parse(readFileSync('openapi-v1.json', 'utf8')) as { paths: Record<string, Record<string, unknown>> };
const TEMPLATES = Object.keys(CONTRACT.paths);

/** A template is exposed when a method it does not accept answers 405 (an unexposed path answers 404). */
async function exposedTemplates(sidecar: LaunchedSidecar): Promise<string[]> {
  const exposed: string[] = [];
  for (const template of TEMPLATES) {
    const path = template.replace(/\{[a-z_]+\}/g, 'x');
    const response = await fetch(`${sidecar.baseUrl}${path}`, { method: 'PUT', headers: sidecar.requestHeaders() });
    await response.arrayBuffer();
    if (response.status === 405) exposed.push(template);
    else expect(response.status).toBe(404);
  }
  return exposed;
}

describe('route exposure', () => {
  it('the contract holds 31 path templates; the default composition exposes 25 and no GEDCOM route; with the artifact registry, 31', async () => {
    expect(TEMPLATES).toHaveLength(31);
    const fixture = localState('unlocked');
    try {
      const plain = await fixture.launch();
      const defaults = await exposedTemplates(plain);
      await plain.stop();
      expect(defaults).toHaveLength(25);
      expect(defaults.some((template) => template.startsWith('/api/v1/gedcom/'))).toBe(false);

      const withArtifacts = await fixture.launch(['--artifact-root', mkdtempSync(join(tmpdir(), 'artifacts-'))]);
      const all = await exposedTemplates(withArtifacts);
      await withArtifacts.stop();
      expect(all.sort()).toEqual([...TEMPLATES].sort());
    } finally {
      fixture.stop();
    }
  });
});
