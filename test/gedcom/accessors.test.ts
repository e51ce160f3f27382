import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { families, individuals, notes, repositories, sources, submitters, mediaObjects } from '../../src/gedcom/accessors/index.js';
import { corpusRoot } from '../support/corpus.js';

const file = (rel: string): Buffer => readFileSync(join(corpusRoot(), 'gedcom', rel));

describe('typed accessors', () => {
  it('read a 5.5.1 tree (generated-like shape)', () => {
    const doc = parseGedcomBytes(
      Buffer.from(
        [
          '0 HEAD',
          '1 GEDC',
          '2 VERS 5.5.1',
          '1 CHAR UTF-8',
          '0 @I1@ INDI',
          '1 NAME Jean /Dupont/',
          '2 GIVN Jean',
          '1 SEX M',
          '1 BIRT',
          '2 DATE ABT 1850',
          '2 PLAC Paris, Île-de-France, France',
          '3 MAP',
          '4 LATI N48.85',
          '4 LONG E2.35',
          '2 SOUR @S1@',
          '3 PAGE p. 4',
          '1 FAMS @F1@',
          '1 NOTE @N1@',
          '0 @I2@ INDI',
          '1 NAME Marie /Curie/',
          '1 FAMS @F1@',
          '0 @I3@ INDI',
          '1 NAME Paul /Dupont/',
          '1 FAMC @F1@',
          '2 PEDI adopted',
          '0 @F1@ FAM',
          '1 HUSB @I1@',
          '1 WIFE @I2@',
          '1 CHIL @I3@',
          '1 MARR',
          '2 DATE 1875',
          '0 @S1@ SOUR',
          '1 TITL Registre',
          '1 REPO @R1@',
          '0 @R1@ REPO',
          '1 NAME Archives',
          '0 @N1@ NOTE Long',
          '1 CONC  text',
          '1 CONT second line',
          '0 @U1@ SUBM',
          '1 NAME Me',
          '0 TRLR',
          '',
        ].join('\n'),
      ),
    );
    const [jean, marie, paul] = individuals(doc);
    expect(jean?.name?.surname).toBe('Dupont');
    expect(jean?.name?.given).toBe('Jean');
    expect(jean?.sex).toBe('M');
    expect(jean?.birth?.date).toBe('ABT 1850');
    expect(jean?.birth?.place?.parts).toEqual(['Paris', 'Île-de-France', 'France']);
    expect(jean?.birth?.place?.latitude).toBe(48.85);
    expect(jean?.birth?.citations()[0]?.page).toBe('p. 4');
    expect(jean?.birth?.citations()[0]?.source()?.title).toBe('Registre');
    expect(jean?.notes()[0]?.text).toBe('Long text\nsecond line');
    expect(marie?.familiesAsSpouse()[0]?.husband?.xref).toBe('@I1@');
    expect(paul?.familiesAsChild()[0]?.pedigree).toBe('adopted');
    const fam = families(doc)[0];
    expect(fam?.children().map((c) => c?.name?.display)).toEqual(['Paul Dupont']);
    expect(fam?.marriage?.date).toBe('1875');
    expect(sources(doc)[0]?.repositories()[0]?.name).toBe('Archives');
    expect(repositories(doc)).toHaveLength(1);
    expect(notes(doc)).toHaveLength(1);
    expect(submitters(doc)[0]?.name).toBe('Me');
  });

  it('read the FamilySearch 7.0 maximal file', () => {
    const doc = parseGedcomBytes(file('familysearch-gedcom.io/gedcom70/maximal70.ged'));
    expect(individuals(doc)).toHaveLength(4);
    expect(families(doc)).toHaveLength(2);
    expect(notes(doc)).toHaveLength(2);
    expect(mediaObjects(doc).length).toBeGreaterThan(0);
    const fam = families(doc)[0];
    expect(fam?.children()).toContain(null); // CHIL @VOID@
    for (const i of individuals(doc)) for (const e of i.events()) expect(typeof e.tag).toBe('string');
  });
});
