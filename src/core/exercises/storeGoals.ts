/**
 * The store lessons' goals, judged from the replay: the timeline's query outcomes (the naive list's
 * leaks are attributed by the item itself, see QueryResult), the scenario's `expect` checks with a rule
 * switched off and on, and the learner's acts. Nothing here reads scenario text.
 */
import { assertNever } from '../store/errors';
import { pathWithStep } from '../timeline/stepNumbers';
import { ALL_RULES, ruleName, ruleNames, type Rule, RULES, withRulesOff } from '../store/rules';
import { type Item, principalName } from '../store/entities';
import { replay, type Timeline, type TimelineEntry } from '../replay/replay';
import { checkExpectations } from '../checks/checks';
import type { Scenario, Step } from '../scenario/scenario';
import { decide, KEEPING_RULE_OF, KEEPING_RULE_WORDS } from '../store/visibility';
import { reasonFor } from '../explain/explain';
import type { LearnerActs, StoreGoal } from './types';
import { judgeStepSelected, type Judged } from './shared';
import { judgeMarkLeak, judgePredictLeak, type LeakAt, RETRY } from './answerGoals';

/** What a store goal reads: the learner's scenario, the lesson's own, and the learner's acts. */
export interface StoreGoalInput {
  scenario: Scenario;
  lesson: Scenario;
  acts: LearnerActs;
}

/** Replays of one scenario, each rule set replayed at most once. */
export class StoreReplays {
  private readonly byRules = new Map<string, Timeline | string>();
  /** `timeline`: the scenario's replay with every rule on, when the caller has it already (the page does). */
  constructor(
    readonly scenario: Scenario,
    timeline?: Timeline,
  ) {
    if (timeline !== undefined) this.byRules.set('', timeline);
  }

  /** The timeline with `off` switched off, or why the scenario does not replay. */
  timeline(off: readonly Rule[] = []): Timeline | string {
    const key = [...off].sort().join(',');
    let found = this.byRules.get(key);
    if (found === undefined) {
      const outcome = replay(this.scenario, off.length === 0 ? ALL_RULES : withRulesOff(...off));
      found =
        outcome.kind === 'ok'
          ? outcome.timeline
          : `your scenario does not replay: ${pathWithStep(outcome.problems[0]?.path ?? '')}: ${outcome.problems[0]?.message}`;
      this.byRules.set(key, found);
    }
    return found;
  }
}

/** The switch names among `rules` (a learner file may name others). */
const knownRules = (rules: readonly string[]): Rule[] =>
  rules.filter((r): r is Rule => (RULES as readonly string[]).includes(r));

function judgeRuleOff(rule: Rule, only: boolean, acts: LearnerActs): Judged {
  const off = acts.rulesOff.includes(rule);
  const others = acts.rulesOff.filter((r): r is Rule => r !== rule && (RULES as readonly string[]).includes(r));
  if (off && (!only || others.length === 0)) return [true, `${ruleName(rule)} is switched off.`];
  if (off)
    return [
      false,
      `The right rule is off, but so ${others.length === 1 ? 'is' : 'are'} ${ruleNames(others)}: switch ${others.length === 1 ? 'it' : 'them'} back on.`,
    ];
  if (acts.rulesOff.length === 0) return [false, 'No rule is switched off yet.'];
  return [
    false,
    `${ruleNames(knownRules(acts.rulesOff))} ${acts.rulesOff.length === 1 ? 'is' : 'are'} off, but not the rule this task asks for.`,
  ];
}

/** The query at `step`: met when its naive request, asked for `to`, carries an item of `owner`. */
function judgeLeakAt(timeline: Timeline, step: number, owner: string, to: string): Judged {
  const entry = timeline.entries[step];
  if (entry === undefined || step === 0) return [false, `Your scenario has no step ${step}.`];
  if (entry.outcome.kind === 'rejected')
    return [false, `The store rejected step ${step}, so it built no request: ${entry.outcome.reason}.`];
  if (entry.outcome.kind !== 'queried')
    return [false, `Step ${step} is a ${entry.step?.op ?? 'configuration'} step, not a query.`];
  const { principal, leaked } = entry.outcome;
  if (principal.user !== to) return [false, `The query at step ${step} is asked by ${principal.user}, not ${to}.`];
  const carried = leaked.filter((item) => item.user === owner);
  if (carried.length === 0) return [false, `The naive request at step ${step} carries no item of ${owner}.`];
  return [
    true,
    `At step ${step} the naive request for ${principalName(principal)} carries ${owner}'s ${carried.map((item) => item.id).join(', ')}.`,
  ];
}

