/**
 * Why the reference answered a failing step as it did (the explainer's reason for each item the two
 * answers disagree on), whose canary token crossed, and which switched-off rule of the reference
 * store would have answered as the adapter did.
 */
import type { Scenario } from '../scenario/scenario';
import { itemsAt } from '../timeline/timeline';
import { decide } from '../store/visibility';
import { reasonFor } from '../explain/explain';
import { makePrincipal } from '../store/entities';
import { ScopeError } from '../store/errors';
import { RULES, type Rule, withRulesOff } from '../store/rules';
import { type Reference, referenceOf } from './reference';
import { compareAnswer, type CompareOptions } from './compare';
import type { StepFailure } from './run';

/** One line per item the answers disagree on: "c03-bob-task: belongs to bob, you are alice". */
export function referenceReasons(scenario: Scenario, reference: Reference, failure: StepFailure): string[] {
  const step = scenario.steps[failure.step - 1];
  const { extra, missing, kind } = failure.mismatch;
  if (step === undefined || step.op !== 'query') return [];
  let principal;
  try {
    principal = makePrincipal(...step.as);
  } catch (error) {
    if (error instanceof ScopeError) return [];
    throw error;
  }
  const agent = reference.timeline.agents.find((a) => a.name === principal.agent);
  if (agent === undefined) return [];
  // A query changes nothing: the store it read is the one after the step before it.
  const items = itemsAt(reference.timeline, failure.step - 1);
  const lines: string[] = [];
  const ids =
    kind === 'messages' || kind === 'order'
      ? []
      : [...extra.map((id) => ['extra', id]), ...missing.map((id) => ['missing', id])];
  for (const [side, id] of ids) {
    const found = items.filter((item) => item.id === id);
    if (found.length === 0) {
      lines.push(`${id}: ${side === 'extra' ? 'no such item is in the store at this step' : 'missing'}`);
      continue;
    }
    for (const item of found) {
      const verdict = decide(item, principal, agent);
      if ((side === 'extra') === verdict.visible) continue;
      lines.push(
        `${id}: ${side === 'extra' ? 'not in the request' : 'in the request'}: ${reasonFor(verdict, item, principal)}`,
      );
    }
  }
  return lines;
}

/**
 * Canary tokens the adapter let through: item IDs it returned that the reference did not, and IDs of
 * the store's items that appear in its messages and not in the reference's.
 */
export function crossedTokens(reference: Reference, failure: StepFailure): string[] {
  const crossed = new Set(failure.mismatch.extra);
  const answer = failure.answer;
  const expected = reference.expected[failure.step - 1];
  if (answer.kind === 'items' && answer.messages !== null && expected?.kind === 'items') {
    const said = answer.messages.map((m) => m.content).join('\n');
    const meant = expected.messages.map((m) => m.content).join('\n');
    for (const life of reference.timeline.lives) {
      const id = life.item.id;
      if (id.length >= 5 && said.includes(id) && !meant.includes(id)) crossed.add(id);
    }
  }
  return [...crossed];
}

/** The reference store's rules which, switched off one at a time, give the adapter's answer at the failing step. */
export function likeRulesOff(scenario: Scenario, failure: StepFailure, options: CompareOptions = {}): Rule[] {
  if (failure.step === 0) return [];
  // Replays the small (shrunk) scenario once per rule: a few milliseconds.
  return RULES.filter((rule) => {
    const expected = referenceOf(scenario, withRulesOff(rule)).expected[failure.step - 1];
    return expected !== undefined && compareAnswer(expected, failure.answer, options) === null;
  });
}
