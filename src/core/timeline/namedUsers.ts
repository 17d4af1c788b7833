/**
 * The users a store timeline names, as the page frames a scenario by them (state/lessons/framing.ts: the
 * lesson's title while they include the lesson's users, else "Your scenario: carol, dave and erin").
 * Sent with each run's screen: sorting 2,400 users in the view was 5 ms of an import's render.
 */
import type { PrincipalOptions } from './principals';
import { IDENTIFIER_PATTERN } from '../store/entities';

const USER_ID = new RegExp(`^${IDENTIFIER_PATTERN}$`);

/**
 * The users of `options`, sorted: only names the store accepts as a user. A step asking as the blank
 * user or "*" is a refused request, not a user (the "No group" lesson's are), so editing it into "bob"
 * as its "Try this" says keeps the lesson's framing.
 */
export function namedUsers(options: PrincipalOptions): string[] {
  return options.users.filter((user) => USER_ID.test(user)).sort();
}
