/**
 * What the open lesson's page may show at a step, from the learner's progress: the core's one rule
 * (core/exercises/reveal.ts) fed with the tasks met (kept as progress, or met on screen now: an unsaved
 * shared link's answer reveals too) and the tasks given up ("Show me").
 */
import { ownValue } from '../../core/own';
import { type Reveal, revealAt } from '../../core/exercises/reveal';
import type { ProgressState } from './progressStore';

/** What the page may show at step `step` of the open lesson; null: everything (no task pending, or none live). */
export function revealNow(state: Pick<ProgressState, 'live' | 'progress'>, step: number): Reveal | null {
  const { live } = state;
  if (live === null) return null;
  const kept = ownValue(state.progress, live.key)?.tasks;
  const met = live.exercises.filter(
    (e) => ownValue(kept, e.id)?.met === true || live.verdicts.some((v) => v.id === e.id && v.met),
  );
  const givenUp = live.exercises.filter((e) => ownValue(kept, e.id)?.givenUp === true);
  const reveal = revealAt(live.exercises, { met: met.map((e) => e.id), givenUp: givenUp.map((e) => e.id) }, step);
  return reveal.hiddenBy.length === 0 ? null : reveal;
}

/** Whether two reveals say the same (the watcher writes a new one only when it changes); null: nothing withheld. */
export function sameReveal(a: Reveal | null, b: Reveal | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.verdicts === b.verdicts &&
    a.planMarker === b.planMarker &&
    a.tryThis === b.tryThis &&
    a.notesUpTo === b.notesUpTo &&
    a.hiddenBy.join('\n') === b.hiddenBy.join('\n')
  );
}
