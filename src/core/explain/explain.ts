/**
 * Why is each item in a principal's request, or not? Every reason comes from `decide`, the function the
 * store's read path uses, so an explanation can never disagree with the request.
 */
import type { Item, Principal } from '../store/entities';
import type { ItemLife, Timeline } from '../replay/replayText';
import { ruleName } from '../store/rules';
import type { HiddenWhy, Verdict } from '../store/visibility';

export interface Explanation {
  life: ItemLife;
  item: Item;
  /** 'in' the request, 'out' of it, or 'deleted' from the store before this step. */
  status: 'in' | 'out' | 'deleted';
  verdict: Verdict | null;
  /** One sentence: "belongs to alice, you are bob". */
  because: string;
}

/** An explanation of an item still in the store: it has a verdict. */
export interface Explained {
  item: Item;
  verdict: Verdict;
  because: string;
}

function handoffNumber(item: Item): string | null {
  return /^handoff-(\d+)-/.exec(item.id)?.[1] ?? null;
}

function hiddenReason(why: HiddenWhy, item: Item, p: Principal): string {
  switch (why) {
    case 'other-user':
      return `belongs to ${item.user}, you are ${p.user}`;
    case 'no-owner':
      return 'stored with no owner, so no user reads it';
    case 'other-task':
      return `${item.user}'s ${item.task} item, you are in ${p.task}`;
    case 'other-agent':
      return item.source.startsWith('handoff:')
        ? `handed to the ${item.agent}, you are the ${p.agent}`
        : `the ${item.agent}'s scratch, you are the ${p.agent}`;
    case 'scope-not-read':
      return `a ${item.scope} item, and the ${p.agent} does not read the ${item.scope} scope`;
  }
}

/** Why an item removed at step `removedAt` is gone: who closed its task or was forgotten. */
export function deletedBecause(timeline: Timeline, removedAt: number): string {
  const closing = timeline.entries[removedAt]?.outcome;
  const who =
    closing?.kind === 'closed'
      ? `${closing.user} closed ${closing.task}`
      : closing?.kind === 'forgotten'
        ? `${closing.user} was forgotten`
        : 'it was removed';
  return `deleted when ${who} at step ${removedAt}`;
}

/** One sentence for a verdict, in the learner's words. */
export function reasonFor(verdict: Verdict, item: Item, p: Principal): string {
  if (!verdict.visible) return hiddenReason(verdict.why, item, p);
  switch (verdict.why) {
    case 'app':
      return 'app item: every principal reads it';
    case 'own-user':
      return `${item.user}'s user item: ${item.user} reads it in every task`;
    case 'own-task':
      return `${item.user}'s ${item.task} item, and you are in ${item.task}`;
    case 'own-agent': {
      const number = handoffNumber(item);
      const sender = item.source.split(':')[1];
      return number !== null && item.source.startsWith('handoff:')
        ? `copied to you by the ${sender}'s handoff ${number}`
        : `your own scratch (${item.agent} in ${item.task})`;
    }
    case 'rule-off':
      return `in only because ${ruleName(verdict.rule)} is switched off: otherwise ${hiddenReason(verdict.wouldBe, item, p)}`;
  }
}
