import { describe, expect, it } from 'vitest';
import { generateGedcomBytes } from '../../src/gedcom/generate.js';
import { parseGedcom, parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { inspectGedcomBytes } from '../../src/gedcom/inspect/inspect.js';
import { writeGedcomBytes } from '../../src/gedcom/write/writer.js';
import { nodesEqual } from '../../src/gedcom/model.js';

describe('tree generator', () => {
  it('is deterministic per seed', async () => {
    const a = await generateGedcomBytes({ individuals: 300, seed: 5 });
    const b = await generateGedcomBytes({ individuals: 300, seed: 5 });
    const c = await generateGedcomBytes({ individuals: 300, seed: 6 });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it.each(['5.5.1', '7.0'] as const)('writes a clean %s tree with consistent links', async (version) => {
    const bytes = await generateGedcomBytes({ individuals: 500, version });
    const r = await inspectGedcomBytes(bytes);
    expect(r.version.family).toBe(version);
    expect(r.records.byType['INDI']).toBe(500);
    expect(r.records.byType['FAM']).toBe(200);
    expect(r.xrefs.dangling).toBe(0);
    expect(r.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    const doc = parseGedcomBytes(bytes);
    doc.materializeAll();
    const again = parseGedcomBytes(writeGedcomBytes(doc, { canonical: true }));
    doc.records.forEach((rec, i) => expect(nodesEqual(rec.root, again.records[i]?.root ?? rec.root) && again.records[i] !== undefined).toBe(true));
  });

  it('aims at a byte size', async () => {
    const bytes = await generateGedcomBytes({ targetBytes: 2_000_000 });
    expect(bytes.length).toBeGreaterThan(1_500_000);
    expect(bytes.length).toBeLessThan(2_500_000);
  });
});

describe('streamed parse', () => {
  it('reads a chunked stream like a buffer', async () => {
    const bytes = await generateGedcomBytes({ individuals: 200 });
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < bytes.length; i += 997) yield new Uint8Array(bytes.subarray(i, i + 997));
    }
    let progress = 0;
    const doc = await parseGedcom(chunks(), { onProgress: (n) => (progress = n) });
    expect(progress).toBe(bytes.length);
    expect(doc.records.length).toBe(parseGedcomBytes(bytes).records.length);
    expect(writeGedcomBytes(doc).equals(bytes)).toBe(true);
  });
});
