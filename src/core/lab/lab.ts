/**
 * The final lab: find the broken rule. The lab's store runs with one rule switched off, picked from the
 * learner's own seed (so two learners' answers differ and a reload keeps it), and never named until the
 * learner names it or uses up their guesses. The learner probes it with a scenario of their own; what
 * the lab shows of a probe is only what the store did (accepted, refused and why, which items a request
 * held and whose they are, where the cache served from), never a verdict. Pure: the page's lab store
 * and its tests call it alike.
 */
import { parseScenario, type Problem } from '../scenario/scenario';
import { replay } from '../replay/replay';
import type { Outcome, Timeline } from '../replay/timelineTypes';
import { type Item, principalName } from '../store/entities';
import { RULE_INFO, RULES, type Rule, ruleName, withRulesOff } from '../store/rules';
import { seeded } from '../seeded';
import { LESSONS } from '../lessons/catalogue';
import { count } from '../text/plural';

/**
 * The rules the lab may switch off: every switch whose effect a probe can see in what the store does.
 * "Item text is escaped" is left out (its effect is in the rendered request's markup, which the lab does
 * not show); lab.test.ts checks that every pair of these can be told apart by a probe.
 */
export const LAB_RULES = RULES.filter((rule): rule is Exclude<Rule, 'escaping'> => rule !== 'escaping');
export type LabRule = Exclude<Rule, 'escaping'>;

/** What the lab says beside a rule the learner named. */
export const NAMED_WORDS = { holds: 'named: it holds', broken: 'named: the broken rule' } as const;

/** Guesses a learner has before the lab shows its rule. */
export const LAB_GUESSES = 3;
/** The longest probe the lab replays, in characters, and its most steps: a probe is a few steps. */
export const MAX_PROBE_CHARS = 50_000;
export const MAX_PROBE_STEPS = 100;

/** What the learner has done in the lab: kept in their browser, so a reload changes nothing. */
export interface LabProgress {
  /** The learner's own seed: picks the broken rule and the order of the choices. */
  seed: number;
  /** How many probes ran (a guess needs at least one). */
  probes: number;
  /** The rules guessed so far, in order. */
  guesses: LabRule[];
}

export type LabStatus =
  | { kind: 'probing'; guessesLeft: number }
  | { kind: 'solved'; rule: LabRule; guesses: number }
  | { kind: 'out-of-guesses'; rule: LabRule };

/** The rule this learner's lab store has switched off. */
export function brokenRule(seed: number): LabRule {
  return LAB_RULES[Math.floor(seeded(seed)() * LAB_RULES.length)]!;
}

