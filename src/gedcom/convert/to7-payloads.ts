/** Payload rules of the 5.5 / 5.5.1 -> 7.0 conversion by datatype: DATE, AGE, LANG; `@#` escapes in any other text. */

import type { GedcomNode } from '../model.js';
import { ageTo7 } from './age.js';
import type { TagPath } from './tree.js';
import { dateTo7, langTo7, stripEscapes } from './values.js';
import type { To7Context } from './to7-context.js';

type PayloadRule = (ctx: To7Context, n: GedcomNode, here: TagPath) => void;

/** DATE: calendars, B.C., dual years, INT and phrases in 7.0 syntax (the rest in a PHRASE). */
const dateValue: PayloadRule = (ctx, n) => {
  if (n.pointer !== null) return;
  const r = dateTo7(n.value, ctx.policy);
  if (r.value !== n.value || r.phrase !== undefined) {
    n.value = r.value;
    if (r.phrase !== undefined) n.children.unshift(ctx.phrase(r.phrase, false));
  }
};

/** AGE: 7.0 duration syntax; an unreadable age moves into a PHRASE. */
const ageValue: PayloadRule = (ctx, n, here) => {
  const r = ageTo7(n.value);
  if (r && !r.value.includes('\n')) {
    n.value = r.value;
    if (r.phrase !== undefined) n.children.unshift(ctx.phrase(r.phrase, false));
  } else if (n.value.trim() !== '') {
    ctx.notes.add('AGE_UNREADABLE', here, n.line, n.value);
    n.children.unshift(ctx.phrase(n.value, false));
    n.value = '';
  }
};

/** LANG: a language name to its BCP 47 tag (an unknown one in a `_PHRASE`). */
const languageValue: PayloadRule = (ctx, n) => {
  const r = langTo7(n.value);
  n.value = r.value;
  if (r.phrase !== undefined) n.children.unshift(ctx.phrase(r.phrase, true));
};

const PAYLOAD_RULES: ReadonlyMap<string, PayloadRule> = new Map([
  ['DATE', dateValue],
  ['AGE', ageValue],
  ['LANG', languageValue],
]);

/** Convert the payload of `n` by its datatype (also inside extensions, as the published converter does). */
export function payloadTo7(ctx: To7Context, n: GedcomNode, here: TagPath): void {
  const rule = PAYLOAD_RULES.get(n.tag);
  if (rule !== undefined) rule(ctx, n, here);
  else if (n.value.includes('@#')) n.value = stripEscapes(n.value);
}
