#!/usr/bin/env node
// Computes the per-file columns of test/fixtures/gedcom/MANIFEST.md from the files themselves.
//
//   node scripts/fixtures-manifest.mjs            print the generated tables and the coverage summary
//   node scripts/fixtures-manifest.mjs --write    replace the generated blocks inside MANIFEST.md
//   node scripts/fixtures-manifest.mjs --check    exit 1 when a generated block differs from the files
//   node scripts/fixtures-manifest.mjs --json     print one JSON object per file
//   node scripts/fixtures-manifest.mjs --dir D    work on another folder laid out the same way
//
// The folder holds one sub-folder per source repository (<owner>-<repo>/), each with the files at their
// original relative paths. MANIFEST.md is hand-written around generated blocks:
//   <!-- BEGIN generated:summary --> ... <!-- END generated:summary -->
//   <!-- BEGIN generated:<folder> --> ... <!-- END generated:<folder> -->
// Only those blocks are rewritten by --write. No dependencies: a quick line scan, not a GEDCOM parser.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inflateRawSync } from 'node:zlib';

const DATA_EXT = /\.(ged|gedcom)$/i;
const HEAD_START = /^\s*0\s+HEAD\b/;

export function listFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const ent of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (ent.isFile()) out.push(relative(root, p).split(sep).join('/'));
    }
  };
  walk(root);
  // MANIFEST.md and the .gitattributes that keeps git from touching line ends are not fixtures.
  return out.filter((f) => f !== 'MANIFEST.md' && f !== '.gitattributes').sort();
}

/** Reads the gedcom.ged entry (or the first .ged entry) of a GEDZIP archive. */
function gdzEntry(buf) {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let pick = null;
  for (let n = 0; n < count && p + 46 <= buf.length; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) break;
    const method = buf.readUInt16LE(p + 10);
    const csize = buf.readUInt32LE(p + 20);
    const nlen = buf.readUInt16LE(p + 28);
    const xlen = buf.readUInt16LE(p + 30);
    const clen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nlen).toString('utf8');
    if (name === 'gedcom.ged' || (!pick && /\.ged$/i.test(name))) pick = { name, method, csize, local };
    p += 46 + nlen + xlen + clen;
  }
  if (!pick) return null;
  const l = pick.local;
  const start = l + 30 + buf.readUInt16LE(l + 26) + buf.readUInt16LE(l + 28);
  const raw = buf.subarray(start, start + pick.csize);
  if (pick.method === 0) return raw;
  if (pick.method === 8) return inflateRawSync(raw);
  return null;
}

function isUtf8(buf) {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/** What the bytes are, and the text to scan (8-bit files are read as latin1: only ASCII tags matter). */
export function detectEncoding(buf) {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    return { encoding: 'UTF-8 BOM', text: buf.subarray(3).toString('utf8') };
  }
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) {
    return { encoding: 'UTF-16LE BOM', text: buf.subarray(2).toString('utf16le') };
  }
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    return { encoding: 'UTF-16BE BOM', text: Buffer.from(buf.subarray(2)).swap16().toString('utf16le') };
  }
  if (buf.length >= 2 && buf[0] !== 0 && buf[1] === 0) {
    return { encoding: 'UTF-16LE noBOM', text: buf.subarray(0, buf.length & ~1).toString('utf16le') };
  }
  if (buf.length >= 2 && buf[0] === 0 && buf[1] !== 0) {
    return {
      encoding: 'UTF-16BE noBOM',
      text: Buffer.from(buf.subarray(0, buf.length & ~1))
        .swap16()
        .toString('utf16le'),
    };
  }
  let high = false;
  for (const b of buf)
    if (b >= 0x80) {
      high = true;
      break;
    }
  if (!high) return { encoding: 'ASCII', text: buf.toString('latin1') };
  if (isUtf8(buf)) return { encoding: 'UTF-8', text: buf.toString('utf8') };
  return { encoding: '8-bit non-UTF-8', text: buf.toString('latin1') };
}

