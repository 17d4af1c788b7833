/** What the lab's view draws, read from the lab store's state through core's rules (core/lab/lab.ts). */
import { LAB_GUESSES, labChoices, labReveal, type LabReveal, type LabRule, labStatus } from '../../core/lab/lab';
import { ruleName } from '../../core/store/rules';
import type { LabState } from './labStore';

export interface LabView {
  /** Each rule to choose from; `named` once the learner named it: whether it holds or is the broken one. */
  choices: { rule: LabRule; name: string; named: 'holds' | 'broken' | null }[];
  guesses: number;
  guessesLeft: number;
  over: boolean;
  solved: boolean;
  /** The rule and its lesson, once the lab is over; null before. */
  reveal: LabReveal | null;
}

export function labView(state: Pick<LabState, 'progress'>): LabView {
  const { progress } = state;
  const status = labStatus(progress);
  return {
    choices: labChoices(progress.seed).map((rule) => ({
      rule,
      name: ruleName(rule),
      named: !progress.guesses.includes(rule)
        ? null
        : status.kind === 'solved' && status.rule === rule
          ? ('broken' as const)
          : ('holds' as const),
    })),
    guesses: LAB_GUESSES,
    guessesLeft: status.kind === 'probing' ? status.guessesLeft : 0,
    over: status.kind !== 'probing',
    solved: status.kind === 'solved',
    reveal: status.kind === 'probing' ? null : labReveal(status.rule),
  };
}
