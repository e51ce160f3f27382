/**
 * NARROW ADAPTER (temporary): a minimal reader and canonical writer of GEDCOM text for the
 * conversion tests, used until the engine core exports its parse / write entry points.
 *
 * Reader: UTF-8 / UTF-16 (BOM or NUL position) / Latin-1 fallback decoding, `level [@xref@] TAG
 * [value]` lines, CONC / CONT folded into the value (CONC only in 5.x), `@@` unescaped (everywhere
 * in 5.x, leading only in 7.0), pointer payloads in `pointer`. Writer: canonical lines, CONT for line
 * breaks, no CONC; 7.0 doubles a leading `@`, 5.x doubles every `@` except in `@#...@` escapes.
 * It is not the engine's parser: no diagnostics, no byte spans, no legacy code pages.
 */

import { createNode, type GedcomNode } from '../model.js';

export function decodeGedcomBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.length > 1 && bytes[0] === 0 && bytes[1] !== 0) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.length > 1 && bytes[0] !== 0 && bytes[1] === 0) return new TextDecoder('utf-16le').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

const LINE = /^\s*(\d+)\s+(?:(@[^@]+@)\s+)?(\S+)(?: (.*))?$/;
const POINTER = /^@[^@#][^@]*@$/;

/** Parse decoded text into record trees. */
export function parseGedcomText(text: string): { records: GedcomNode[]; version: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n\r|\r|\n/);
  let v7 = false;
  // version first: HEAD.GEDC.VERS
  let inHead = false;
  let inGedc = false;
  let version = '';
  for (const l of lines) {
    const m = LINE.exec(l);
    if (!m) continue;
    const level = Number(m[1]);
    const tag = m[3] ?? '';
    if (level === 0) {
      inHead = tag === 'HEAD';
      inGedc = false;
      if (!inHead && version) break;
    } else if (inHead && level === 1) inGedc = tag === 'GEDC';
    else if (inHead && inGedc && level === 2 && tag === 'VERS') version = (m[4] ?? '').trim();
  }
  v7 = version.startsWith('7');
  const roots: GedcomNode[] = [];
  const stack: GedcomNode[] = [];
  let lineNo = 0;
  for (const l of lines) {
    lineNo++;
    if (l.trim() === '') continue;
    const m = LINE.exec(l);
    if (!m) continue;
    const level = Number(m[1]);
    const tag = m[3] ?? '';
    let value = m[4] ?? '';
    const parent = stack[level - 1];
    if ((tag === 'CONT' || (tag === 'CONC' && !v7)) && parent && stack.length >= level) {
      value = v7 ? value.replace(/^@@/, '@') : value.replace(/@@/g, '@');
      parent.value += (tag === 'CONT' ? '\n' : '') + value;
      continue;
    }
    let pointer: string | null = null;
    if (POINTER.test(value)) {
      pointer = value;
      value = '';
    } else value = v7 ? value.replace(/^@@/, '@') : value.replace(/@@/g, '@');
    const n = createNode(tag, value, { xref: m[2] ?? null, pointer });
    n.line = lineNo;
    if (level === 0 || !parent) {
      roots.push(n);
      stack.length = 0;
      stack[0] = n;
    } else {
      parent.children.push(n);
      stack.length = level;
      stack[level] = n;
    }
  }
  return { records: roots, version };
}

export function parseGedcomBytes(bytes: Uint8Array): { records: GedcomNode[]; version: string } {
  return parseGedcomText(decodeGedcomBytes(bytes));
}

function escapeLine(value: string, v7: boolean, first: boolean): string {
  if (v7) return value.startsWith('@') ? `@${value}` : value;
  void first;
  // double every @ that is not part of an @#...@ escape
  return value.replace(/(@#[^@]*@)|@/g, (m, esc: string | undefined) => (esc ? esc : '@@'));
}

/** Write record trees canonically in a version (no CONC splitting). */
export function writeGedcomText(records: readonly GedcomNode[], version: '7.0' | '5.5.1', eol = '\n'): string {
  const v7 = version === '7.0';
  const out: string[] = [];
  const walk = (n: GedcomNode, level: number): void => {
    if (n.tag === '' && n.raw !== undefined) {
      out.push(n.raw);
      return;
    }
    const parts = [String(level)];
    if (n.xref) parts.push(n.xref);
    parts.push(n.tag);
    const lines = n.value.split('\n');
    if (n.pointer !== null) parts.push(n.pointer);
    else if ((lines[0] ?? '') !== '') parts.push(escapeLine(lines[0] ?? '', v7, true));
    out.push(parts.join(' '));
    if (n.pointer === null) {
      for (const l of lines.slice(1)) out.push(l === '' ? `${level + 1} CONT` : `${level + 1} CONT ${escapeLine(l, v7, false)}`);
    }
    for (const c of n.children) walk(c, level + 1);
  };
  for (const r of records) walk(r, 0);
  return (v7 ? '\uFEFF' : '') + out.join(eol) + eol;
}
