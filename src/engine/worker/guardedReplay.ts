/** The engine's replay, guarded: an oversized text and a replay that throws become problems on screen. */
import { type ReplayOutcome, replayText } from '../../core/replay/replayText';
import type { Rules } from '../../core/store/rules';
import { oversizedScenario } from '../../core/scenario/limits';

/**
 * A replay that throws is a bug in the playground, not in the text. It must not blank the page or lose
 * the text (kept by the page): it becomes a problem on screen, and the stack goes to the console.
 */
export function guardedReplay(text: string, rules: Rules, replay = replayText): ReplayOutcome {
  const oversized = oversizedScenario(text);
  if (oversized !== null) return { kind: 'invalid', problems: [oversized] };
  try {
    return replay(text, rules);
  } catch (error) {
    console.error('The replay failed', error);
    const why = error instanceof Error ? error.message : String(error);
    return {
      kind: 'invalid',
      problems: [
        {
          path: '(replay)',
          message: `the replay failed (${why}): a bug in the playground, not in your text, which is kept`,
        },
      ],
    };
  }
}
