/** Reading a timeline: what the store held at any entry, and any principal's request there. */
import type { Item } from '../store/entities';
import { ContextStore } from '../store/store';
import type { QueryResult, Timeline } from '../replay/replayText';

/** The items present after entry `index`, in insertion order. */
export function itemsAt(timeline: Timeline, index: number): Item[] {
  return timeline.lives
    .filter((life) => life.addedAt <= index && (life.removedAt === null || life.removedAt > index))
    .map((life) => life.item);
}

/** A store in the state it had after entry `index`. */
export function storeAt(timeline: Timeline, index: number): ContextStore {
  const entry = timeline.entries[Math.max(0, Math.min(index, timeline.entries.length - 1))]!;
  return ContextStore.restore(timeline.agents, itemsAt(timeline, entry.index), entry.version, timeline.rules);
}

export type RequestOutcome = ({ kind: 'ok' } & QueryResult) | { kind: 'rejected'; reason: string };
