/** The seed's isolation-result.json format: only query and close_task steps, as demo.py prints them. */
import { principalName } from '../store/entities';
import type { Message } from '../store/context';
import type { TimelineEntry } from './replayText';

export interface SeedQuery {
  principal: string;
  tools: string[];
  visible_items: string[];
  naive_items: string[];
  naive_other_user_items: string[];
  messages: Message[];
  naive_messages: Message[];
}
export interface SeedClose {
  closed: string;
  removed_items: number;
}
export interface SeedResult {
  store_version: number;
  steps: Array<SeedQuery | SeedClose>;
}

/**
 * Convert a timeline, or a SeedRun, to the seed's result. Rejected steps have no place in it (the seed
 * would stop).
 */
export function toSeedResult(timeline: { readonly entries: readonly TimelineEntry[] }): SeedResult {
  const steps: Array<SeedQuery | SeedClose> = [];
  for (const { outcome } of timeline.entries) {
    if (outcome.kind === 'queried') {
      steps.push({
        principal: principalName(outcome.principal),
        tools: outcome.context.tools,
        visible_items: outcome.context.item_ids,
        naive_items: outcome.naive.map((item) => item.id),
        naive_other_user_items: outcome.leaked.map((item) => item.id),
        messages: outcome.context.messages,
        naive_messages: outcome.naiveMessages,
      });
    } else if (outcome.kind === 'closed') {
      steps.push({ closed: `${outcome.user}/${outcome.task}`, removed_items: outcome.removed.length });
    }
  }
  return { store_version: timeline.entries.at(-1)!.version, steps };
}