/** Line terminators seen: one name, or "mixed(...)" with counts. */
export function lineTerminators(text) {
  const counts = { CRLF: 0, LFCR: 0, CR: 0, LF: 0 };
  for (const m of text.matchAll(/\r\n|\n\r|\r|\n/g)) {
    const t = m[0] === '\r\n' ? 'CRLF' : m[0] === '\n\r' ? 'LFCR' : m[0] === '\r' ? 'CR' : 'LF';
    counts[t]++;
  }
  const seen = Object.entries(counts).filter(([, n]) => n > 0);
  if (seen.length === 0) return 'none';
  if (seen.length === 1) return seen[0][0];
  return `mixed(${seen.map(([k, n]) => `${k} ${n}`).join(', ')})`;
}

const LINE = /^\s*(\d+)\s+(?:(@[^@\s]*@)\s+)?(\S+)(?:[ \t](.*))?$/;

/** HEAD.GEDC.VERS, HEAD.CHAR, HEAD.SOUR (+VERS) and record counts from a quick line scan. */
export function scanText(text) {
  const lines = text.split(/\r\n|\n\r|\r|\n/);
  const res = { vers: '?', char: '-', sour: '-', sourVers: '', indi: 0, fam: 0, maxlen: 0 };
  let inHead = false;
  let headSeen = false;
  let l1 = '';
  for (const raw of lines) {
    const line = raw.replace(/^\uFEFF/, '');
    if (line.length > res.maxlen) res.maxlen = line.length;
    const m = LINE.exec(line);
    if (!m) continue;
    const level = Number(m[1]);
    const tag = m[3];
    const value = (m[4] ?? '').trim();
    if (level === 0) {
      inHead = !headSeen && !m[2] && tag === 'HEAD';
      if (inHead) headSeen = true;
      if (m[2] && tag === 'INDI') res.indi++;
      if (m[2] && tag === 'FAM') res.fam++;
      continue;
    }
    if (!inHead) continue;
    if (level === 1) {
      l1 = tag;
      if (tag === 'CHAR' && res.char === '-') res.char = value || '(empty)';
      if (tag === 'SOUR' && res.sour === '-') res.sour = value || '(empty)';
    } else if (level === 2 && tag === 'VERS') {
      if (l1 === 'GEDC' && res.vers === '?') res.vers = value || '(empty)';
      if (l1 === 'SOUR' && !res.sourVers) res.sourVers = value;
    }
  }
  return res;
}

export function describe(root, file) {
  const buf = readFileSync(join(root, file));
  const md5 = createHash('md5').update(buf).digest('hex');
  const base = { file, bytes: buf.length, md5: md5.slice(0, 8) };
  let data = buf;
  let container = '';
  if (/\.gdz$/i.test(file)) {
    data = gdzEntry(buf);
    container = 'GEDZIP ';
    if (!data) return { ...base, gedcom: false };
  }
  const { encoding, text } = detectEncoding(data);
  if (!container && !DATA_EXT.test(file) && !HEAD_START.test(text)) return { ...base, gedcom: false };
  return { ...base, gedcom: true, encoding: container + encoding, eol: lineTerminators(text), ...scanText(text) };
}

// Control characters (a CHAR value can be a stray byte) are shown as \xNN; pipes are escaped for the table.
const hexEscape = (c) => {
  const n = c.charCodeAt(0);
  return n < 0x20 || (n >= 0x7f && n <= 0x9f) ? `\\x${n.toString(16).padStart(2, '0')}` : c;
};
const cell = (v) => Array.from(String(v), hexEscape).join('').replace(/\|/g, '\\|');

export function folderTable(rows) {
  const data = rows.filter((r) => r.gedcom);
  const other = rows.filter((r) => !r.gedcom);
  const out = [];
  if (data.length) {
    out.push('| file | bytes | md5 | VERS | CHAR | encoding | EOL | producer (SOUR / VERS) | INDI | FAM | maxlen |');
    out.push('|---|---:|---|---|---|---|---|---|---:|---:|---:|');
    for (const r of data) {
      const prod = r.sourVers ? `${r.sour} / ${r.sourVers}` : r.sour;
      out.push(`| ${[r.file, r.bytes, r.md5, r.vers, r.char, r.encoding, r.eol, prod, r.indi, r.fam, r.maxlen].map(cell).join(' | ')} |`);
    }
  }
  if (other.length) {
    if (out.length) out.push('');
    out.push('Other files (licence and notes copied from the repository):');
    out.push('');
    out.push('| file | bytes | md5 |');
    out.push('|---|---:|---|');
    for (const r of other) out.push(`| ${[r.file, r.bytes, r.md5].map(cell).join(' | ')} |`);
  }
  return out.join('\n');
}

