/** The router lesson's engine for the lesson store: seed 003's router beside the naive ordering, from the core. */
import {
  type ContextPolicy,
  describeRouterEntry,
  type RecallAtOutcome,
  type RouterEntry,
  type RouterTimeline,
  recallAt,
  replayRouterText,
  routerContexts,
  runRouterChecks,
} from '../../core/router/index';
import { createEngineLessonStore, type EngineKit, type EngineLessonDeps, type EngineLessonStore } from './engineStore';

/** One recall as the views show it: the step's own, or what the chosen context would get. */
export interface RouterView {
  entry: RouterEntry;
  context: string;
  query: string;
  limit: number;
  /** True when this is the recall step's own outcome, false for a what-if. */
  fromStep: boolean;
  recall: RecallAtOutcome;
  /** The acting context's policy, or undefined when the router does not recognise it (the default applies). */
  policy: ContextPolicy | undefined;
  /** Every context the learner may pick, the acting one included, each with its policy (undefined: not recognised). */
  choices: ReadonlyArray<readonly [context: string, policy: ContextPolicy | undefined]>;
}

export type RouterLessonStore = EngineLessonStore<RouterTimeline, string, RouterView>;

/** The query of the nearest recall, looking back first: what a what-if asks when the learner typed none. */
function nearestRecall(timeline: RouterTimeline, index: number): { query: string; limit: number } {
  const recalls = timeline.entries.filter((entry) => entry.step?.op === 'recall');
  const before = recalls.filter((entry) => entry.index <= index).at(-1) ?? recalls[0];
  return before?.step?.op === 'recall'
    ? { query: before.step.query, limit: Math.max(1, before.step.limit ?? 5) }
    : { query: '', limit: 5 };
}

/** Who the learner may act as: the scenario's contexts, and the one acting even when no step names it. */
function choicesOf(timeline: RouterTimeline, actor: string): RouterView['choices'] {
  const contexts = routerContexts(timeline);
  const all = contexts.includes(actor) ? contexts : [...contexts, actor];
  return all.map((key) => [key, timeline.contexts.find(([k]) => k === key)?.[1]] as const);
}

export const routerKit: EngineKit<RouterTimeline, string, RouterView> = {
  engine: 'router',
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
  checks: runRouterChecks,
  steps: (timeline) =>
    timeline.entries.map((entry) => {
      const words = describeRouterEntry(entry);
      return { ...words, index: entry.index, op: `router-${words.op}`, label: words.op, note: entry.step?.note };
    }),
  view(timeline, index, context, custom) {
    const entry = timeline.entries[index]!;
    const step = entry.step;
    const choices = choicesOf(timeline, context);
    const policy = choices.find(([key]) => key === context)?.[1];
    if (step?.op === 'recall' && context === step.context && (custom === null || custom === step.query)) {
      const recall: RecallAtOutcome =
        entry.outcome.kind === 'recalled'
          ? { ...entry.outcome, kind: 'ok' }
          : { kind: 'rejected', reason: entry.outcome.kind === 'rejected' ? entry.outcome.reason : 'no recall' };
      return { entry, context, query: step.query, limit: step.limit ?? 5, fromStep: true, recall, policy, choices };
    }
    const near =
      step?.op === 'recall'
        ? { query: step.query, limit: Math.max(1, step.limit ?? 5) }
        : nearestRecall(timeline, index);
    const query = custom ?? near.query;
    return {
      entry,
      context,
      query,
      limit: near.limit,
      fromStep: false,
      recall: recallAt(timeline, index, context, query, near.limit),
      policy,
      choices,
    };
  },
};

/** What a router lesson loads with it (not with the page): its engine's kit and its store's factory. */
export const routerModule = {
  kind: 'router' as const,
  kit: routerKit,
  createStore: (deps: EngineLessonDeps): RouterLessonStore => createEngineLessonStore(routerKit, deps),
};
