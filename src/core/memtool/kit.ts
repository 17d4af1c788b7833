/** The memtool lesson's kit (core/kits/kit.ts): seed 004's tools beside the naive ones, and what its views show. */
import type { LessonKit } from '../kits/kit';
import { ownTasksOf } from '../exercises/ownExercises';
import { verifyMemtoolTimeline } from '../exercises/verify';
import { callAs, type MemtoolEntry, type MemtoolOutcome, type MemtoolTimeline, replayMemtoolText } from './replay';
import type { ContextMessage } from './scenario';
import type { MemoryRecord } from './store';
import type { TenantPrincipal } from './session';
import { describeMemtoolEntry, describePrincipal } from './describe';
import { memoryRoot } from './files';
import { isUnder } from './posix';
import { runMemtoolChecks } from './checks';
import { NAIVE_SEARCH_TOOL, SAFE_SEARCH_TOOL } from './tools';

/** A session name, or null for a call with no principal. */
export type MemtoolActor = string | null;

/** One tenant's records in the shared store, `own` when they are the asker's. */
export interface OwnerGroup {
  owner: string;
  own: boolean;
  records: readonly MemoryRecord[];
}

/** One call as the views show it: the step's own answers, or the same call made as another session. */
export interface MemtoolView {
  entry: MemtoolEntry;
  actor: MemtoolActor;
  principal: TenantPrincipal | null;
  /** Where the asker's memory files are read, in a sentence (or that no principal fails closed). */
  principalWords: string;
  /** True when these are the step's own answers, false for a what-if. */
  fromStep: boolean;
  /** Null for the starting entry, which made no call. */
  outcome: MemtoolOutcome | null;
  /** For a path call: whether each side opened a file outside the asker's root (a leak). */
  outside: { safe: boolean; naive: boolean } | null;
  /** Every session the learner may act as, with who it is. */
  sessions: ReadonlyArray<{ name: string; label: string }>;
  /** The agent's context when it made the calls. */
  context: readonly ContextMessage[];
  /** The shared store after this entry, by tenant. */
  owners: readonly OwnerGroup[];
  files: ReadonlyArray<readonly [path: string, text: string]>;
  links: ReadonlyArray<readonly [path: string, target: string]>;
  /** The fields each search tool's schema takes: what the model may put in a call. */
  searchFields: { safe: string[]; naive: string[] };
}

/** The principal a session name stands for (null for no principal, or a session the scenario no longer has). */
export function principalOf(timeline: MemtoolTimeline, actor: MemtoolActor): TenantPrincipal | null {
  return actor === null ? null : (timeline.sessions.find(([name]) => name === actor)?.[1] ?? null);
}

function ownersOf(memories: readonly MemoryRecord[], principal: TenantPrincipal | null): OwnerGroup[] {
  const byOwner = new Map<string, MemoryRecord[]>();
  for (const record of memories) {
    const owner = `${record.org_id} / ${record.user_id}`;
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), record]);
  }
  const asker = principal === null ? null : `${principal.org_id} / ${principal.user_id}`;
  return [...byOwner].map(([owner, records]) => ({ owner, own: owner === asker, records }));
}

function outsideOf(outcome: MemtoolOutcome | null): MemtoolView['outside'] {
  if (outcome?.kind !== 'viewed') return null;
  const leaks = (side: 'safe' | 'naive') => {
    const attempt = outcome[side].attempt;
    return attempt !== null && attempt.opened !== null && !isUnder(attempt.root, attempt.opened);
  };
  return { safe: leaks('safe'), naive: leaks('naive') };
}

export const memtoolKit: LessonKit<MemtoolTimeline, MemtoolActor, MemtoolView> = {
  replay: replayMemtoolText,
  size: (timeline) => timeline.entries.length,
  stepActor: (timeline, index) => timeline.entries[index]?.step?.session,
  defaultActor: (timeline) => timeline.entries[1]?.step?.session ?? timeline.sessions[0]?.[0] ?? null,
  actors: (timeline) => [...timeline.sessions.map(([name]) => name), null],
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
    const fromStep = entry.step === null || entry.step.session === actor;
    const outcome = entry.step === null ? null : fromStep ? entry.outcome : callAs(timeline, index, principal);
    return {
      entry,
      actor,
      principal,
      principalWords:
        principal === null
          ? 'No principal: the safe tools fail closed.'
          : `Memory files are read under ${memoryRoot(principal)}.`,
      fromStep,
      outcome,
      outside: outsideOf(outcome),
      sessions: timeline.sessions.map(([name, p]) => ({ name, label: describePrincipal(p) })),
      context: timeline.context,
      owners: ownersOf(entry.memories, principal),
      files: [...timeline.files.files],
      links: [...timeline.files.links],
      searchFields: {
        safe: Object.keys(SAFE_SEARCH_TOOL.input_schema.properties),
        naive: Object.keys(NAIVE_SEARCH_TOOL.input_schema.properties),
      },
    };
  },
  ownTasks: (text) => ownTasksOf('memtool', text),
  verify: verifyMemtoolTimeline,
};
