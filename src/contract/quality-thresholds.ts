import { Type } from 'typebox';

/**
 * The thresholds of the quality rules, their defaults and the range a request may set them in
 * (`thresholds` of the quality request). Declared once: the engine reads its defaults from here,
 * the request schema and docs/gedcom-engine.md describe the same numbers. Years are 365 days,
 * as in Gramps' Verify tool, whose option names and defaults the first fifteen keep.
 */
export const QUALITY_THRESHOLDS = {
  oldage: { default: 90, min: 1, max: 150, unit: 'years', about: 'old_age_at_death, old_age_but_no_death: a life longer than this' },
  hwdif: { default: 30, min: 1, max: 100, unit: 'years', about: 'large_spouse_age_difference' },
  cspace: { default: 8, min: 1, max: 50, unit: 'years', about: 'large_children_gap' },
  cbspan: { default: 25, min: 1, max: 60, unit: 'years', about: 'large_children_span' },
  yngmar: { default: 17, min: 1, max: 50, unit: 'years', about: 'early_marriage: married younger than this' },
  oldmar: { default: 50, min: 1, max: 120, unit: 'years', about: 'late_marriage: married older than this' },
  oldmom: { default: 48, min: 1, max: 80, unit: 'years', about: 'old_mother' },
  yngmom: { default: 17, min: 1, max: 50, unit: 'years', about: 'young_mother' },
  yngdad: { default: 18, min: 1, max: 50, unit: 'years', about: 'young_father' },
  olddad: { default: 65, min: 1, max: 120, unit: 'years', about: 'old_father' },
  wedder: { default: 3, min: 1, max: 50, unit: 'families', about: 'married_often: more families than this' },
  mxchildmom: { default: 12, min: 1, max: 100, unit: 'children', about: 'too_many_children (mother)' },
  mxchilddad: { default: 15, min: 1, max: 100, unit: 'children', about: 'too_many_children (father)' },
  lngwdw: { default: 30, min: 1, max: 100, unit: 'years', about: 'Gramps long widowhood (not checked: Gramps never fires it either)' },
  oldunm: { default: 99, min: 1, max: 150, unit: 'years', about: 'old_and_unmarried' },
  approx_years: {
    default: 2,
    min: 0,
    max: 50,
    unit: 'years',
    about: 'ABT / CAL / EST dates: the stated day range widened by this much on each side before any rule compares it',
  },
  posthumous_days: {
    default: 304,
    min: 0,
    max: 730,
    unit: 'days',
    about: "dead_father: a child born more than this long (10 months) after the father's death (Gramps: 294)",
  },
  sibling_gap_days: { default: 270, min: 1, max: 730, unit: 'days', about: 'siblings_too_close: siblings born less than this apart (9 months)' },
  twin_days: { default: 2, min: 0, max: 30, unit: 'days', about: 'siblings_too_close: siblings born at most this apart are twins' },
  remarriage_days: { default: 365, min: 1, max: 3650, unit: 'days', about: "remarriage_soon_after_death: a marriage less than this after a spouse's death" },
} as const;

export type QualityThresholdName = keyof typeof QUALITY_THRESHOLDS;

function threshold(name: QualityThresholdName) {
  const t = QUALITY_THRESHOLDS[name];
  return Type.Optional(Type.Integer({ minimum: t.min, maximum: t.max, description: `${t.about}; ${t.unit}, default ${t.default}.` }));
}

/** The `thresholds` object of the quality request: any subset, each an integer in its range. */
export const QualityThresholdOverrides = Type.Object(
  {
    oldage: threshold('oldage'),
    hwdif: threshold('hwdif'),
    cspace: threshold('cspace'),
    cbspan: threshold('cbspan'),
    yngmar: threshold('yngmar'),
    oldmar: threshold('oldmar'),
    oldmom: threshold('oldmom'),
    yngmom: threshold('yngmom'),
    yngdad: threshold('yngdad'),
    olddad: threshold('olddad'),
    wedder: threshold('wedder'),
    mxchildmom: threshold('mxchildmom'),
    mxchilddad: threshold('mxchilddad'),
    lngwdw: threshold('lngwdw'),
    oldunm: threshold('oldunm'),
    approx_years: threshold('approx_years'),
    posthumous_days: threshold('posthumous_days'),
    sibling_gap_days: threshold('sibling_gap_days'),
    twin_days: threshold('twin_days'),
    remarriage_days: threshold('remarriage_days'),
  },
  { additionalProperties: false, description: 'Thresholds of the quality rules to use instead of their defaults (docs/gedcom-engine.md, "Quality rules").' },
);
