import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIDECAR_BUILD } from '../../src/contract/build-info.js';
import { corpusRoot } from '../support/corpus.js';
import { startSecretService } from '../support/secret-service.js';
import { SIDECAR_ENTRY } from '../support/sidecar.js';

/** Runs the built command line with stdin, stdout and stderr on pipes (not a terminal). */
function cli(...args: string[]) {
  return spawnSync(process.execPath, [SIDECAR_ENTRY, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, input: '' });
}

const PRES = join(corpusRoot(), 'gedcom/arbre-app-public-gedcoms/files/pres2020.ged');
const scratch = mkdtempSync(join(tmpdir(), 'command-line-'));

/** The one failure style: `<command>: <CODE>: <message>`, then a remediation line, and nothing else. */
function expectFailure(result: ReturnType<typeof cli>, command: string, code: string, exit: number): string[] {
  expect(result.status).toBe(exit);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines[0]).toMatch(new RegExp(`^${command}: ${code}: \\S`));
  expect(lines.slice(1).every((line) => line.startsWith('  remediation: '))).toBe(true);
  expect(lines.length).toBeLessThanOrEqual(2);
  expect(result.stderr).not.toMatch(/\n\s+at |Error:/);
  return lines;
}

describe('the command line (node dist/cli.js)', () => {
  it.each([
    [['--help']],
    [['-h']],
    [['serve', '--help']],
    [['setup', '--help']],
    [['setup', '-h']],
    [['artifacts', '--help']],
    [['artifacts', 'import', '--help']],
    [['artifacts', 'export', '-h']],
    [['gedcom', '--help']],
    [['gedcom', 'inspect', '--help']],
    [['gedcom', 'rewrite', '--help']],
    [['gedcom', 'convert', '-h']],
  ])('%j prints help on stdout, exit 0, and runs nothing', (args) => {
    const result = cli(...args);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^usage: cli /);
    expect(result.stdout).toContain('64  usage error');
    expect(result.stdout).toContain('65  data error');
  });

  it.each([
    ['serve', ['serve', '--workspace', 'relative/workspace'], 'workspace'],
    ['serve', ['serve', '--config', 'config.json'], 'config'],
    ['serve', ['serve', '--artifact-root', './artifacts'], 'artifact-root'],
    ['setup', ['setup', '--workspace', 'relative/workspace'], 'workspace'],
    ['artifacts import', ['artifacts', 'import', PRES, '--operation', 'gedcom.inspect', '--artifact-root', 'artifacts'], 'artifact-root'],
  ])('%s refuses a relative path (%j) with a clear message, exit 64, before touching anything', (command, args, option) => {
    const lines = expectFailure(cli(...args), command, 'PATH_NOT_ABSOLUTE', 64);
    expect(lines[0]).toContain(`--${option} is a relative path`);
    expect(lines[1]).toContain('absolute path');
  });

  it('prints the sidecar build for --version and -V', () => {
    for (const flag of ['--version', '-V']) {
      const result = cli(flag);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(`${SIDECAR_BUILD}\n`);
    }
  });

  it('refuses a misspelled or camelCase flag with a suggestion, exit 64', () => {
    expect(expectFailure(cli('gedcom', 'convert', PRES, '--too', '7.0', '--out', join(scratch, 'x.ged')), 'gedcom', 'USAGE', 64)).toEqual([
      'gedcom: USAGE: unknown flag --too',
      '  remediation: did you mean --to?',
    ]);
    expect(expectFailure(cli('serve', '--artifactRoot', scratch), 'serve', 'USAGE', 64)[1]).toBe('  remediation: did you mean --artifact-root?');
    expect(expectFailure(cli('setup', '--workspce', scratch), 'setup', 'USAGE', 64)[1]).toBe('  remediation: did you mean --workspace?');
    expect(expectFailure(cli('gedcom', 'inspekt', PRES), 'gedcom', 'USAGE', 64)[1]).toBe('  remediation: did you mean `gedcom inspect`?');
    expect(expectFailure(cli('serv'), 'cli', 'USAGE', 64)[1]).toBe('  remediation: did you mean `serve`?');
  });

  it('refuses a flag without its value and a value given to a switch, exit 64', () => {
    expect(expectFailure(cli('gedcom', 'rewrite', PRES, '--out'), 'gedcom', 'USAGE', 64)[0]).toBe('gedcom: USAGE: --out needs a value (FILE)');
    expect(expectFailure(cli('gedcom', 'rewrite', PRES, '--out', '--force'), 'gedcom', 'USAGE', 64)[0]).toBe('gedcom: USAGE: --out needs a value (FILE)');
    expect(expectFailure(cli('serve', '--credentials-from-env=yes'), 'serve', 'USAGE', 64)[0]).toBe('serve: USAGE: --credentials-from-env takes no value');
    expect(expectFailure(cli('artifacts', 'import', PRES, '--artifact-root', scratch), 'artifacts import', 'USAGE', 64)[0]).toBe(
      'artifacts import: USAGE: --operation is required',
    );
    expect(expectFailure(cli('gedcom', 'inspect'), 'gedcom', 'USAGE', 64)[0]).toBe('gedcom: USAGE: missing FILE');
  });

  it('inspect on a file that is not GEDCOM prints its report and exits 65 (data error)', () => {
    const file = join(scratch, 'notes.txt');
    writeFileSync(file, 'shopping list\neggs\nflour\n');
    const result = cli('gedcom', 'inspect', file);
    expect(result.status).toBe(65);
    const report = JSON.parse(result.stdout) as { findings: { code: string }[] };
    expect(report.findings.map((finding) => finding.code)).toContain('FILE_NOT_GEDCOM');
    expect(result.stderr).toMatch(/^gedcom: GEDCOM_NOT_GEDCOM: .*\n {2}remediation: /);
    expect(result.stderr).not.toContain(file);
  });

  it('a missing input is 66, and the path is not echoed', () => {
    const lines = expectFailure(cli('gedcom', 'inspect', join(scratch, 'absent.ged')), 'gedcom', 'GEDCOM_FILE_UNREADABLE', 66);
    expect(lines.join('\n')).not.toContain('absent.ged');
  });

  it('convert refuses to replace an existing output without --force (73) and replaces it with --force', () => {
    const out = join(scratch, 'seven.ged');
    writeFileSync(out, 'precious\n');
    expectFailure(cli('gedcom', 'convert', PRES, '--to', '7.0', '--out', out), 'gedcom', 'GEDCOM_OUTPUT_EXISTS', 73);
    expect(readFileSync(out, 'utf8')).toBe('precious\n');
    const forced = cli('gedcom', 'convert', PRES, '--to', '7.0', '--out', out, '--force');
    expect(forced.status).toBe(0);
    // On a pipe no progress bar is drawn: stderr stays empty.
    expect(forced.stderr).toBe('');
    expect(readFileSync(out, 'utf8')).toContain('2 VERS 7.0');
    expectFailure(cli('gedcom', 'rewrite', PRES, '--out', out), 'gedcom', 'GEDCOM_OUTPUT_EXISTS', 73);
  });

  it('an import of what is not a readable file is 66 with a remediation: a folder, a device, an over-long path', () => {
    const root = mkdtempSync(join(tmpdir(), 'command-line-root-'));
    for (const [input, code] of [
      [scratch, 'ARTIFACTS_NOT_A_FILE'],
      ['/dev/null', 'ARTIFACTS_NOT_A_FILE'],
      [join(scratch, 'x'.repeat(5000)), 'ARTIFACTS_ENAMETOOLONG'],
    ] as const) {
      const lines = expectFailure(cli('artifacts', 'import', input, '--operation', 'gedcom.inspect', '--artifact-root', root), 'artifacts import', code, 66);
      expect(lines[1]).toMatch(/^ {2}remediation: /);
    }
    // A root that cannot be a folder is the root's failure, not the input's (and never a hang under /proc).
    const file = join(scratch, 'not-a-folder');
    writeFileSync(file, 'x');
    for (const badRoot of [join(file, 'root'), '/proc/no-artifact-root']) {
      expectFailure(
        cli('artifacts', 'import', PRES, '--operation', 'gedcom.inspect', '--artifact-root', badRoot),
        'artifacts import',
        'ARTIFACTS_ROOT_UNUSABLE',
        73,
      );
    }
  });

  it('setup refuses a workspace that cannot be a folder (73) and a --config that does not exist (66), each with its remediation', () => {
    const secrets = startSecretService('unlocked');
    try {
      const setup = (...args: string[]) =>
        spawnSync(process.execPath, [SIDECAR_ENTRY, 'setup', ...args], { encoding: 'utf8', env: secrets.env, input: '', timeout: 20_000 });
      const file = join(scratch, 'a-file');
      writeFileSync(file, 'x');
      for (const workspace of [file, join(file, 'workspace'), '/proc/no-workspace-here']) {
        const lines = expectFailure(setup('--workspace', workspace), 'setup', 'SETUP_REFUSED', 73);
        expect(lines[1]).toMatch(/^ {2}remediation: /);
      }
      const missing = expectFailure(setup('--workspace', join(scratch, 'ws'), '--config', join(scratch, 'no-such-config.json')), 'setup', 'SETUP_REFUSED', 66);
      expect(missing[0]).toContain('configuration.missing');
      for (const [text, says] of [
        ['{ not json', 'the file is not JSON'],
        ['{"workspaces": "/tmp"}', 'a key is unknown or a value has the wrong type'],
        [' '.repeat(70_000), 'the file is over 64 KiB'],
      ] as const) {
        const config = join(scratch, 'config.json');
        writeFileSync(config, text);
        const invalid = expectFailure(setup('--workspace', join(scratch, 'ws'), '--config', config), 'setup', 'SETUP_REFUSED', 78);
        expect(invalid[0]).toBe(`setup: SETUP_REFUSED: configuration.invalid: ${says}`);
      }
      expect(setup('--workspace', join(scratch, 'deep', 'er', 'ws')).status).toBe(0);
    } finally {
      secrets.stop();
    }
  });

  it('artifacts failures come in the same style: an unknown grant is a data error (65)', () => {
    const root = mkdtempSync(join(tmpdir(), 'command-line-root-'));
    const lines = expectFailure(
      cli('artifacts', 'export', 'agr_00000000000000000000000000000000', '--out', join(scratch, 'x.ged'), '--artifact-root', root),
      'artifacts export',
      '[A-Z_]+',
      65,
    );
    expect(lines[0]).toMatch(/^artifacts export: ARTIFACT_GRANT_INVALID: /);
  });
});
