import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIDECAR_ENTRY } from '../support/sidecar.js';
import { corpusRoot } from '../support/corpus.js';

const PRES = join(corpusRoot(), 'gedcom/arbre-app-public-gedcoms/files/pres2020.ged');

function cli(...args: string[]) {
  return spawnSync(process.execPath, [SIDECAR_ENTRY, 'gedcom', ...args], { encoding: 'utf8', env: {} });
}

describe('the built command line: node dist/cli.js gedcom', () => {
  it('inspect prints the inspect result as JSON, without record content or path', () => {
    const result = cli('inspect', PRES);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as { version: { declared: string }; records: { byType: Record<string, number> } };
    expect(report.version.declared).toBe('5.5.1');
    expect(report.records.byType.INDI).toBe(2322);
    expect(result.stdout).not.toContain('pres2020');
    expect(result.stdout).not.toContain('Washington');
  });

  it('rewrite reproduces the file byte for byte; convert writes 7.0', () => {
    const out = mkdtempSync(join(tmpdir(), 'gedcom-cli-'));
    expect(cli('rewrite', PRES, '--out', join(out, 'same.ged')).status).toBe(0);
    expect(readFileSync(join(out, 'same.ged')).equals(readFileSync(PRES))).toBe(true);
    expect(cli('convert', PRES, '--to', '7.0', '--out', join(out, 'seven.ged')).status).toBe(0);
    expect(readFileSync(join(out, 'seven.ged'), 'utf8')).toContain('2 VERS 7.0');
  });

  it('fails with a stable code, one failure line and a remediation line on stderr, never a stack trace', () => {
    const result = cli('inspect', '/nonexistent/file.ged');
    expect(result.status).toBe(66);
    expect(result.stderr.trim().split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(/^gedcom: GEDCOM_[A-Z_]+: .*\n {2}remediation: /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stderr).not.toContain('/nonexistent');
  });
});
