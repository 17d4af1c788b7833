/**
 * What the reference store answers to each line of a scenario: the replay's outcome of every step,
 * read as the protocol's answers. A rejected step must be answered with an error, an accepted one
 * with {"ok":true}, a query with its scoped request's item IDs (and messages).
 */
import type { Message } from '../store/context';
import type { Scenario } from '../scenario/scenario';
import { replay, type Timeline, type TimelineEntry } from '../replay/replay';
import { ALL_RULES, type Rules } from '../store/rules';

export type Expected =
  | { kind: 'accepted' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'items'; items: readonly string[]; messages: readonly Message[] };

export interface Reference {
  timeline: Timeline;
  /** expected[k] is the answer to step k + 1 (the reset is always accepted for a valid scenario). */
  expected: Expected[];
}

/** The reference's answer to one timeline entry. */
export function expectedOf(entry: TimelineEntry): Expected {
  const outcome = entry.outcome;
  if (outcome.kind === 'rejected') return { kind: 'rejected', reason: outcome.reason };
  if (outcome.kind === 'queried')
    return { kind: 'items', items: outcome.context.item_ids, messages: outcome.context.messages };
  return { kind: 'accepted' };
}

/**
 * Replay `scenario` on the reference store (every rule on unless `rules` says otherwise). A scenario
 * whose agents or configuration the store refuses is no test case: that is an error for the caller.
 */
export function referenceOf(scenario: Scenario, rules: Rules = ALL_RULES): Reference {
  const outcome = replay(scenario, rules);
  if (outcome.kind === 'invalid')
    throw new Error(`not a test case: ${outcome.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  const timeline = outcome.timeline;
  return { timeline, expected: timeline.entries.slice(1).map(expectedOf) };
}
