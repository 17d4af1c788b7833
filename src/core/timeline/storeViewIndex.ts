/**
 * storeViewAt for the page: the store after one entry, grouped, from the timeline's index (timelineIndex.ts)
 * without sorting the whole store at each step. Equal to the reference (core/reference/readers.ts) at
 * every step (timelineIndex.test.ts).
 */
import type { Timeline } from '../replay/replayText';
import { type ItemGroup, type MarkedItem, marksOf, type StoreView } from './storeView';
import { keepRecent } from './recent';
import { addedWithin, type Group, type Index, indexOf, type UserBlock } from './timelineIndex';

function changesOf(index: Index, group: Group): number[] {
  if (group.changes === undefined) {
    const points = new Set<number>();
    for (const k of group.lives) {
      const life = index.lives[k]!;
      points.add(life.addedAt);
      if (life.removedAt !== null) {
        points.add(life.removedAt);
        points.add(life.removedAt + 1);
      }
    }
    group.changes = [...points].sort((a, b) => a - b);
  }
  return group.changes;
}

/** The entries around `at` with the same view: `at` alone if it is a change, else the stretch between two changes. */
function stretchAround(changes: readonly number[], at: number): { from: number; to: number } {
  let lo = 0;
  let hi = changes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (changes[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  // changes[lo - 1] <= at < changes[lo]
  const previous = lo > 0 ? changes[lo - 1]! : -1;
  if (previous === at) return { from: at, to: at };
  return { from: previous + 1, to: lo < changes.length ? changes[lo]! - 1 : Number.MAX_SAFE_INTEGER };
}

/** storeViewAt, fast: the same groups in the same order, without sorting the whole store at each step. */
export function storeViewAt(timeline: Timeline, at: number): StoreView {
  const index = indexOf(timeline);
  return keepRecent(index.views, at, 4, () => makeStoreView(index, at));
}

/**
 * How many items the store holds after entry `at`: its store view's `present`, without grouping the store.
 * A page that does not draw the store still says how many items it holds at each step.
 */
export function presentAt(timeline: Timeline, at: number): number {
  const index = indexOf(timeline);
  if (index.present === undefined) {
    // Each life counts from the entry that added it up to the one before the entry that removed it.
    const counts = new Int32Array(timeline.entries.length);
    for (const life of index.lives) {
      counts[life.addedAt]! += 1;
      if (life.removedAt !== null) counts[life.removedAt]! -= 1;
    }
    for (let i = 1; i < counts.length; i++) counts[i]! += counts[i - 1]!;
    index.present = counts;
  }
  return index.present[Math.max(0, Math.min(at, index.present.length - 1))]!;
}

function makeStoreView(index: Index, at: number): StoreView {
  const { timeline } = index;
  const entry = timeline.entries[at];
  const marks = entry ? marksOf(entry.outcome) : new Map();
  // Shown: present after the entry, or deleted by it (listed, marked, not counted).
  const shown = (k: number) => {
    const life = index.lives[k]!;
    return life.addedAt <= at && (life.removedAt === null || life.removedAt >= at);
  };
  const marked = (k: number): MarkedItem => {
    const mark = marks.get(index.lives[k]!.item.seq);
    return mark === undefined ? index.unmarked[k]! : { item: index.lives[k]!.item, mark };
  };
  const groups: ItemGroup[] = [];
  let count = 0;
  const { addedAt } = index;
  const emit = (group: Group) => {
    const { lives } = group;
    // Most groups at a step have all of their items or none yet: neither needs a search.
    if (lives.length === 0 || addedAt[lives[0]!]! > at) return;
    group.removals ??= lives.some((k) => index.lives[k]!.removedAt !== null);
    if (!group.removals) {
      // Its first n items are shown; only the step that added the last of them marks any.
      const n = addedAt[lives[lives.length - 1]!]! <= at ? lives.length : addedWithin(index, lives, at);
      if (index.addedAt[group.lives[n - 1]!] !== at) {
        const prefixes = (group.prefixes ??= []);
        let view = prefixes[n];
        if (view === undefined) {
          const items = group.lives.slice(0, n).map((k) => index.unmarked[k]!);
          prefixes[n] = view = {
            key: group.key,
            scope: group.scope,
            owner: group.owner,
            readers: group.readers,
            items,
          };
        }
        groups.push(view);
        count += n;
        return;
      }
    }
    // Between two of its changes a group looks the same (marks too come only at its changes), so its
    // view is made once per stretch: moving a step remakes the few groups that step touched.
    let cached = group.cached;
    if (cached === undefined || at < cached.from || at > cached.to) {
      const items: MarkedItem[] = [];
      let present = 0;
      for (const k of group.lives) {
        if (index.addedAt[k]! > at) break;
        if (!shown(k)) continue;
        items.push(marked(k));
        if (index.lives[k]!.removedAt !== at) present += 1;
      }
      const view =
        items.length > 0
          ? { key: group.key, scope: group.scope, owner: group.owner, readers: group.readers, items }
          : null;
      group.cached = cached = { ...stretchAround(changesOf(index, group), at), view, present };
    }
    if (cached.view !== null) groups.push(cached.view);
    count += cached.present;
  };
  emit(index.app);
  emit(index.ownerless);
  // Users in order of their first item shown at this entry (an item deleted earlier no longer counts).
  const ranked: Array<[number, UserBlock]> = [];
  for (const block of index.users.values()) {
    for (const k of block.lives) {
      if (index.addedAt[k]! > at) break;
      if (shown(k)) {
        ranked.push([index.lives[k]!.item.seq, block]);
        break;
      }
    }
  }
  ranked.sort((a, b) => a[0] - b[0]);
  for (const [, block] of ranked) for (const group of block.groups) emit(group);
  return { groups, present: count };
}
