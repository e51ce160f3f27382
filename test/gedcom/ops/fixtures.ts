import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';
import type { GedcomDocument } from '../../../src/gedcom/document.js';
import type { GedcomDocumentLike } from '../../../src/gedcom/model.js';
import { writeOutputBytes } from '../../../src/gedcom/ops/output.js';

export function doc(text: string): GedcomDocument {
  return parseGedcomBytes(Buffer.from(text.replace(/^\s+/gm, ''), 'utf8'));
}

/** Write and parse again (what a reader of the output artifact sees). */
export function reparse(d: GedcomDocumentLike): GedcomDocument {
  return parseGedcomBytes(writeOutputBytes(d));
}

export function xrefsOf(d: GedcomDocumentLike, tag: string): string[] {
  return d.records.filter((r) => r.tag === tag).map((r) => r.xref as string);
}

export const EMPTY_551 = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 TRLR\n';

/** A small family: grandparents, parents, children, a spouse, sources, notes, media, a repo. */
export const FAMILY = `
0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
1 SUBM @U1@
0 @U1@ SUBM
1 NAME Submitter
0 @I1@ INDI
1 NAME Adam /Root/
1 SEX M
1 BIRT
2 DATE 1900
2 SOUR @S1@
1 FAMS @F2@
1 FAMC @F1@
0 @I2@ INDI
1 NAME Eve /Other/
1 SEX F
1 FAMS @F2@
1 NOTE @N1@
0 @I3@ INDI
1 NAME Gus /Root/
1 SEX M
1 BIRT
2 DATE 1870
1 FAMS @F1@
0 @I4@ INDI
1 NAME Gina /Old/
1 SEX F
1 FAMS @F1@
1 OBJE @O1@
0 @I5@ INDI
1 NAME Cal /Root/
1 SEX M
1 BIRT
2 DATE 12 MAR 1925
1 FAMC @F2@
1 FAMS @F3@
0 @I6@ INDI
1 NAME Dee /Root/
1 SEX F
1 FAMC @F2@
0 @I7@ INDI
1 NAME Kim /Far/
1 SEX F
1 FAMS @F3@
0 @I8@ INDI
1 NAME Zed /Root/
1 SEX M
1 FAMC @F3@
0 @F1@ FAM
1 HUSB @I3@
1 WIFE @I4@
1 CHIL @I1@
0 @F2@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I5@
1 CHIL @I6@
1 MARR
2 DATE 1922
0 @F3@ FAM
1 HUSB @I5@
1 WIFE @I7@
1 CHIL @I8@
0 @S1@ SOUR
1 TITL Register
1 REPO @R1@
0 @R1@ REPO
1 NAME Archive
0 @N1@ NOTE A note
0 @O1@ OBJE
1 FILE photo.jpg
2 FORM jpg
0 _LOC unreferenced extension record
0 TRLR
`;
