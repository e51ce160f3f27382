/**
 * Corpus files that do not round-trip byte for byte, with the reason. Empty today: every file
 * (including malformed ones and the HTML page saved as .ged) is written back from its own bytes.
 * Queen.ged contains two literal U+FFFD characters in its (valid UTF-8) bytes; they are data.
 */
export const ROUND_TRIP_EXCEPTIONS: Readonly<Record<string, string>> = {};

/** Files whose source bytes themselves contain U+FFFD (valid bytes that encode it). */
export const SOURCE_CONTAINS_FFFD: ReadonlySet<string> = new Set(['d-jeffrey-gedcom-samples/queen/Queen.ged']);
