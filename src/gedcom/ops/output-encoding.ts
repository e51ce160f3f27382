import type { GedcomDiagnostic, GedcomEncoding, GedcomEncodingInfo, GedcomNode, GedcomRecord } from '../model.js';
import { payloadCodec } from '../decode/codecs.js';
import { TERMINATOR_TEXT } from '../write/writer.js';
import { cloneNode, createdRecord } from './output.js';
import { canonicalTextOf, OutputDocument, writtenFromSource } from './output-document.js';
import { transientTree } from './tree-index.js';

/** Encodings that hold every character: nothing written in them is ever lost. */
export const holdsEveryCharacter = (encoding: GedcomEncoding): boolean => encoding === 'UTF-8' || encoding === 'UTF-16LE' || encoding === 'UTF-16BE';

/** Anything but printable ASCII and line breaks: text without it is the same in every encoding. */
const NOT_PLAIN_ASCII = /[^\t\n\r -~]/;

/** HEAD with CHAR UTF-8 (its VERS, the version of the old character set, dropped); 7.x adds no CHAR. */
function headInUtf8(head: GedcomRecord, isV7: boolean): GedcomRecord {
  const tree = cloneNode(transientTree(head));
  const char = tree.children.find((c) => c.tag === 'CHAR');
  if (char !== undefined) {
    char.value = 'UTF-8';
    char.children = char.children.filter((c) => c.tag !== 'VERS');
  } else if (!isV7) {
    const node: GedcomNode = { tag: 'CHAR', xref: null, pointer: null, value: 'UTF-8', children: [], line: 0 };
    const gedc = tree.children.findIndex((c) => c.tag === 'GEDC');
    tree.children.splice(gedc < 0 ? tree.children.length : gedc + 1, 0, node);
  }
  return createdRecord(tree);
}

/**
 * The output in an encoding that holds every character it is written with. Records written
 * canonically (changed, created or merged) may hold characters the origin's 8-bit encoding
 * (ANSEL, ASCII, a code page) cannot represent, such as a name from a UTF-8 file merged into an
 * ANSEL one; written in that encoding each would become `?`. Then the whole output is UTF-8
 * instead (allowed by 5.5.1, whose rules the 5.x outputs follow, and by 7.0): HEAD.CHAR says
 * UTF-8, untouched records are re-encoded from their source bytes, the change is reported in
 * `outputEncoding` and as an `ENCODING_UNREPRESENTABLE` warning. Otherwise the output is `doc`
 * itself. `tick` is called once per record.
 */
export function inRepresentableEncoding(doc: OutputDocument, tick: () => void = () => undefined): OutputDocument {
  const from = doc.encoding.used;
  if (holdsEveryCharacter(from)) return doc;
  const codec = payloadCodec(from);
  const opts = { isV7: doc.version.isV7, eol: TERMINATOR_TEXT[doc.terminator], maxPayload: 200 };
  let unrepresentable = 0;
  for (const rec of doc.records) {
    tick();
    if (writtenFromSource(doc, rec)) continue;
    const text = canonicalTextOf(doc, rec, opts);
    if (NOT_PLAIN_ASCII.test(text)) unrepresentable += codec.encode(text).unrepresentable;
  }
  if (unrepresentable === 0) return doc;
  const records = doc.records.slice();
  const head = records.findIndex((r) => r.tag === 'HEAD');
  // cast: head indexes a record of records when it is not -1
  if (head >= 0) records[head] = headInUtf8(records[head] as GedcomRecord, doc.version.isV7);
  const diagnostic: GedcomDiagnostic = {
    code: 'ENCODING_UNREPRESENTABLE',
    severity: 'warning',
    line: 0,
    message: `${unrepresentable} characters have no ${from} representation: the output is written in UTF-8`,
  };
  const encoding: GedcomEncodingInfo = { declared: 'UTF-8', used: 'UTF-8', bom: null, asciiOnly: false };
  return new OutputDocument(
    doc.version,
    encoding,
    doc.terminator,
    records,
    doc.origin,
    [...doc.diagnostics, diagnostic],
    { encoding: from, unrepresentable },
    doc.canonical,
  );
}