function tally(rows, key, group = (v) => v) {
  const m = new Map();
  for (const r of rows) {
    const k = cell(group(r[key]));
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m.entries()]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([k, n]) => `${k} x${n}`)
    .join(', ');
}

export function summary(all) {
  const data = all.filter((r) => r.gedcom);
  const bytes = all.reduce((s, r) => s + r.bytes, 0);
  const producers = new Map();
  for (const r of data) producers.set(cell(r.sour), (producers.get(cell(r.sour)) ?? 0) + 1);
  const prod = [...producers.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${k} x${n}`)
    .join(', ');
  const long = data.filter((r) => r.maxlen > 255).map((r) => `${r.path} (${r.maxlen})`);
  return [
    `- Files: ${data.length} GEDCOM data files (+ ${all.length - data.length} licence/notes files), ${bytes} bytes in total.`,
    `- HEAD.GEDC.VERS: ${tally(data, 'vers')} ("?" = none found)`,
    `- HEAD.CHAR: ${tally(data, 'char')} ("-" = no CHAR line)`,
    `- Actual bytes: ${tally(data, 'encoding')}`,
    `- Line terminators: ${tally(data, 'eol', (v) => v.replace(/\(.*\)$/, ''))} (per-file counts of the mixed ones in the tables)`,
    `- Producers (HEAD.SOUR): ${prod}`,
    `- Physical lines longer than 255 characters: ${long.length ? long.join(', ') : 'none'}`,
  ].join('\n');
}

export function collect(root) {
  const files = listFiles(root);
  const folders = new Map();
  const all = [];
  for (const f of files) {
    const [folder, ...rest] = f.split('/');
    const r = { ...describe(join(root, folder), rest.join('/')), path: f };
    if (!folders.has(folder)) folders.set(folder, []);
    folders.get(folder).push(r);
    all.push(r);
  }
  return { folders, all };
}

function main(argv) {
  const dirIdx = argv.indexOf('--dir');
  const root = dirIdx >= 0 ? argv[dirIdx + 1] : fileURLToPath(new URL('../test/fixtures/gedcom', import.meta.url));
  const { folders, all } = collect(root);
  if (argv.includes('--json')) {
    for (const r of all) console.log(JSON.stringify(r));
    return;
  }
  const blocks = new Map([['summary', summary(all)]]);
  for (const [folder, rows] of folders) blocks.set(folder, folderTable(rows));
  if (!argv.includes('--write') && !argv.includes('--check')) {
    for (const [name, body] of blocks) console.log(`## ${name}\n\n${body}\n`);
    return;
  }
  const path = join(root, 'MANIFEST.md');
  let md = readFileSync(path, 'utf8');
  const stale = [];
  for (const [name, body] of blocks) {
    const begin = `<!-- BEGIN generated:${name} -->`;
    const end = `<!-- END generated:${name} -->`;
    const a = md.indexOf(begin);
    const b = md.indexOf(end);
    if (a < 0 || b < a) {
      console.error(`MANIFEST.md has no block ${begin} ... ${end}`);
      process.exitCode = 1;
      continue;
    }
    const next = `${md.slice(0, a + begin.length)}\n${body}\n${md.slice(b)}`;
    if (next !== md) stale.push(name);
    md = next;
  }
  if (argv.includes('--check')) {
    if (stale.length) {
      console.error(`MANIFEST.md is out of date in: ${stale.join(', ')} (run node scripts/fixtures-manifest.mjs --write)`);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(path, md);
  console.log(`updated ${path}: ${all.length} files in ${folders.size} folders`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main(process.argv.slice(2));
