/**
 * What the page's Your store tab shows of a run: each step where the learner's adapter and the
 * reference store disagree, with the explainer's reason for the reference's answer and the rule the
 * adapter's answer breaks (the reference answers the same with that rule switched off, as the command
 * line's "answers like the reference with … switched off"), and where the run stopped because the
 * store lacks an operation. Pure: the page calls it with what compareEveryStep gave.
 */
import type { Scenario } from '../scenario/scenario';
import { ruleName, type Rule } from '../store/rules';
import { likeRulesOff, referenceReasons } from './diagnose';
import { lacksWords } from './protocol';
import type { EveryStep } from './run';

/** Disagreements whose rule is looked for (each replays the steps up to it once per rule). */
export const RULES_NAMED_FOR = 5;
/** Past this step a disagreement's rule is not looked for: the replays would hold the page too long. */
export const RULES_NAMED_UP_TO_STEP = 2_000;

/** One step where the adapter and the reference disagree. */
export interface Disagreement {
  /** The step, counted from 1 as the timeline shows it; 0 is the reset. */
  index: number;
  adapter: string;
  reference: string;
  /** The explainer's reason for each item the two answers differ on. */
  reasons: string[];
  /** The rule the adapter's answer breaks, in words; null when no single switched-off rule explains it. */
  breaks: string | null;
}

/** Where the run stopped because the store lacks an operation, in words. */
export interface NotApplicable {
  index: number;
  /** "the store has no import": the steps from here on were not compared. */
  note: string;
}

/**
 * "breaks “Scope keys match exactly”" (or "“…” or “…”" when switching off either one gives the same
 * answer), from the rules that explain an answer; null when none does.
 */
export function breaksWords(rules: readonly Rule[]): string | null {
  return rules.length === 0 ? null : `breaks ${rules.map(ruleName).join(' or ')}`;
}

export function disagreementsOf(
  scenario: Scenario,
  compared: EveryStep,
): { disagreements: Disagreement[]; notApplicable: NotApplicable | null } {
  let named = 0;
  const disagreements = compared.steps.flatMap(({ step, answer, mismatch }): Disagreement[] => {
    if (mismatch === null) return [];
    const failure = { step, answer, mismatch };
    let breaks: string | null = null;
    if (step > 0 && step <= RULES_NAMED_UP_TO_STEP && named < RULES_NAMED_FOR) {
      named += 1;
      breaks = breaksWords(likeRulesOff({ ...scenario, steps: scenario.steps.slice(0, step) }, failure));
    }
    return [
      {
        index: step,
        adapter: mismatch.adapter,
        reference: mismatch.reference,
        reasons: step === 0 ? [] : referenceReasons(scenario, compared.reference, failure),
        breaks,
      },
    ];
  });
  const lacked = compared.unsupported;
  return {
    disagreements,
    notApplicable: lacked === null ? null : { index: lacked.step, note: lacksWords([lacked.op]) },
  };
}