/** A step's identity for "one of the lesson's own": the step as data (its op, principal, fields, expect). */
const stepKey = (step: Step) => JSON.stringify(step);

function judgeCheckGuardsRule(rule: Rule, input: StoreGoalInput, replays: StoreReplays): Judged {
  const on = replays.timeline();
  const off = replays.timeline([rule]);
  if (typeof on === 'string') return [false, on];
  if (typeof off === 'string') return [false, off];
  const own = new Set(input.lesson.steps.filter((step) => step.expect !== undefined).map(stepKey));
  const fresh = (entry: TimelineEntry | undefined) => entry?.step != null && !own.has(stepKey(entry.step));
  const green = checkExpectations(on).filter((check) => fresh(on.entries[check.step ?? -1]));
  if (green.length === 0)
    return [false, "Your scenario has no `expect` assertion of its own yet (the lesson's own do not count)."];
  const offById = new Map(checkExpectations(off).map((check) => [check.id, check]));
  const guards = green.filter((check) => check.ok && offById.get(check.id)?.ok === false);
  if (guards.length > 0)
    return [
      true,
      `The assertion at step ${guards[0]!.step} is green with every rule on and red with ${ruleName(rule)} off.`,
    ];
  const red = green.filter((check) => !check.ok);
  if (red.length === green.length)
    return [
      false,
      `Your assertion at step ${red[0]!.step} is red even with every rule on: it must hold for the real store.`,
    ];
  return [false, `Your assertions stay green with ${ruleName(rule)} off: none of them notices what the rule protects.`];
}

/** Every user a scenario names: writers, askers, handoff senders and closed tasks' owners. */
function usersOf(scenario: Scenario): Set<string> {
  const users = new Set<string>();
  for (const step of scenario.steps) {
    if ('as' in step) users.add(step.as[0]);
    else if ('user' in step) users.add(step.user);
  }
  return users;
}

function judgeNewUserLeaks(to: string, input: StoreGoalInput, replays: StoreReplays): Judged {
  const timeline = replays.timeline();
  if (typeof timeline === 'string') return [false, timeline];
  const known = usersOf(input.lesson);
  const fresh = [...usersOf(input.scenario)].filter((user) => !known.has(user));
  if (fresh.length === 0) return [false, 'Your scenario names no user that the lesson does not.'];
  const writer = new Map(timeline.lives.map((life) => [life.item.seq, life.writer]));
  let leak: { step: number; user: string; id: string } | null = null;
  for (const entry of timeline.entries) {
    if (entry.outcome.kind !== 'queried' || entry.outcome.principal.user !== to) continue;
    const dirty = entry.outcome.context.items.find(
      (item) => (item.user !== null && item.user !== to) || ![null, to].includes(writer.get(item.seq) ?? null),
    );
    if (dirty !== undefined)
      return [false, `${to}'s scoped request at step ${entry.index} holds ${dirty.id}, which is not ${to}'s.`];
    const carried: Item | undefined =
      leak === null ? entry.outcome.leaked.find((item) => fresh.includes(item.user ?? '')) : undefined;
    if (carried !== undefined) leak = { step: entry.index, user: carried.user!, id: carried.id };
  }
  if (leak === null)
    return [
      false,
      `No item of ${fresh.join(' or ')} reaches a naive request of ${to}: ${to} must ask after the write, with words it shares.`,
    ];
  return [
    true,
    `${leak.user}'s ${leak.id} reaches ${to}'s naive request at step ${leak.step}, and every scoped request of ${to} stays clean.`,
  ];
}

/** The query entry at `step`, or why there is none. */
function queryAt(timeline: Timeline, step: number) {
  const entry = timeline.entries[step];
  if (entry === undefined || step === 0) return `Your scenario has no step ${step}.`;
  if (entry.outcome.kind === 'rejected') return `The store rejected step ${step}: ${entry.outcome.reason}.`;
  if (entry.outcome.kind !== 'queried')
    return `Step ${step} is a ${entry.step?.op ?? 'configuration'} step, not a query.`;
  return entry.outcome;
}

/** What the naive list showed at query step `step`: its rows and those of another user than the asker. */
export function storeLeakAt(timeline: Timeline, step: number): LeakAt {
  const query = queryAt(timeline, step);
  if (typeof query === 'string') return query;
  return {
    rows: query.naive.map((item) => item.id),
    leaked: query.leaked.map((item) => item.id),
    known: new Set(timeline.lives.map((life) => life.item.id)),
  };
}

/** The naive list's leak at `step` in the replay with every rule on, or why there is none. */
function storeLeakView(replays: StoreReplays, step: number): LeakAt {
  const timeline = replays.timeline();
  return typeof timeline === 'string' ? timeline : storeLeakAt(timeline, step);
}

