/**
 * The router and memtool lessons' goals, judged from their replays: what each ordering's scorer was
 * handed (seed 003), and what each tool handed back (seed 004). Those engines have no rule switches,
 * so the only act their goals read is the selected step.
 */
import { assertNever } from '../store/errors';
import type { RouterTimeline } from '../router/replay';
import { fromUnreadBanks } from '../router/router';
import type { MemtoolEntry, MemtoolTimeline } from '../memtool/replay';
import { MEMORY_TREE } from '../memtool/files';
import { isUnder } from '../memtool/posix';
import type { LearnerActs, MemtoolGoal, RouterGoal } from './types';
import { judgeStepSelected, type Judged } from './shared';
import { judgeMarkLeak, judgePredictLeak, type LeakAt } from './answerGoals';

/** At recall step `step`: the memories the naive scorer was handed, and those from banks the context may not read. */
export function routerLeakAt(timeline: RouterTimeline, step: number): LeakAt {
  const entry = timeline.entries[step];
  if (entry === undefined || step === 0) return `Your scenario has no step ${step}.`;
  if (entry.outcome.kind !== 'recalled') return `Step ${step} is not a recall.`;
  const { naive, safe } = entry.outcome;
  const known = new Set<string>();
  for (const { outcome } of timeline.entries)
    if (outcome.kind === 'recalled') for (const item of outcome.naive.scored) known.add(item.memory_id);
  return {
    rows: naive.scored.map((item) => item.memory_id),
    leaked: fromUnreadBanks(naive.scored, safe.allowed).map((item) => item.memory_id),
    known,
  };
}

function judgeScorerLeak(timeline: RouterTimeline, step: number, memory: string | undefined): Judged {
  const entry = timeline.entries[step];
  if (entry === undefined || step === 0) return [false, `Your scenario has no step ${step}.`];
  if (entry.outcome.kind !== 'recalled')
    return [
      false,
      entry.outcome.kind === 'rejected'
        ? `The router refused step ${step}: ${entry.outcome.reason}`
        : `Step ${step} is a ${entry.step?.op ?? 'starting'} step, not a recall.`,
    ];
  const { safe, naive, context } = entry.outcome;
  const unauthorized = fromUnreadBanks(naive.scored, safe.allowed).filter(
    (item) => memory === undefined || item.memory_id === memory,
  );
  if (fromUnreadBanks(safe.scored, safe.allowed).length > 0)
    return [false, `At step ${step} the router's own scorer was handed a bank ${context} may not read.`];
  if (unauthorized.length === 0)
    return [
      false,
      memory === undefined
        ? `At step ${step} the naive scorer was handed nothing ${context} may not read.`
        : `At step ${step} the naive scorer was not handed ${memory} from a bank ${context} may not read.`,
    ];
  const first = unauthorized[0]!;
  return [
    true,
    `At step ${step} the naive router's scorer was handed ${first.memory_id} from the ${first.bank} bank, which ${context} may not read; the router's scorer was not.`,
  ];
}

/** Judge one router goal. */
export function judgeRouterGoal(goal: RouterGoal, timeline: RouterTimeline, acts: LearnerActs): Judged {
  switch (goal.kind) {
    case 'stepSelected':
      return judgeStepSelected(goal.step, acts);
    case 'scorerLeak':
      return judgeScorerLeak(timeline, goal.step, goal.memory);
    case 'markLeak':
      return judgeMarkLeak(goal.step, routerLeakAt(timeline, goal.step), acts.log ?? []);
    case 'predictLeak':
      return judgePredictLeak(goal.step, routerLeakAt(timeline, goal.step), acts.log ?? []);
    default:
      return assertNever(goal, 'goal');
  }
}

/** The organisation a memory file belongs to, from its place under /memories/<org_id>/<user_id>. */
function fileOrg(path: string): string {
  return (isUnder(MEMORY_TREE, path) && path.slice(MEMORY_TREE.length + 1).split('/')[0]) || '(outside the tree)';
}

/** What one side handed back at a step: [what, organisation] pairs. */
function handedBack(entry: MemtoolEntry, side: 'safe' | 'naive'): Array<[string, string]> {
  const { outcome } = entry;
  switch (outcome.kind) {
    case 'searched': {
      const { response } = outcome[side];
      return response.kind === 'ok' ? response.records.map((record) => [record.id, record.org_id]) : [];
    }
    case 'viewed': {
      const { response, attempt } = outcome[side];
      const opened = response.kind === 'ok' ? (attempt?.opened ?? null) : null;
      return opened === null ? [] : [[opened, fileOrg(opened)]];
    }
    case 'forgot':
    case 'started':
      return [];
    default:
      return assertNever(outcome, 'outcome');
  }
}

function judgeForeignRecord(timeline: MemtoolTimeline, step: number, org: string | undefined): Judged {
  const entry = timeline.entries[step];
  if (entry === undefined || step === 0) return [false, `Your scenario has no step ${step}.`];
  const own = 'principal' in entry.outcome ? (entry.outcome.principal?.org_id ?? null) : null;
  const foreign = (pairs: Array<[string, string]>) =>
    pairs.filter(([, owner]) => owner !== own && (org === undefined || owner === org));
  const naive = foreign(handedBack(entry, 'naive'));
  const safe = foreign(handedBack(entry, 'safe'));
  if (safe.length > 0) return [false, `At step ${step} the safe tool, too, handed back ${safe[0]![0]}.`];
  if (naive.length === 0)
    return [false, `At step ${step} the naive tool handed back nothing of ${org ?? 'another organisation'}.`];
  return [
    true,
    `At step ${step} the naive tool handed back ${naive.map(([what]) => what).join(', ')} of ${naive[0]![1]} to a session of ${own ?? 'no organisation'}; the safe tool did not.`,
  ];
}

/** At step `step`: what the naive tool handed back, and what of it belongs to another organisation than the session's. */
export function memtoolLeakAt(timeline: MemtoolTimeline, step: number): LeakAt {
  const entry = timeline.entries[step];
  if (entry === undefined || step === 0) return `Your scenario has no step ${step}.`;
  const own = 'principal' in entry.outcome ? (entry.outcome.principal?.org_id ?? null) : null;
  const naive = handedBack(entry, 'naive');
  const known = new Set<string>();
  for (const each of timeline.entries)
    for (const side of ['naive', 'safe'] as const) for (const [what] of handedBack(each, side)) known.add(what);
  return {
    rows: naive.map(([what]) => what),
    leaked: naive.filter(([, org]) => org !== own).map(([what]) => what),
    known,
  };
}

/** Judge one memtool goal. */
export function judgeMemtoolGoal(goal: MemtoolGoal, timeline: MemtoolTimeline, acts: LearnerActs): Judged {
  switch (goal.kind) {
    case 'stepSelected':
      return judgeStepSelected(goal.step, acts);
    case 'foreignRecord':
      return judgeForeignRecord(timeline, goal.step, goal.org);
    case 'markLeak':
      return judgeMarkLeak(goal.step, memtoolLeakAt(timeline, goal.step), acts.log ?? []);
    case 'predictLeak':
      return judgePredictLeak(goal.step, memtoolLeakAt(timeline, goal.step), acts.log ?? []);
    default:
      return assertNever(goal, 'goal');
  }
}