/** The rules to choose from, in this learner's order (the same on every reload). */
export function labChoices(seed: number): LabRule[] {
  const random = seeded(seed ^ 0x5bd1e995);
  const order = [...LAB_RULES];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export function labStatus(progress: LabProgress): LabStatus {
  const rule = brokenRule(progress.seed);
  const hit = progress.guesses.indexOf(rule);
  if (hit >= 0) return { kind: 'solved', rule, guesses: hit + 1 };
  if (progress.guesses.length >= LAB_GUESSES) return { kind: 'out-of-guesses', rule };
  return { kind: 'probing', guessesLeft: LAB_GUESSES - progress.guesses.length };
}

export type GuessResult =
  { kind: 'guessed'; progress: LabProgress; right: boolean; message: string } | { kind: 'refused'; message: string };

/** Name a rule: right, or one guess fewer (a rule already named, or a guess before any probe, is refused). */
export function guessRule(progress: LabProgress, rule: LabRule): GuessResult {
  const status = labStatus(progress);
  if (status.kind !== 'probing') return { kind: 'refused', message: 'The lab is over: its rule is shown below.' };
  if (progress.probes === 0)
    return { kind: 'refused', message: 'Probe the store first: run at least one scenario before you name a rule.' };
  if (progress.guesses.includes(rule))
    return { kind: 'refused', message: `You named ${ruleName(rule)} already: choose another rule.` };
  const next = { ...progress, guesses: [...progress.guesses, rule] };
  const after = labStatus(next);
  const right = after.kind === 'solved';
  const message = right
    ? `Right: ${ruleName(rule)} is the rule this store breaks.`
    : after.kind === 'out-of-guesses'
      ? `Not ${ruleName(rule)}: that rule holds here. No guesses left.`
      : `Not ${ruleName(rule)}: that rule holds here. ${count(after.guessesLeft, 'guess', 'guesses')} left.`;
  return { kind: 'guessed', progress: next, right, message };
}

/** One step of a probe as the lab shows it: what the store did, in words, without a verdict. */
export interface ProbeLine {
  step: number;
  op: string;
  /** "accepted", "refused: …", or what the store returned or removed. */
  said: string;
  /** A query's items: ID and whose item it is, in request order. */
  items: string[];
}

export type ProbeResult = { kind: 'ok'; lines: ProbeLine[] } | { kind: 'invalid'; problems: Problem[] };

const owner = (item: Item): string =>
  item.user === null
    ? item.scope === 'app'
      ? 'app'
      : 'no owner'
    : [item.user, item.scope === 'user' ? null : item.task, item.scope === 'agent' ? item.agent : null]
        .filter((part) => part !== null)
        .join('/');

const itemWords = (item: Item) => `${item.id} (${item.scope} item of ${owner(item)})`;

function said(outcome: Outcome): { said: string; items: string[] } {
  switch (outcome.kind) {
    case 'configured':
      return { said: `configured ${count(outcome.items.length, 'app item')}`, items: [] };
    case 'written':
      return { said: `stored ${itemWords(outcome.item)}`, items: [] };
    case 'handed-off':
      return {
        said: `handed off to ${principalName(outcome.target)}: ${count(outcome.items.length, 'copy', 'copies')}`,
        items: outcome.items.map(itemWords),
      };
    case 'queried': {
      const cache = outcome.cache.hit
        ? `served from the cache, built for ${principalName(outcome.cache.builtFor)} at version ${outcome.cache.builtAtVersion}`
        : 'built fresh';
      return {
        said: `request for ${principalName(outcome.principal)}: ${count(outcome.context.item_ids.length, 'item')}, ${cache}`,
        items: outcome.context.items.map(itemWords),
      };
    }
    case 'closed':
      return { said: `closed ${outcome.task} of ${outcome.user}: removed`, items: outcome.removed.map(itemWords) };
    case 'imported':
      return { said: `imported ${itemWords(outcome.item)}`, items: [] };
    case 'forgotten':
      return { said: `forgot ${outcome.user}: removed`, items: outcome.removed.map(itemWords) };
    case 'rejected':
      return { said: `refused: ${outcome.reason}`, items: [] };
  }
}

/** What the lab shows of a replay: one line per step (the configuration is entry 0, not shown). */
export function probeLines(timeline: Timeline): ProbeLine[] {
  return timeline.entries
    .filter((entry) => entry.step !== null)
    .map((entry) => ({ step: entry.index, op: entry.step!.op, ...said(entry.outcome) }));
}

/** Run a probe against this learner's lab store: bounded, every problem located as in the editor. */
export function probe(seed: number, text: string): ProbeResult {
  if (text.length > MAX_PROBE_CHARS)
    return {
      kind: 'invalid',
      problems: [{ message: `a probe holds at most ${MAX_PROBE_CHARS} characters; this one ${text.length}`, path: '' }],
    };
  const parsed = parseScenario(text);
  if (parsed.kind === 'invalid') return parsed;
  if (parsed.scenario.steps.length > MAX_PROBE_STEPS)
    return {
      kind: 'invalid',
      problems: [
        {
          message: `a probe holds at most ${MAX_PROBE_STEPS} steps; this one ${parsed.scenario.steps.length}`,
          path: 'steps',
        },
      ],
    };
  const replayed = replay(parsed.scenario, withRulesOff(brokenRule(seed)));
  return replayed.kind === 'ok' ? { kind: 'ok', lines: probeLines(replayed.timeline) } : replayed;
}

/** What the lab shows once it is over: the rule, what breaks without it, and the lesson that teaches it. */
export interface LabReveal {
  rule: LabRule;
  name: string;
  effect: string;
  lesson: { id: string; title: string } | null;
}

export function labReveal(rule: LabRule): LabReveal {
  const lesson = LESSONS.find((l) => l.reproduce.includes(rule));
  return {
    rule,
    name: ruleName(rule),
    effect: RULE_INFO[rule].effect,
    lesson: lesson === undefined ? null : { id: lesson.id, title: lesson.title },
  };
}

/** The probe the lab starts with: two users, two tasks, a handoff and queries; the learner edits it. */
export const STARTER_PROBE = `{
  "agents": [
    { "name": "planner", "role": "Plan and delegate.", "tools": ["delegate"], "reads": ["app", "user", "task", "agent"] },
    { "name": "researcher", "role": "Search and report.", "tools": [], "reads": ["app", "agent"] }
  ],
  "configuration": [{ "id": "policy", "text": "Export jobs run nightly." }],
  "steps": [
    { "op": "write", "as": ["alice", "task-1", "planner"], "scope": "task", "id": "plan", "text": "Alice's export plan." },
    { "op": "write", "as": ["bob", "task-1", "planner"], "scope": "user", "id": "note", "text": "Bob's export note." },
    { "op": "query", "as": ["alice", "task-2", "planner"], "current": "What is the export plan?" },
    { "op": "query", "as": ["bob", "task-1", "planner"], "current": "What is the export plan?" }
  ]
}
`;
