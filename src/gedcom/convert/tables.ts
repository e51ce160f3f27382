/**
 * Vocabulary for the 5.5.1 <-> 7.0 conversion: language names, enumerations, media types, known
 * extension URIs and the 7.0 standard tag set. Facts from the GEDCOM 5.5.1 and 7.0 specifications
 * (language names: 5.5.1 LANGUAGE_ID list; BCP 47 codes as in FHISO's legacy-format mapping, with
 * Hebrew = he and Norwegian = no).
 */

/** 5.5.1 LANGUAGE_ID (lower-cased) -> BCP 47 tag. */
export const LANGUAGE_TO_BCP47: ReadonlyMap<string, string> = new Map(
  Object.entries({
    afrikaans: 'af', albanian: 'sq', amharic: 'am', 'anglo-saxon': 'ang', arabic: 'ar', armenian: 'hy',
    assamese: 'as', belorusian: 'be', bengali: 'bn', braj: 'bra', bulgarian: 'bg', burmese: 'my',
    cantonese: 'yue', catalan: 'ca', catalan_spn: 'ca-ES', 'church-slavic': 'cu', czech: 'cs', danish: 'da',
    dogri: 'dgr', dutch: 'nl', english: 'en', esperanto: 'eo', estonian: 'et', faroese: 'fo', finnish: 'fi',
    french: 'fr', georgian: 'ka', german: 'de', greek: 'el', gujarati: 'gu', hawaiian: 'haw', hebrew: 'he',
    hindi: 'hi', hungarian: 'hu', icelandic: 'is', indonesian: 'id', italian: 'it', japanese: 'ja',
    kannada: 'kn', khmer: 'km', konkani: 'kok', korean: 'ko', lahnda: 'lah', lao: 'lo', latvian: 'lv',
    lithuanian: 'lt', macedonian: 'mk', maithili: 'mai', malayalam: 'ml', mandrin: 'cmn', manipuri: 'mni',
    marathi: 'mr', mewari: 'mtr', navaho: 'nv', nepali: 'ne', norwegian: 'no', oriya: 'or', pahari: 'him',
    pali: 'pi', panjabi: 'pa', persian: 'fa', polish: 'pl', portuguese: 'pt', prakrit: 'pra', pusto: 'ps',
    rajasthani: 'raj', romanian: 'ro', russian: 'ru', sanskrit: 'sa', serb: 'sr', serbo_croa: 'sh',
    slovak: 'sk', slovene: 'sl', spanish: 'es', swedish: 'sv', tagalog: 'tl', tamil: 'ta', telugu: 'te',
    thai: 'th', tibetan: 'bo', turkish: 'tr', ukrainian: 'uk', urdu: 'ur', vietnamese: 'vi', wendic: 'wen',
    yiddish: 'yi',
  }),
);

/** BCP 47 -> 5.5.1 language name (first spelling of the 5.5.1 list). */
export const BCP47_TO_LANGUAGE: ReadonlyMap<string, string> = (() => {
  const out = new Map<string, string>();
  const names = [
    'Afrikaans', 'Albanian', 'Amharic', 'Anglo-Saxon', 'Arabic', 'Armenian', 'Assamese', 'Belorusian',
    'Bengali', 'Braj', 'Bulgarian', 'Burmese', 'Cantonese', 'Catalan', 'Catalan_Spn', 'Church-Slavic',
    'Czech', 'Danish', 'Dogri', 'Dutch', 'English', 'Esperanto', 'Estonian', 'Faroese', 'Finnish', 'French',
    'Georgian', 'German', 'Greek', 'Gujarati', 'Hawaiian', 'Hebrew', 'Hindi', 'Hungarian', 'Icelandic',
    'Indonesian', 'Italian', 'Japanese', 'Kannada', 'Khmer', 'Konkani', 'Korean', 'Lahnda', 'Lao', 'Latvian',
    'Lithuanian', 'Macedonian', 'Maithili', 'Malayalam', 'Mandrin', 'Manipuri', 'Marathi', 'Mewari', 'Navaho',
    'Nepali', 'Norwegian', 'Oriya', 'Pahari', 'Pali', 'Panjabi', 'Persian', 'Polish', 'Portuguese', 'Prakrit',
    'Pusto', 'Rajasthani', 'Romanian', 'Russian', 'Sanskrit', 'Serb', 'Serbo_Croa', 'Slovak', 'Slovene',
    'Spanish', 'Swedish', 'Tagalog', 'Tamil', 'Telugu', 'Thai', 'Tibetan', 'Turkish', 'Ukrainian', 'Urdu',
    'Vietnamese', 'Wendic', 'Yiddish',
  ];
  for (const n of names) {
    const code = LANGUAGE_TO_BCP47.get(n.toLowerCase());
    if (code && !out.has(code.toLowerCase())) out.set(code.toLowerCase(), n);
  }
  return out;
})();

