/**
 * Which items of a request should not be there: those the store's verdict keeps out (the cache served
 * them), those in only because a rule is switched off, and those another user wrote into the asker's
 * scope. Read from the explainer's rows, so it agrees with the reasons shown beside them.
 */
import type { ItemWhy } from './whyRequest';

/** True for an item the request holds that the seed's store, every rule on, would never give this principal. */
export function isLeak(why: ItemWhy): boolean {
  // An item in the request with no mismatch is 'in', and every item still in the store has a verdict.
  return why.inRequest && (why.mismatch !== null || why.verdict!.why === 'rule-off');
}
