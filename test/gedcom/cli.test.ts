import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGedcomCli } from '../../src/main/gedcom-command.js';
import { corpusRoot } from '../support/corpus.js';

function capture(): {
  io: { stdout: { write(s: string): boolean }; stderr: { write(s: string): boolean }; isTTY: boolean };
  out: () => string;
  err: () => string;
} {
  let out = '';
  let err = '';
  return {
    io: { stdout: { write: (s: string) => ((out += s), true) }, stderr: { write: (s: string) => ((err += s), true) }, isTTY: false },
    out: () => out,
    err: () => err,
  };
}

const torture = join(corpusRoot(), 'gedcom', 'torture-test-tgc55', 'TGC551.ged');
const tmp = mkdtempSync(join(tmpdir(), 'gedcom-cli-'));
/** The progress bar's clock: frozen, so a bar never shows in these runs (and they never wait). */
const clock = (): number => 0;

describe('gedcom command line', () => {
  it('inspect prints JSON without the path', async () => {
    const c = capture();
    expect(await runGedcomCli(['inspect', torture], c.io, clock)).toBe(0);
    const result = JSON.parse(c.out()) as { version: { declared: string }; encoding: { detected: string } };
    expect(result.version.declared).toBe('5.5');
    expect(result.encoding.detected).toBe('ANSEL');
    expect(c.out()).not.toContain('TGC551');
    expect(c.err()).toBe('');
  });

  it('rewrite reproduces the file byte for byte', async () => {
    const c = capture();
    const out = join(tmp, 'rewrite.ged');
    expect(await runGedcomCli(['rewrite', torture, '--out', out], c.io, clock)).toBe(0);
    expect(readFileSync(out).equals(readFileSync(torture))).toBe(true);
  });

  it('convert writes a 7.0 file', async () => {
    const c = capture();
    const out = join(tmp, 'conv.ged');
    expect(await runGedcomCli(['convert', torture, '--to', '7.0', '--out', out], c.io, clock)).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('2 VERS 7.0');
  });

  it.each([
    [['frob'], 64, 'USAGE'],
    [['rewrite', torture], 64, 'USAGE'],
    [['convert', torture, '--to', '6.0', '--out', join(tmp, 'a.ged')], 64, 'USAGE'],
    [['rewrite', torture, '--out', torture], 64, 'USAGE'],
    [['inspect', join(tmp, 'missing.ged')], 66, 'GEDCOM_FILE_UNREADABLE'],
  ] as const)('%j fails with exit %i, one failure line and a remediation line', async (argv, code, name) => {
    const c = capture();
    expect(await runGedcomCli([...argv], c.io, clock)).toBe(code);
    expect(c.err().startsWith(`gedcom: ${name}: `)).toBe(true);
    expect(c.err().trim().split('\n')).toHaveLength(2);
    expect(c.err().split('\n')[1]).toMatch(/^ {2}remediation: /);
    expect(c.err()).not.toMatch(/\n\s+at /);
  });

  it('refuses to convert an unsupported version', async () => {
    const file = join(tmp, 'v501.ged');
    writeFileSync(file, '0 HEAD\n1 GEDC\n2 VERS 5.0\n0 TRLR\n');
    const c = capture();
    expect(await runGedcomCli(['convert', file, '--to', '7.0', '--out', join(tmp, 'o.ged')], c.io, clock)).toBe(65);
    expect(c.err()).toMatch(/^gedcom: GEDCOM_VERSION_UNSUPPORTED: /);
    expect(c.err()).toContain('--assume-version');
  });

  it('rewrites a file without a supported version byte for byte, as docs/gedcom-engine.md says (no --assume-version needed)', async () => {
    const royal92 = join(corpusRoot(), 'gedcom', 'arbre-app-public-gedcoms', 'files', 'royal92.ged');
    const c = capture();
    const out = join(tmp, 'royal92.ged');
    expect(await runGedcomCli(['rewrite', royal92, '--out', out], c.io, clock)).toBe(0);
    expect(readFileSync(out).equals(readFileSync(royal92))).toBe(true);
    expect(c.err()).toBe('');
  });

  const notGedcom: [string, Buffer | string][] = [
    ['html', Buffer.from('<html><body>not gedcom</body></html>\n')],
    ['empty', Buffer.alloc(0)],
    ['binary', Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 131 + 7) & 0xff))],
    ['corpus HTML page', join(corpusRoot(), 'gedcom', 'd-jeffrey-gedcom-samples', 'famous family trees', 'US presidents', 'GeorgeWashington+Family+Small.ged')],
  ];
  it.each(notGedcom)('%s input: convert and rewrite fail as inspect does (GEDCOM_NOT_GEDCOM, 65), --assume-version or not', async (name, content) => {
    const file = typeof content === 'string' ? content : join(tmp, `not-${name}.ged`);
    if (typeof content !== 'string') writeFileSync(file, content);
    const inspected = capture();
    expect(await runGedcomCli(['inspect', file], inspected.io, clock)).toBe(65);
    expect(inspected.err()).toMatch(/^gedcom: GEDCOM_NOT_GEDCOM: /);
    for (const argv of [
      ['convert', file, '--assume-version', '5.5.1', '--to', '7.0'],
      ['convert', file, '--to', '5.5.1'],
      ['rewrite', file, '--assume-version', '5.5'],
      ['rewrite', file],
    ]) {
      const c = capture();
      const out = join(tmp, `out-${name}.ged`);
      expect(await runGedcomCli([...argv, '--out', out, '--force'], c.io, clock)).toBe(65);
      expect(c.err()).toMatch(/^gedcom: GEDCOM_NOT_GEDCOM: /);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('rewrites and converts a file without a supported version with --assume-version (issue 13)', async () => {
    const file = join(tmp, 'v501b.ged');
    const text = '0 HEAD\n1 GEDC\n2 VERS 5.01\n0 @I1@ INDI\n1 NAME A /B/\n1 BIRT\n2 DATE 7 JAN 1932 SL\n0 TRLR\n';
    writeFileSync(file, text);
    const c = capture();
    expect(await runGedcomCli(['rewrite', file, '--assume-version', '5.5', '--out', join(tmp, 'r.ged')], c.io, clock)).toBe(0);
    expect(readFileSync(join(tmp, 'r.ged'), 'utf8')).toBe(text);
    expect(await runGedcomCli(['convert', file, '--assume-version', '5.5.1', '--to', '7.0', '--out', join(tmp, 'c.ged')], c.io, clock)).toBe(0);
    expect(readFileSync(join(tmp, 'c.ged'), 'utf8')).toContain('2 DATE 7 JAN 1932\n3 PHRASE 7 JAN 1932 SL\n');
    const bad = capture();
    expect(await runGedcomCli(['rewrite', file, '--assume-version', '5.0', '--out', join(tmp, 'x.ged')], bad.io, clock)).toBe(64);
  });

  it('reports an engine limit with its code and line, never a JavaScript error name (issue 13)', async () => {
    const file = join(tmp, 'long.ged');
    writeFileSync(file, `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n1 NOTE ${'x'.repeat(13 << 20)}\n0 TRLR\n`);
    const c = capture();
    expect(await runGedcomCli(['convert', file, '--to', '7.0', '--out', join(tmp, 'l.ged')], c.io, clock)).toBe(65);
    expect(c.err()).toMatch(/^gedcom: GEDCOM_INPUT_LIMIT: line 5: /);
    expect(c.err()).not.toMatch(/GedcomError|RangeError|TypeError/);
  });
});
