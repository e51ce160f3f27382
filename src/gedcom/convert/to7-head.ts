/** The header in the 5.5 / 5.5.1 -> 7.0 conversion: HEAD, GEDC, the SCHMA of known extension tags. */

import type { GedcomNode } from '../model.js';
import { KNOWN_EXTENSION_URIS } from './tables.js';
import { child, node, pathOf } from './tree.js';
import type { Notes, TagPath } from './tree.js';

/**
 * HEAD: GEDC.VERS 7.0 (GEDC.FORM removed), CHAR, FILE and SUBN removed (kept as extensions when
 * they carry substructures), a SUBM pointer to a SUBN record dropped, `@#` escapes removed from
 * SOUR / DEST / COPR; the other lines converted by `convertChild`.
 */
export function convertHead(
  head: GedcomNode,
  notes: Notes,
  subnXrefs: ReadonlySet<string>,
  convertChild: (c: GedcomNode, path: TagPath) => GedcomNode[],
): GedcomNode {
  const kept: GedcomNode[] = [];
  const headPath = pathOf(null, 'HEAD');
  let gedc: GedcomNode | undefined;
  /** A removed header structure that carries substructures is kept as an extension so they survive. */
  const removeOrKeep = (c: GedcomNode, code: string): void => {
    notes.add(code, ['HEAD', c.tag], c.line, c.pointer ?? c.value);
    if (c.children.length === 0) return;
    notes.add('REMOVED_STRUCTURE_KEPT_AS_EXTENSION', ['HEAD', c.tag], c.line, `_EXT_${c.tag}`);
    c.tag = `_EXT_${c.tag}`;
    if (c.pointer !== null) {
      c.value = c.pointer;
      c.pointer = null;
    }
    kept.push(c);
  };
  for (const c of head.children) {
    switch (c.tag) {
      case 'CHAR':
        removeOrKeep(c, 'REMOVED_HEAD_CHAR');
        break;
      case 'FILE':
        removeOrKeep(c, 'REMOVED_HEAD_FILE');
        break;
      case 'SUBN':
        removeOrKeep(c, 'REMOVED_HEAD_SUBN');
        break;
      case 'GEDC':
        gedc = c;
        break;
      case 'SUBM':
        if (c.pointer !== null && subnXrefs.has(c.pointer)) break;
        kept.push(...convertChild(c, headPath));
        break;
      case 'SOUR':
      case 'DEST':
      case 'COPR':
        // system id / destination / copyright: plain text, substructures standard
        if (c.pointer !== null) {
          // a pointer where text belongs (a damaged file): kept as that text
          notes.add('POINTER_AS_TEXT', ['HEAD', c.tag], c.line, c.pointer);
          c.value = c.pointer;
          c.pointer = null;
        }
        if (c.value.includes('@#')) c.value = c.value.replace(/@#[^@]*@ ?/g, '');
        c.children = c.children.flatMap((cc) => convertChild(cc, pathOf(headPath, c.tag)));
        kept.push(c);
        break;
      default:
        kept.push(...convertChild(c, headPath));
    }
  }
  head.children = [gedcTo7(gedc, notes, (g) => convertChild(g, pathOf(headPath, 'GEDC'))), ...kept];
  return head;
}

/**
 * GEDC: VERS 7.0 (substructures of the old VERS kept), FORM removed (an extension if it has
 * substructures), any other line converted like the rest of the header (`convertChild`).
 */
function gedcTo7(gedc: GedcomNode | undefined, notes: Notes, convertChild: (g: GedcomNode) => GedcomNode[]): GedcomNode {
  const vers = node('VERS', '7.0');
  const newGedc = node('GEDC', '', [vers]);
  if (gedc) {
    for (const g of gedc.children) {
      if (g.tag === 'VERS') {
        vers.children.push(...g.children);
        continue;
      }
      if (g.tag === 'FORM') {
        notes.add('REMOVED_GEDC_FORM', ['HEAD', 'GEDC', 'FORM'], g.line, g.value);
        if (g.children.length > 0) {
          g.tag = '_EXT_FORM';
          newGedc.children.push(g);
        }
        continue;
      }
      newGedc.children.push(...convertChild(g));
    }
  }
  return newGedc;
}

/** A file without HEAD gets a minimal 7.0 one, first, with a finding. */
export function ensureHead(out: GedcomNode[], notes: Notes): void {
  if (out.some((r) => r.tag === 'HEAD')) return;
  out.unshift(node('HEAD', '', [node('GEDC', '', [node('VERS', '7.0')])]));
  notes.add('ADDED_HEAD', ['HEAD'], 0);
}

/**
 * HEAD.SCHMA lists the known URIs of the extension tags used (after GEDC), unless the file had
 * a SCHMA of its own (`hadSchema`).
 */
export function declareKnownExtensions(out: readonly GedcomNode[], hadSchema: boolean, extensionTagsUsed: ReadonlySet<string>): void {
  const head = out.find((r) => r.tag === 'HEAD');
  if (!head) return;
  const known = hadSchema ? [] : [...extensionTagsUsed].filter((t) => KNOWN_EXTENSION_URIS.has(t)).sort();
  if (known.length === 0) return;
  let schma = child(head, 'SCHMA');
  if (!schma) {
    schma = node('SCHMA');
    const gedcIdx = head.children.findIndex((c) => c.tag === 'GEDC');
    head.children.splice(gedcIdx + 1, 0, schma);
  }
  for (const t of known) {
    if (!schma.children.some((c) => c.tag === 'TAG' && c.value.split(' ')[0] === t)) {
      schma.children.push(node('TAG', `${t} ${KNOWN_EXTENSION_URIS.get(t) ?? ''}`));
    }
  }
}
