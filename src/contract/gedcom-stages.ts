/**
 * Stages a GEDCOM operation passes through, in order. The engine reports them (WorkStage), the
 * worker forwards them, and they are the `stage` of a GEDCOM job's progress. Declared once here.
 */
export const GEDCOM_STAGE_NAMES = ['read', 'parse', 'index', 'match', 'analyze', 'apply', 'write'] as const;
export type GedcomStageName = (typeof GEDCOM_STAGE_NAMES)[number];