/** FONE / ROMN TYPE values of 5.5.1 -> BCP 47 language tag of the 7.0 TRAN. */
export const TRANSLIT_TYPE_TO_LANG: ReadonlyMap<string, string> = new Map([
  ['hangul', 'ko-Hang'],
  ['kana', 'ja-Kana'],
  ['pinyin', 'zh-pinyin'],
  ['romaji', 'ja-Latn'],
  ['wadegiles', 'zh-wadegile'],
]);

/** 7.0 ROLE enumeration and common words that mean one of them. */
export const ROLE_ENUM: ReadonlySet<string> = new Set([
  'CHIL', 'CLERGY', 'FATH', 'FRIEND', 'GODP', 'HUSB', 'MOTH', 'MULTIPLE', 'NGHBR', 'OFFICIATOR', 'PARENT',
  'SPOU', 'WIFE', 'WITN', 'OTHER',
]);

export const ROLE_SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['child', 'CHIL'], ['son', 'CHIL'], ['daughter', 'CHIL'], ['clergyman', 'CLERGY'], ['priest', 'CLERGY'],
  ['minister', 'CLERGY'], ['pastor', 'CLERGY'], ['father', 'FATH'], ['godparent', 'GODP'],
  ['godfather', 'GODP'], ['godmother', 'GODP'], ['husband', 'HUSB'], ['mother', 'MOTH'],
  ['neighbor', 'NGHBR'], ['neighbour', 'NGHBR'], ['officiant', 'OFFICIATOR'], ['spouse', 'SPOU'],
  ['witness', 'WITN'],
]);

/**
 * Enumerations by the structure that holds them (`PARENT.TAG` or `TAG`), 7.0 values. Values that
 * differ from 5.5.1 only in case are upper-cased; other values become OTHER + PHRASE where the 7.0
 * enumeration has OTHER, and stay as they are (with a report entry) otherwise.
 */
export const ENUMS: ReadonlyMap<string, { values: ReadonlySet<string>; other: boolean }> = new Map([
  ['PEDI', { values: new Set(['ADOPTED', 'BIRTH', 'FOSTER', 'SEALING', 'OTHER']), other: true }],
  ['NAME.TYPE', { values: new Set(['AKA', 'BIRTH', 'IMMIGRANT', 'MAIDEN', 'MARRIED', 'PROFESSIONAL', 'OTHER']), other: true }],
  ['SEX', { values: new Set(['M', 'F', 'U', 'X']), other: false }],
  ['MEDI', { values: new Set(['AUDIO', 'BOOK', 'CARD', 'ELECTRONIC', 'FICHE', 'FILM', 'MAGAZINE', 'MANUSCRIPT', 'MAP', 'NEWSPAPER', 'PHOTO', 'TOMBSTONE', 'VIDEO', 'OTHER']), other: true }],
  ['ADOP', { values: new Set(['HUSB', 'WIFE', 'BOTH']), other: false }],
  ['FAMC.STAT', { values: new Set(['CHALLENGED', 'DISPROVEN', 'PROVEN']), other: false }],
  ['QUAY', { values: new Set(['0', '1', '2', '3']), other: false }],
]);

/** Ordinance STAT values (5.5.1 spellings -> 7.0). */
export const ORD_STAT: ReadonlyMap<string, string> = new Map([
  ['BIC', 'BIC'], ['CANCELED', 'CANCELED'], ['CHILD', 'CHILD'], ['CLEARED', 'CLEARED'], ['COMPLETED', 'COMPLETED'],
  ['DNS', 'DNS'], ['DNS/CAN', 'DNS_CAN'], ['DNS_CAN', 'DNS_CAN'], ['EXCLUDED', 'EXCLUDED'], ['INFANT', 'INFANT'],
  ['PRE-1970', 'PRE_1970'], ['PRE_1970', 'PRE_1970'], ['QUALIFIED', 'QUALIFIED'], ['STILLBORN', 'STILLBORN'],
  ['SUBMITTED', 'SUBMITTED'], ['UNCLEARED', 'UNCLEARED'],
]);

