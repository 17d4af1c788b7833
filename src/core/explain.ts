/**
 * Why each item is in a principal's request or left out of it, in words. The decision itself is
 * visibility.ts's `decide`, the same function the store reads with, so the words cannot disagree.
 */
import type { Item, Principal } from './model';
import type { Timeline } from './replay';
import { itemsAt } from './timeline';
import { decide, type Verdict } from './visibility';

export interface Explained {
  item: Item;
  verdict: Verdict;
  /** "belongs to alice", "bob's own user item" */
  because: string;
}

/** One sentence for a verdict about `item` and the requesting principal. */
export function because(verdict: Verdict, item: Item, p: Principal): string {
  // A lookup, not a switch: the verdict union grows as the core gains rule switches, and any
  // reason this file does not know yet still reads as its name rather than breaking the page.
  const words: Record<string, () => string> = {
    app: () => 'app item: every principal reads it',
    'own-user': () => `${p.user}'s own user item`,
    'own-task': () => `${p.user}'s own item in ${p.task}`,
    'own-agent': () => `the ${p.agent}'s own item in ${p.user}/${p.task}`,
    'other-user': () => `belongs to ${item.user}`,
    'other-task': () => `belongs to ${item.user}'s ${item.task}, not ${p.task}`,
    'other-agent': () => `belongs to the ${item.agent}, not the ${p.agent}`,
    'scope-not-read': () => `the ${p.agent} does not read ${item.scope} items`,
  };
  return words[verdict.why]?.() ?? verdict.why;
}

/**
 * Every item in the store after entry `index`, with the store's verdict for `principal`.
 * Null when the principal's agent is not configured (the request itself is then rejected).
 */
export function explainAt(timeline: Timeline, index: number, principal: Principal): Explained[] | null {
  const agent = timeline.agents.find((a) => a.name === principal.agent);
  if (agent === undefined) return null;
  return itemsAt(timeline, index).map((item) => {
    const verdict = decide(item, principal, agent);
    return { item, verdict, because: because(verdict, item, principal) };
  });
}
