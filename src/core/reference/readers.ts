/**
 * The timeline's reference readers, used only by tests: each rebuilds its answer from every item on
 * each call, written as plainly as the rule reads. Production uses the index's readers of the same
 * names (timeline/timelineIndex.ts), and timelineIndex.test.ts checks that they equal these at every
 * step of random and golden scenarios (tldraw keeps a fromScratch() beside each incremental query).
 */
import type { Item, Principal } from '../store/entities';
import { ScopeError } from '../store/errors';
import { runQuery, type Timeline } from '../replay/replayText';
import { itemsAt, type RequestOutcome, storeAt } from '../timeline/timeline';
import { type ItemGroup, type Mark, marksOf, readersOf, SCOPE_ORDER, type StoreView } from '../timeline/storeView';
import { ownerOf } from '../explain/describe';

/** The request `principal` would get for `question` after entry `index`, scoped beside naive. */
export function requestAt(timeline: Timeline, index: number, principal: Principal, question: string): RequestOutcome {
  try {
    return { kind: 'ok', ...runQuery(storeAt(timeline, index), principal, question) };
  } catch (error) {
    if (error instanceof ScopeError) return { kind: 'rejected', reason: error.message };
    throw error;
  }
}

/** The question in force at entry `index`: that query's, else the nearest query's before it, else the first. */
export function defaultQuestion(timeline: Timeline, index: number, fallback = 'What is the plan?'): string {
  const questions = timeline.entries.map((entry) => (entry.step?.op === 'query' ? entry.step.current : null));
  for (let i = Math.min(index, questions.length - 1); i >= 0; i--) if (questions[i] != null) return questions[i]!;
  return questions.find((q) => q !== null) ?? fallback;
}

/** Group key: app first, then per user (in order of first appearance) its user, task and agent groups. */
function sortKey(item: Item, userRank: Map<string, number>): [number, number, string] {
  // App items first, then items with no owner (imports), then each user's.
  if (item.user === null) return [0, item.scope === 'app' ? 0 : 1, ''];
  return [1 + userRank.get(item.user)!, SCOPE_ORDER[item.scope], ownerOf(item)];
}

/** The store after entry `index`, grouped; items the entry deleted stay in their group, marked. */
export function storeViewAt(timeline: Timeline, index: number): StoreView {
  const entry = timeline.entries[index];
  const marks = entry ? marksOf(entry.outcome) : new Map<number, Mark>();
  const present = itemsAt(timeline, index);
  const deleted = entry?.outcome.kind === 'closed' || entry?.outcome.kind === 'forgotten' ? entry.outcome.removed : [];
  const all = [...present, ...deleted].sort((a, b) => a.seq - b.seq);
  const userRank = new Map<string, number>();
  for (const item of all) if (item.user !== null && !userRank.has(item.user)) userRank.set(item.user, userRank.size);
  const groups = new Map<string, ItemGroup & { sort: [number, number, string] }>();
  for (const item of all) {
    const key = `${item.scope}:${ownerOf(item)}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        key,
        scope: item.scope,
        owner: ownerOf(item),
        readers: readersOf(item),
        items: [],
        sort: sortKey(item, userRank),
      };
      groups.set(key, group);
    }
    group.items.push({ item, mark: marks.get(item.seq) ?? null });
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      a.sort[0] - b.sort[0] || a.sort[1] - b.sort[1] || (a.sort[2] < b.sort[2] ? -1 : a.sort[2] > b.sort[2] ? 1 : 0),
  );
  return { groups: sorted.map(({ sort: _sort, ...group }) => group), present: present.length };
}
