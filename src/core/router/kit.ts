/** The router lesson's kit (core/kits/kit.ts): seed 003's router beside the naive ordering, and what its views show. */
import type { LessonKit } from '../kits/kit';
import { ownTasksOf } from '../exercises/ownExercises';
import { verifyRouterTimeline } from '../exercises/verify';
import { BANKS, type Bank, DEFAULT_POLICY, fromUnreadBanks, type Memory, type Result } from './router';
import type { ContextPolicy } from './router';
import { recallAt, type RecallAtOutcome, type RouterEntry, type RouterTimeline, replayRouterText } from './replay';
import { describePolicy, describeRouterEntry, routerContexts } from './describe';
import { runRouterChecks } from './checks';

/** One recall as the views show it: the step's own, or what the chosen context would get. */
export interface RouterView {
  entry: RouterEntry;
  context: string;
  query: string;
  limit: number;
  /** True when this is the recall step's own outcome, false for a what-if. */
  fromStep: boolean;
  recall: RecallAtOutcome;
  /** The memories the naive scorer was handed from banks the context may not read (none for a refused recall). */
  unread: Result[];
  /**
   * The two orderings' final results by memory ID, whether they are the same, and the router's results the
   * naive ordering left out (all empty for a refused recall).
   */
  results: { safe: string[]; naive: string[]; same: boolean; missing: string[] };
  /** What the acting context's policy lets it do, in a sentence (the default's, when it is not recognised). */
  policyWords: string;
  /** Every context the learner may pick, the acting one included; `known`: the router recognises it. */
  choices: ReadonlyArray<{ context: string; known: boolean }>;
  /** Each bank after this entry, in the router's order. */
  banks: ReadonlyArray<readonly [Bank, readonly Memory[]]>;
}

const memoryIds = (items: readonly Result[]) => items.map((item) => item.memory_id);

function compared(recall: RecallAtOutcome): RouterView['results'] {
  if (recall.kind !== 'ok') return { safe: [], naive: [], same: true, missing: [] };
  const safe = memoryIds(recall.safe.results);
  const naive = memoryIds(recall.naive.results);
  const same = safe.length === naive.length && safe.every((id, i) => id === naive[i]);
  return { safe, naive, same, missing: safe.filter((id) => !naive.includes(id)) };
}

/** The query of the nearest recall, looking back first: what a what-if asks when the learner typed none. */
function nearestRecall(timeline: RouterTimeline, index: number): { query: string; limit: number } {
  const recalls = timeline.entries.filter((entry) => entry.step?.op === 'recall');
  const before = recalls.filter((entry) => entry.index <= index).at(-1) ?? recalls[0];
  return before?.step?.op === 'recall'
    ? { query: before.step.query, limit: Math.max(1, before.step.limit ?? 5) }
    : { query: '', limit: 5 };
}

function policyOf(timeline: RouterTimeline, context: string): ContextPolicy | undefined {
  return timeline.contexts.find(([key]) => key === context)?.[1];
}

function policyWords(context: string, policy: ContextPolicy | undefined): string {
  return policy
    ? `${context} ${describePolicy(policy)}.`
    : `${context} is not a context the router recognises, so it gets the default policy: it ${describePolicy(DEFAULT_POLICY)}.`;
}

/** The recall of one entry for `context`: the step's own when it is that step's context and query. */
function recallOf(timeline: RouterTimeline, index: number, context: string, custom: string | null) {
  const entry = timeline.entries[index]!;
  const step = entry.step;
  if (step?.op === 'recall' && context === step.context && (custom === null || custom === step.query)) {
    const recall: RecallAtOutcome =
      entry.outcome.kind === 'recalled'
        ? { ...entry.outcome, kind: 'ok' }
        : { kind: 'rejected', reason: entry.outcome.kind === 'rejected' ? entry.outcome.reason : 'no recall' };
    return { query: step.query, limit: step.limit ?? 5, fromStep: true, recall };
  }
  const near =
    step?.op === 'recall' ? { query: step.query, limit: Math.max(1, step.limit ?? 5) } : nearestRecall(timeline, index);
  const query = custom ?? near.query;
  return { query, limit: near.limit, fromStep: false, recall: recallAt(timeline, index, context, query, near.limit) };
}

export const routerKit: LessonKit<RouterTimeline, string, RouterView> = {
  replay: replayRouterText,
  size: (timeline) => timeline.entries.length,
  stepActor(timeline, index) {
    const step = timeline.entries[index]?.step;
    return step !== null && step !== undefined && 'context' in step ? step.context : undefined;
  },
  defaultActor(timeline) {
    const first = timeline.entries.find((entry) => entry.step?.op === 'recall')?.step;
    return first?.op === 'recall' ? first.context : (timeline.contexts[0]?.[0] ?? 'default');
  },
  actors: routerContexts,
  checks: runRouterChecks,
  steps: (timeline) =>
    timeline.entries.map((entry) => {
      const words = describeRouterEntry(entry);
      return { ...words, index: entry.index, op: `router-${words.op}`, label: words.op, note: entry.step?.note };
    }),
  view(timeline, index, context, custom) {
    const entry = timeline.entries[index]!;
    const contexts = routerContexts(timeline);
    const all = contexts.includes(context) ? contexts : [...contexts, context];
    const policy = policyOf(timeline, context);
    const recalled = recallOf(timeline, index, context, custom);
    const { recall } = recalled;
    return {
      entry,
      context,
      ...recalled,
      unread: recall.kind === 'ok' ? fromUnreadBanks(recall.naive.scored, recall.safe.allowed) : [],
      results: compared(recall),
      policyWords: policyWords(context, policy),
      choices: all.map((key) => ({ context: key, known: policyOf(timeline, key) !== undefined })),
      banks: BANKS.map((bank) => [bank, entry.banks[bank]] as const),
    };
  },
  ownTasks: (text) => ownTasksOf('router', text),
  verify: verifyRouterTimeline,
};
