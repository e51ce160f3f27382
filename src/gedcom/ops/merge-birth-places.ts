import type { SideFeatures } from './merge-features.js';

/**
 * The join of merge's blocks on the birth place: a right person whose birth place the place veto
 * would set against the left person's (SideFeatures.placeScoreOf is -1: scorePair ends the pair
 * whatever else agrees) is not met. The veto itself decides, once per pair of a left place text and
 * a right one, so the join and the veto cannot disagree: an absent place, a place of one level or
 * one sharing a token or a spelling (Soundex) with the other meets it, as the veto lets it through.
 * Right people are classed by their birth place text; the answers are kept per left place text
 * (a row of one byte per class), at most ANSWER_BYTES of them before they start over.
 */
/** Bytes of answers kept at most (left place texts times right place classes). */
const ANSWER_BYTES = 1 << 24;
const UNKNOWN = 0;
const MEETS = 1;
const SET_AGAINST = 2;

export class BirthPlaceJoin {
  /** Right person -> the class of its birth place text; -1 when it has none (it meets every place). */
  readonly classOf: Int32Array;
  /** Class -> a birth event row of the right side with that place (what placeScoreOf reads). */
  private readonly rowOf: number[] = [];
  /** Left place text -> its answer per class (UNKNOWN, MEETS, SET_AGAINST). */
  private readonly rows = new Map<number, Uint8Array>();
  /** The rows kept at most (ANSWER_BYTES). */
  private readonly rowsKept: number;
  /** The answers of the current left person's place. */
  private answers: Uint8Array = new Uint8Array(0);
  /** The current left person's birth row and its place text (0: none, it meets every place). */
  private row = -1;
  private place = 0;

  constructor(
    private readonly left: SideFeatures,
    private readonly right: SideFeatures,
  ) {
    this.classOf = new Int32Array(right.count).fill(-1);
    const places = right.index.personEvents.place;
    const classes = new Map<number, number>();
    for (let j = 0; j < right.count; j++) {
      const row = right.birth(j);
      // cast: row >= 0 is a row of the person event table
      const id = row < 0 ? 0 : (places[row] as number);
      if (id === 0) continue;
      let c = classes.get(id);
      if (c === undefined) {
        classes.set(id, (c = this.rowOf.length));
        this.rowOf.push(row);
      }
      this.classOf[j] = c;
    }
    this.rowsKept = Math.max(1, Math.floor(ANSWER_BYTES / Math.max(1, this.rowOf.length)));
  }

  /** The current left person's birth place text (0: none). */
  get placeText(): number {
    return this.place;
  }

  /** Starts the meetings of left person i; returns whether its birth place can set it against any (false: it meets every place). */
  start(i: number): boolean {
    this.row = this.left.birth(i);
    // cast: row >= 0 is a row of the left side's person event table
    this.place = this.row < 0 ? 0 : (this.left.index.personEvents.place[this.row] as number);
    if (this.place === 0) return false;
    let answers = this.rows.get(this.place);
    if (answers === undefined) {
      if (this.rows.size >= this.rowsKept) this.rows.clear();
      this.rows.set(this.place, (answers = new Uint8Array(this.rowOf.length)));
    }
    this.answers = answers;
    return true;
  }

  /** Whether right person j's birth place meets the current left person's (see start). */
  meetsRight(j: number): boolean {
    // cast: j is a right person, classOf has an entry per person
    return this.meetsClass(this.classOf[j] as number);
  }

  /** Whether the right people of birth place class c (-1: none) meet the current left person. */
  meetsClass(c: number): boolean {
    if (c < 0) return true;
    const known = this.answers[c];
    if (known !== UNKNOWN) return known === MEETS;
    // cast: c < rowOf.length (a class made in the constructor)
    const meets = this.left.placeScoreOf(this.row, this.right, this.rowOf[c] as number) !== -1;
    this.answers[c] = meets ? MEETS : SET_AGAINST;
    return meets;
  }
}
