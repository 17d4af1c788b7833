/**
 * Where a first visit opens and the one sentence it leads with: the first step at which the naive
 * global list leaks another user's item into a request. Pure words over a replay, so the page, a test
 * and the command line agree on the step and the sentence.
 */
import type { QueryResult, TimelineEntry } from '../replay/replay';
import { actor } from './describe';

/** The step a first visit lands on and what is happening there. */
export interface Opening {
  /** The timeline entry (0 is the configuration). */
  index: number;
  headline: string;
}

function list(words: readonly string[]): string {
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * "The naive list hands bob's planner alice-export-limit, alice's item." One line: the step's header
 * above already says who asks what, and the scoped request says its own part.
 */
export function leakHeadline(query: QueryResult): string {
  const { principal, leaked } = query;
  const ids = leaked.map((item) => item.id);
  const owners = [...new Set(leaked.map((item) => item.user))];
  const whose = `${list(owners.map((user) => `${user}'s`))} ${leaked.length === 1 ? 'item' : 'items'}`;
  return `The naive list hands ${actor(principal.user, principal.agent)} ${list(ids)}, ${whose}.`;
}

/** The first entry at which the naive list leaks, with its headline; null when it never does. */
export function firstLeak(entries: readonly TimelineEntry[]): Opening | null {
  for (const entry of entries) {
    const { outcome } = entry;
    if (outcome.kind === 'queried' && outcome.leaked.length > 0)
      return { index: entry.index, headline: leakHeadline(outcome) };
  }
  return null;
}