/**
 * What rule `rule` lets through at query step `step` once it is off: the scoped request's rows with it
 * off, and those of them the scoped request with every rule on keeps out.
 */
export function letThroughAt(replays: StoreReplays, step: number, rule: Rule): LeakAt {
  const on = replays.timeline();
  const off = replays.timeline([rule]);
  if (typeof on === 'string') return on;
  if (typeof off === 'string') return off;
  const withOff = queryAt(off, step);
  const withOn = queryAt(on, step);
  if (typeof withOff === 'string') return withOff;
  if (typeof withOn === 'string') return withOn;
  const kept = new Set(withOn.context.items.map((item) => item.id));
  const rows = withOff.context.items.map((item) => item.id);
  const known = new Set([...on.lives, ...off.lives].map((life) => life.item.id));
  return { rows, leaked: rows.filter((id) => !kept.has(id)), known };
}

/** Met when the learner's first choice for `itemId` at `step` is the rule behind decide's reason for keeping it out. */
function judgeWhichRule(timeline: Timeline, step: number, itemId: string, acts: LearnerActs): Judged {
  const query = queryAt(timeline, step);
  if (typeof query === 'string') return [false, query];
  const { principal } = query;
  const agent = timeline.agents.find((a) => a.name === principal.agent);
  const present = timeline.lives.filter(
    (life) => life.item.id === itemId && life.addedAt < step && (life.removedAt === null || life.removedAt > step),
  );
  if (agent === undefined || present.length === 0) return [false, `No item ${itemId} is in the store at step ${step}.`];
  const verdicts = present.map((life) => ({ item: life.item, verdict: decide(life.item, principal, agent) }));
  const out = verdicts.find((v) => !v.verdict.visible);
  if (out === undefined || out.verdict.visible)
    return [false, `${itemId} is in ${principal.user}'s request at step ${step}: no rule keeps it out.`];
  const choice = (acts.log ?? []).find((act) => act.kind === 'choose' && act.step === step && act.item === itemId);
  if (choice === undefined || choice.kind !== 'choose')
    return [false, `No rule is chosen yet for ${itemId} at step ${step}.`];
  if (choice.rule !== KEEPING_RULE_OF[out.verdict.why])
    return [
      false,
      `You chose "${KEEPING_RULE_WORDS[choice.rule]}" for ${itemId} at step ${step}, which is not what keeps it out. ${RETRY}`,
    ];
  return [
    true,
    `"${KEEPING_RULE_WORDS[choice.rule]}": the store keeps ${itemId} out at step ${step}: ${reasonFor(out.verdict, out.item, principal)}.`,
  ];
}

/** Judge one store goal. */
export function judgeStoreGoal(goal: StoreGoal, input: StoreGoalInput, replays: StoreReplays): Judged {
  switch (goal.kind) {
    case 'stepSelected':
      return judgeStepSelected(goal.step, input.acts);
    case 'ruleOff':
      return judgeRuleOff(goal.rule, goal.only === true, input.acts);
    case 'naiveLeak': {
      const timeline = replays.timeline();
      return typeof timeline === 'string' ? [false, timeline] : judgeLeakAt(timeline, goal.step, goal.owner, goal.to);
    }
    case 'naiveLeakSelected': {
      if (input.acts.selectedStep === 0) return [false, 'No step is selected yet.'];
      const timeline = replays.timeline();
      if (typeof timeline === 'string') return [false, timeline];
      const [met, reason] = judgeLeakAt(timeline, input.acts.selectedStep, goal.owner, goal.to);
      return met
        ? [true, reason]
        : [false, `The selected step does not show it: ${reason[0]!.toLowerCase()}${reason.slice(1)}`];
    }
    case 'checkGuardsRule':
      return judgeCheckGuardsRule(goal.rule, input, replays);
    case 'newUserLeaks':
      return judgeNewUserLeaks(goal.to, input, replays);
    case 'markLeak':
    case 'predictLeak': {
      const log = input.acts.log ?? [];
      const view =
        goal.rule === undefined ? storeLeakView(replays, goal.step) : letThroughAt(replays, goal.step, goal.rule);
      if (goal.kind === 'predictLeak') return judgePredictLeak(goal.step, view, log);
      const list = goal.rule === undefined ? 'naive list' : `scoped request with ${ruleName(goal.rule)} off`;
      return judgeMarkLeak(goal.step, view, log, list);
    }
    case 'whichRule': {
      const timeline = replays.timeline();
      return typeof timeline === 'string'
        ? [false, timeline]
        : judgeWhichRule(timeline, goal.step, goal.item, input.acts);
    }
    default:
      return assertNever(goal, 'goal');
  }
}
