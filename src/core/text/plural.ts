/**
 * Plurals in one place, through Intl.PluralRules (English): "1 item", "2 items", "1 item differs",
 * "2 items differ". Every count a learner reads is worded here, never with an `n === 1 ? '' : 's'`.
 */
import { digits } from './digits';

const RULES = new Intl.PluralRules('en');

/** The form of a word for `n`: `one` for one, `other` (the word plus s by default) for any other count. */
export function plural(n: number, one: string, other = `${one}s`): string {
  return RULES.select(n) === 'one' ? one : other;
}

/** A count and its noun: "1 item", "20,000 items". */
export function count(n: number, one: string, other = `${one}s`): string {
  return `${digits(n)} ${plural(n, one, other)}`;
}

/** A verb agreeing with a subject of `n` things: verb(1, 'differs', 'differ') is "differs". */
export function verb(n: number, singular: string, pluralForm: string): string {
  return plural(n, singular, pluralForm);
}
