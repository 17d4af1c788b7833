/**
 * Which checks each rule protects in one scenario: the checks that are green with every rule on and
 * turn red with that one rule switched off. A scenario that never exercises a rule gets an empty list,
 * so a learner can be pointed at a lesson that does.
 */
import { runChecks } from './checks';
import { replayText } from '../replay/replayText';
import { ALL_RULES, RULES, type Rule, withRulesOff } from '../store/rules';

export type Coverage = Readonly<Record<Rule, readonly string[]>>;

/** For each rule, the IDs of the checks it keeps green in `text`; null when the text does not replay. */
export function ruleCoverage(text: string): Coverage | null {
  const red = (rules = ALL_RULES): string[] | null => {
    const outcome = replayText(text, rules);
    return outcome.kind === 'ok'
      ? runChecks(outcome.timeline)
          .filter((check) => !check.ok)
          .map((check) => check.id)
      : null;
  };
  const base = red();
  if (base === null) return null;
  const already = new Set(base);
  const coverage = {} as Record<Rule, readonly string[]>;
  // Whether a text replays does not depend on the rules: it did with every rule on, so it does with one off.
  for (const rule of RULES) coverage[rule] = red(withRulesOff(rule))!.filter((id) => !already.has(id));
  return coverage;
}
