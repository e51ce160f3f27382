import { NICKNAMES_CSV } from './nickname-table.js';
import { foldAscii, soundex } from './soundex.js';

/**
 * Name equivalence of merge: given-name tokens agree when equal, nickname or abbreviation forms
 * of one name (nickname-table.ts and the genealogical abbreviations and European forms below),
 * one is the initial of the other, or they share their first letter and Soundex; surnames agree
 * when equal after folding (diacritics, ß/ss, Mc/Mac) or of the same first letter and Soundex.
 * Alias and placeholder names (digits, single letters only, `s552//`) are never evidence.
 */

/** Abbreviations of English registers and European forms of a name (the project's own list), as `name:form,form;...`. */
const OWN_FORMS =
  'william:wm,will,wilhelm,willem,guillaume,guglielmo,guillermo;john:jno,jn,johann,johannes,jan,jean,juan,giovanni,hans,jack,johan;' +
  'johann:hans,johannes,jan,johan;johannes:hans,jan,johan;george:geo,georg,georges,jorge,giorgio;thomas:thos,thom,tomas;' +
  'james:jas,jacques,jacob,jakob,diego,jaime;charles:chas,chs,carl,karl,carlos,carlo;robert:robt,rob,ruprecht;richard:richd,ricard;' +
  'joseph:jos,josef,giuseppe,jose;edward:edw,edwd,eduard,edouard;henry:hy,hen,heinrich,henri,enrique,enrico,hendrik,harry;' +
  'margaret:margt,marg,margarethe,marguerite,margarete,greta,grete,peggy,maggie,meg;elizabeth:eliz,eliza,elisabeth,elise,lisbeth,isabel,betsy,bess,betty;' +
  'benjamin:benj,benjn;samuel:saml,sam;daniel:danl,dan;alexander:alexr,alex,alexandre,alessandro,sandor;frederick:fredk,fred,friedrich,frederic,fritz;' +
  'nathaniel:nathl,nath;jonathan:jona,jonath;christopher:xpher,xtopher,christoph,kit;catherine:cath,katharina,katherine,kathrin,catharina,caterina,kate;' +
  'mary:maria,marie,mae,polly,molly;ann:anna,anne,nancy,hannah;louis:lewis,ludwig,luis,luigi,lodewijk;peter:pieter,pierre,pedro,pietro;' +
  'michael:michel,michiel,miguel,michele;francis:franz,francois,francisco,francesco,frank;anthony:anton,antoine,antonio,tony;' +
  'stephen:stephan,stefan,etienne,esteban,steven;andrew:andreas,andre,andres,andrea,anders;matthew:matthias,mathieu,mattheus;' +
  'elisabeth:elizabeth,elise,lisbeth,liesel,elsa,betty;catherine:kitty,kate,kathleen,katharina;katherine:kitty,kate,kathleen;' +
  'anne:ann,anna,nancy,annie,nan;eleanor:nell,nelly,ellen,elinor,leonora,eleonore;isabella:isabel,isobel,bella,isabelle;' +
  'jane:jenny,jean,jeanne;david:davy,dafydd,dai,dewi;' +
  'olaf:olav,olof,oleif,ole;harald:harold;ivar:ingvar,ivarr;sigurd:sigurdr,sigurdur;magnus:mans';

/**
 * Token -> the ids of the rows it is in (`groups`) and of the rows it heads (`heads`). A row is a
 * name and its forms; two tokens agree through a row only when one of them heads it: "bill:
 * robert, william" makes Bill a form of Robert and of William, not Robert a form of William.
 */
function buildNameGroups(): { groups: ReadonlyMap<string, readonly number[]>; heads: ReadonlyMap<string, readonly number[]> } {
  const groups = new Map<string, number[]>();
  const heads = new Map<string, number[]>();
  const add = (into: Map<string, number[]>, key: string, g: number): void => {
    const list = into.get(key);
    if (list === undefined) into.set(key, [g]);
    else if (!list.includes(g)) list.push(g);
  };
  let id = 0;
  for (const row of `${NICKNAMES_CSV};${OWN_FORMS}`.split(';')) {
    const [name, forms] = row.split(':');
    if (name === undefined || forms === undefined) continue;
    const g = id++;
    add(heads, name.toUpperCase(), g);
    for (const t of [name, ...forms.split(',')]) add(groups, t.toUpperCase(), g);
  }
  return { groups, heads };
}

