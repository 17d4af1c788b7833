/**
 * Answer first, then see, on the command line: a learner's `replay --lesson ID` (without --solution)
 * prints the seed result with the naive side's verdict (`naive_other_user_items`) withheld at every
 * query the reveal rule hides (core/exercises/reveal.ts), exactly as the page hides its labels, so the
 * command line's acts face the same information as the page's.
 */
import { hiddenByGoal, revealAt } from '../src/core/exercises/reveal';
import type { Exercise, TaskVerdict } from '../src/core/exercises/types';
import type { TimelineEntry } from '../src/core/replay/replay';
import type { SeedResult } from '../src/core/replay/seedResult';

/** The seed result with each hidden query's verdict replaced by a line that says why it is withheld. */
export function withheldResult(
  result: SeedResult,
  entries: readonly TimelineEntry[],
  exercises: readonly Exercise[],
  verdicts: readonly TaskVerdict[],
): unknown {
  const progress = { met: verdicts.filter((v) => v.met).map((v) => v.id), givenUp: [] };
  const shown = entries.filter((e) => e.outcome.kind === 'queried' || e.outcome.kind === 'closed');
  const steps = result.steps.map((step, i) => {
    const entry = shown[i];
    if (entry === undefined || !('naive_other_user_items' in step)) return step;
    const reveal = revealAt(exercises, progress, entry.index);
    if (reveal.verdicts) return step;
    // Name the tasks about this step or an earlier one: those are what keep this verdict back.
    const here = exercises.filter((task) => {
      const hides = hiddenByGoal(task.goal);
      return reveal.hiddenBy.includes(task.id) && hides !== null && 'step' in hides && hides.step <= entry.index;
    });
    const { naive_other_user_items: _hidden, ...rest } = step;
    return { ...rest, withheld: `which naive items leak: answer ${here.map((t) => `task ${t.id}`).join(', ')} first` };
  });
  return { ...result, steps };
}
