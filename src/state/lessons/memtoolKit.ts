/** The memtool lesson's engine for the lesson store: seed 004's tools beside the naive ones, from the core. */
import {
  callAs,
  describeMemtoolEntry,
  type MemtoolEntry,
  type MemtoolOutcome,
  type MemtoolTimeline,
  replayMemtoolText,
  runMemtoolChecks,
  type TenantPrincipal,
} from '../../core/memtool/index';
import { createEngineLessonStore, type EngineKit, type EngineLessonDeps, type EngineLessonStore } from './engineStore';

/** A session name, or null for a call with no principal. */
export type MemtoolActor = string | null;

/** One call as the views show it: the step's own answers, or the same call made as another session. */
export interface MemtoolView {
  entry: MemtoolEntry;
  actor: MemtoolActor;
  principal: TenantPrincipal | null;
  /** True when these are the step's own answers, false for a what-if. */
  fromStep: boolean;
  /** Null for the starting entry, which made no call. */
  outcome: MemtoolOutcome | null;
}

export type MemtoolLessonStore = EngineLessonStore<MemtoolTimeline, MemtoolActor, MemtoolView>;

/** The principal a session name stands for (null for no principal, or a session the scenario no longer has). */
export function principalOf(timeline: MemtoolTimeline, actor: MemtoolActor): TenantPrincipal | null {
  return actor === null ? null : (timeline.sessions.find(([name]) => name === actor)?.[1] ?? null);
}

export const memtoolKit: EngineKit<MemtoolTimeline, MemtoolActor, MemtoolView> = {
  engine: 'memtool',
  replay: replayMemtoolText,
  size: (timeline) => timeline.entries.length,
  stepActor: (timeline, index) => timeline.entries[index]?.step?.session,
  defaultActor: (timeline) => timeline.entries[1]?.step?.session ?? timeline.sessions[0]?.[0] ?? null,
  checks: runMemtoolChecks,
  steps: (timeline) =>
    timeline.entries.map((entry) => {
      const words = describeMemtoolEntry(entry);
      // A call the tools answered is never a rejected step: each answer says what it refused.
      return {
        ...words,
        index: entry.index,
        op: `memtool-${words.op}`,
        label: words.op,
        rejected: false,
        note: entry.step?.note,
      };
    }),
  view(timeline, index, actor) {
    const entry = timeline.entries[index]!;
    const principal = principalOf(timeline, actor);
    if (entry.step === null) return { entry, actor, principal, fromStep: true, outcome: null };
    const fromStep = entry.step.session === actor;
    return {
      entry,
      actor,
      principal,
      fromStep,
      outcome: fromStep ? entry.outcome : callAs(timeline, index, principal),
    };
  },
};

/** What a memtool lesson loads with it (not with the page): its engine's kit and its store's factory. */
export const memtoolModule = {
  kind: 'memtool' as const,
  kit: memtoolKit,
  createStore: (deps: EngineLessonDeps): MemtoolLessonStore => createEngineLessonStore(memtoolKit, deps),
};