const NAME_GROUPS = buildNameGroups();

export interface GivenToken {
  readonly text: string;
  readonly code: string;
  /** Rows of the nickname tables the token is in (empty when it is in none). */
  readonly groups: readonly number[];
  /** Rows of the nickname tables the token heads. */
  readonly heads: readonly number[];
  /** Written with an abbreviation point ("V." of "Ivor V."): an initial, never a regnal number. */
  readonly abbreviated: boolean;
}

/** Folded, upper-case given-name tokens (hyphens and abbreviation points separate tokens). */
export function givenTokens(given: string): GivenToken[] {
  const pointed = new Set([...given.matchAll(/([^\s.-]+)\./g)].map((m) => foldGiven(m[1] ?? '')[0]));
  return foldGiven(given).map((text) => ({
    text,
    code: soundex(text),
    groups: NAME_GROUPS.groups.get(text) ?? [],
    heads: NAME_GROUPS.heads.get(text) ?? [],
    abbreviated: pointed.has(text),
  }));
}

function foldGiven(given: string): string[] {
  return foldAscii(given.replace(/[-.]/g, ' '))
    .toUpperCase()
    .split(/\s+/)
    .filter((t) => t !== '');
}

/** Folded surname with Mc/M' written Mac, for comparing and for its Soundex. */
export function foldSurname(surname: string): string {
  const folded = foldAscii(surname.replace(/[-'’]/g, ' ')).toUpperCase().replace(/\s+/g, ' ').trim();
  const mac = folded.replace(/^MC ?/, 'MAC').replace(/^M /, 'MAC');
  // a particle written into the surname by one program and as SPFX by another ("d' ALBRET", "de VALOIS")
  const bare = mac.replace(/^((D|DE|DI|DA|DU|DES|DEL|DELLA|LA|LE|VAN|VON|DER|DEN|TEN|TER|OF|ZU|Y) )+/, '');
  return bare === '' ? mac : bare;
}

/** An ordinal written in figures ("6th Earl of Devon", "1st Lord Drummond"): part of a name, not an alias's digits. */
const ORDINAL = /\b\d+(?:st|nd|rd|th)\b/gi;

/** An alias or a placeholder rather than a name: digits other than an ordinal's, or only single letters (`s552//`, `X /Y/`, `?`). */
export function placeholderName(given: string, surname: string): boolean {
  if (/\d/.test(given.replace(ORDINAL, '')) || /\d/.test(surname.replace(ORDINAL, ''))) return true;
  const tokens = [...foldGiven(given), ...foldSurname(surname).split(' ')].filter((t) => t !== '');
  return tokens.every((t) => t.length <= 1);
}

/** How two given-name tokens agree: 0.5 equal or of one name group, 0.25 initial or phonetic, 0 not. */
export function tokenAgreement(x: GivenToken, y: GivenToken): number {
  if (NOT_EVIDENCE.has(x.text) || NOT_EVIDENCE.has(y.text)) return 0;
  if (x.text === y.text) return 0.5;
  if (x.text.length === 1 || y.text.length === 1) return x.text[0] === y.text[0] ? 0.25 : 0;
  for (const g of x.heads) if (y.groups.includes(g)) return 0.5;
  for (const g of y.heads) if (x.groups.includes(g)) return 0.5;
  // abbreviations not in the tables: "Wm" of "William" (a prefix of at least 3 letters)
  if (x.text.length >= 3 && y.text.startsWith(x.text)) return 0.25;
  if (y.text.length >= 3 && x.text.startsWith(y.text)) return 0.25;
  return x.text[0] === y.text[0] && x.code === y.code ? 0.25 : 0;
}

/** Particles of patronymic and noble names (ab, ap, ferch, von...) and regnal numbers: never evidence that two given names agree. */
const NOT_EVIDENCE: ReadonlySet<string> = new Set([
  'AB',
  'AP',
  'FERCH',
  'VERCH',
  'MAC',
  'MC',
  'NI',
  'NIC',
  'O',
  'BIN',
  'BINT',
  'IBN',
  'VON',
  'VAN',
  'DE',
  'DI',
  'DA',
  'DU',
  'LE',
  'LA',
  'OF',
]);
const REGNAL = /^(I{1,3}|IV|VI{0,3}|IX|XI{0,3}|XIV|XVI{0,3}|XIX|XX)$/;

/** The regnal number of a given name ("Louis XIV" -> "XIV"); '' when none. */
export function regnalNumber(tokens: readonly GivenToken[]): string {
  for (const t of tokens) if (REGNAL.test(t.text) && t.text !== 'I' && !t.abbreviated) return t.text;
  return '';
}

const PATRONYMIC = /^(.+?)(S?SON|SEN|S?DOTTER|S?DATTER|S?DOTTIR|S?DATTIR|OVICH|EVICH|OVNA|EVNA|SDR|SD|S)$/;

/** The father's name a patronymic surname is made of ("ERIKSSON" -> "ERIK"); null when it is none. */
export function patronymicRoot(surname: string): string | null {
  const root = PATRONYMIC.exec(surname)?.[1] ?? '';
  return root.length < 2 ? null : root;
}

/** A patronymic written as a particle before the father's name ("AP CADWGON", "VERCH HYWEL", "FITZ WALTER", "FITZWALTER"). */
const PATRONYMIC_PREFIX = /^(?:(?:AP|AB|FERCH|VERCH|FITZ) |FITZ)([A-Z]+)/;

/**
 * The father's name a surname plainly states as a patronymic: after a particle ("AP CADWGON" ->
 * "CADWGON"; of several words, the first: "FERCH RHYS SAIS" -> "RHYS") or before a suffix other
 * than a bare "s" ("ERIKSSON" -> "ERIK"; "ROBERTS" and "JONES" are family names as often); null
 * when it states none. For blocking only: the scores read a suffix alone (patronymicRoot), since
 * "Idwal ap Gruffudd" and "Maredudd Idwal Gruffudd" are brothers, not one name written twice.
 */
export function fatherNameOf(surname: string): string | null {
  const prefixed = PATRONYMIC_PREFIX.exec(surname)?.[1] ?? '';
  if (prefixed.length >= 2) return prefixed;
  const suffixed = PATRONYMIC.exec(surname);
  return suffixed === null || suffixed[2] === 'S' || (suffixed[1] ?? '').length < 2 ? null : (suffixed[1] ?? null);
}

/** A further token written as the initial of the other, a particle included ("a." of "ap", "V." of "Verch"): tokenAgreement leaves particles out. */
function initialOf(x: GivenToken, y: GivenToken): boolean {
  return (x.text.length === 1 && y.text.startsWith(x.text)) || (y.text.length === 1 && x.text.startsWith(y.text));
}

/**
 * Given names that may be one person's, written more or less fully: the first tokens agree as one
 * name (equal or forms of one name) and every further token of the shorter agrees (an initial
 * will do) with a further token of the longer, in order ("John Henry" / "John" / "John H.").
 */
export function compatibleGiven(x: readonly GivenToken[], y: readonly GivenToken[]): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const first = short[0];
  const other = long[0];
  if (first === undefined || other === undefined || tokenAgreement(first, other) !== 0.5) return false;
  let k = 1;
  for (let s = 1; s < short.length; s++) {
    // cast: s < short.length
    const t = short[s] as GivenToken;
    // cast: k < long.length
    while (k < long.length && tokenAgreement(t, long[k] as GivenToken) === 0 && !initialOf(t, long[k] as GivenToken)) k++;
    if (k >= long.length) return false;
    k++;
  }
  return true;
}