/** 5.5.1 multimedia format (lower-cased) -> media type. Others become `application/x-<format>`. */
export const MEDIA_TYPES: ReadonlyMap<string, string> = new Map([
  ['bmp', 'image/bmp'], ['gif', 'image/gif'], ['jpg', 'image/jpeg'], ['jpeg', 'image/jpeg'],
  ['tif', 'image/tiff'], ['tiff', 'image/tiff'], ['png', 'image/png'], ['ole', 'application/x-oleobject'],
  ['pcx', 'image/vnd.zbrush.pcx'], ['wav', 'audio/vnd.wave'], ['pdf', 'application/pdf'],
  ['htm', 'text/html'], ['html', 'text/html'], ['txt', 'text/plain'],
]);

/** Media type -> 5.5.1 format (only where the way back gives the same media type). */
export const MEDIA_TYPES_BACK: ReadonlyMap<string, string> = new Map([
  ['image/bmp', 'bmp'], ['image/gif', 'gif'], ['image/jpeg', 'jpg'], ['image/tiff', 'tif'],
  ['image/png', 'png'], ['application/x-oleobject', 'ole'], ['image/vnd.zbrush.pcx', 'pcx'],
  ['audio/vnd.wave', 'wav'], ['application/pdf', 'pdf'], ['text/html', 'htm'],
  ['text/plain', 'txt'],
]);

/** Documented URIs of well-known extension tags, declared in HEAD.SCHMA when used. */
export const KNOWN_EXTENSION_URIS: ReadonlyMap<string, string> = new Map([
  ['_LOC', 'http://genealogy.net/GEDCOM#_LOC'],
  ['_PHRASE', 'https://gedcom.io/terms/v7/PHRASE'],
]);

export const EXID_TYPE = {
  AFN: 'https://gedcom.io/terms/v7/AFN',
  RFN: 'https://gedcom.io/terms/v7/RFN',
  RIN: 'https://gedcom.io/terms/v7/RIN',
  FSFTID: 'https://www.familysearch.org/tree/person/',
} as const;

/** Every standard tag of GEDCOM 7.0. */
export const TAGS_70: ReadonlySet<string> = new Set([
  'ABBR', 'ADDR', 'ADOP', 'ADR1', 'ADR2', 'ADR3', 'AFN', 'AGE', 'AGNC', 'ALIA', 'ANCI', 'ANUL', 'ASSO', 'AUTH',
  'BAPL', 'BAPM', 'BARM', 'BASM', 'BIRT', 'BLES', 'BURI', 'CALN', 'CAST', 'CAUS', 'CENS', 'CHAN', 'CHIL', 'CHR', 'CHRA',
  'CITY', 'CONF', 'CONL', 'CONT', 'COPR', 'CORP', 'CREA', 'CREM', 'CROP', 'CTRY', 'DATA', 'DATE', 'DEAT', 'DESI',
  'DEST', 'DIV', 'DIVF', 'DSCR', 'EDUC', 'EMAIL', 'EMIG', 'ENDL', 'ENGA', 'EVEN', 'EXID', 'FACT', 'FAM', 'FAMC',
  'FAMS', 'FAX', 'FCOM', 'FILE', 'FORM', 'GEDC', 'GIVN', 'GRAD', 'HEAD', 'HEIGHT', 'HUSB', 'IDNO', 'IMMI', 'INDI',
  'INIL', 'LANG', 'LATI', 'LEFT', 'LONG', 'MAP', 'MARB', 'MARC', 'MARL', 'MARR', 'MARS', 'MEDI', 'MIME', 'NAME',
  'NATI', 'NATU', 'NCHI', 'NICK', 'NMR', 'NO', 'NOTE', 'NPFX', 'NSFX', 'OBJE', 'OCCU', 'ORDN', 'PAGE', 'PEDI',
  'PHON', 'PHRASE', 'PLAC', 'POST', 'PROB', 'PROP', 'PUBL', 'QUAY', 'REFN', 'RELI', 'REPO', 'RESI', 'RESN',
  'RETI', 'ROLE', 'SCHMA', 'SDATE', 'SEX', 'SLGC', 'SLGS', 'SNOTE', 'SOUR', 'SPFX', 'SSN', 'STAE', 'STAT',
  'SUBM', 'SURN', 'TAG', 'TEMP', 'TEXT', 'TIME', 'TITL', 'TOP', 'TRAN', 'TRLR', 'TYPE', 'UID', 'VERS', 'WIDTH',
  'WIFE', 'WILL', 'WWW',
]);

/** Extension under a `@VOID@` pointer that keeps the identifier of the missing record it replaced (docs/gedcom-engine.md). */
export const ORIGINAL_XREF_TAG = '_XREF';

/** Extension that carries a line the reader could not tokenize, as text (docs/gedcom-engine.md). */
export const UNPARSED_LINE_TAG = '_UNPARSED';
