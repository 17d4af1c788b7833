/**
 * What the views show at one step for one principal and question, read from the timeline through core
 * functions. Computed by the engine (session.ts) when its inputs change, so a view only renders.
 */
import type { Principal } from '../../core/store/entities';
import type { QueryResult, Timeline, TimelineEntry } from '../../core/replay/replayText';
import type { ItemGroup, MarkedItem, StoreView } from '../../core/timeline/storeView';
import { type Rows, rowAt } from '../../core/timeline/rows';
// The index's readers cost a step's change, not the whole store: the page re-derives all of this at
// every step of a 20,000-step scenario (each equals its reference in core/reference, by test).
import { requestAt } from '../../core/timeline/timelineIndex';
import { presentAt, storeViewAt } from '../../core/timeline/storeViewIndex';
import { explainItemsAt } from '../../core/timeline/explainIndex';
import { type AnswerBook, recordedFor } from '../../core/grading/answerRows';
import { describeEntry, stepPrincipal } from '../../core/explain/describe';
import { samePrincipal } from '../../core/timeline/principals';
import { itemBlock } from '../../core/store/context';
import type { EntryWords, GroupHead, RequestView, StepView, StoreScreen } from '../views';

/** The words of every entry, once per timeline. */
export function entryWords(timeline: Timeline): EntryWords[] {
  const last = timeline.entries.length - 1;
  return timeline.entries.map((entry) => ({
    index: entry.index,
    ...describeEntry(entry, last),
    rejected: entry.outcome.kind === 'rejected',
    op: entry.step?.op ?? 'configuration',
  }));
}

/** The request a principal would get: the query step's own outcome when it is that step's, else a what-if. */
export function requestView(
  timeline: Timeline,
  entry: TimelineEntry,
  principal: Principal | null,
  question: string,
  book: AnswerBook,
): RequestView {
  if (principal === null) return { kind: 'none' };
  const outcome = entry.outcome;
  const own =
    outcome.kind === 'queried' && samePrincipal(principal, stepPrincipal(entry.step)) && outcome.question === question;
  let result: QueryResult;
  if (own) {
    result = outcome;
  } else {
    const computed = requestAt(timeline, entry.index, principal, question);
    if (computed.kind === 'rejected') return { kind: 'rejected', reason: computed.reason };
    result = computed;
  }
  const recorded = recordedFor(book, result);
  return {
    kind: 'ok',
    fromStep: own,
    result,
    naiveVerdicts: explainItemsAt(timeline, entry.index, principal, result.naive),
    // With the same rules the message was built with: with escaping off the line is the raw text.
    naiveLeakLines: new Map(result.leaked.map((item) => [itemBlock(item, timeline.rules), item.user ?? ''])),
    recorded,
    recordedAnswers: book.rows.filter((row) => recorded.includes(row.request)).length,
  };
}

const screens = new WeakMap<StoreView, StoreScreen>();
/** A group's heading, kept with the group: the core's store view reuses a group's object across steps. */
const heads = new WeakMap<ItemGroup, GroupHead>();
function headOf(group: ItemGroup): GroupHead {
  let head = heads.get(group);
  if (head === undefined) {
    const { key, scope, owner, readers, items } = group;
    heads.set(group, (head = { key, scope, owner, readers, size: items.length }));
  }
  return head;
}

/** The groups' items as one list, group after group, read in place: a step costs its groups, not its items. */
function itemRows(groups: readonly ItemGroup[], starts: Int32Array): Rows<MarkedItem> {
  const length = starts[groups.length]!;
  return {
    length,
    at: (i) => {
      if (!(i >= 0 && i < length)) return undefined;
      const g = rowAt(starts, i);
      return groups[g]!.items[i - starts[g]!];
    },
  };
}

/** The store view as headings and one list; kept with the view (the core keeps the last few by step). */
export function storeScreen(store: StoreView): StoreScreen {
  let screen = screens.get(store);
  if (screen === undefined) {
    const n = store.groups.length;
    const groups = new Array<GroupHead>(n);
    const sizes = new Array<number>(n);
    const starts = new Int32Array(n + 1);
    for (let g = 0; g < n; g++) {
      const group = store.groups[g]!;
      groups[g] = headOf(group);
      sizes[g] = group.items.length;
      starts[g + 1] = starts[g]! + group.items.length;
    }
    screens.set(store, (screen = { groups, sizes, items: itemRows(store.groups, starts), present: store.present }));
  }
  return screen;
}

export function stepView(
  timeline: Timeline,
  index: number,
  principal: Principal | null,
  question: string,
  book: AnswerBook,
  storeShown: boolean,
): StepView {
  // Grouping a 24,000-item store is most of a new step's work in the engine: only for a page that draws it.
  const store = storeShown ? storeScreen(storeViewAt(timeline, index)) : null;
  const request = requestView(timeline, timeline.entries[index]!, principal, question, book);
  return { store, present: presentAt(timeline, index), request, question };
}
