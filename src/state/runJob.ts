/**
 * What a Run computes from scenario text, as work that can be sliced (core/replay/work.ts): the size
 * limit, the replay, then everything the store reads once from a timeline (words, options, checks, cache
 * rows). Drained at once for a small text; the store slices it for a large one (slices.ts).
 */
import type { Problem } from '../core/scenario/scenario';
import { type ReplayOutcome, replayText, replayTextWork, type Timeline } from '../core/replay/replayText';
import { ALL_RULES, RULES, type Rules } from '../core/store/rules';
import { type CheckResult, runChecksWork } from '../core/checks/checks';
import { principalOptions, type PrincipalOptions } from '../core/timeline/principals';
import { oversizedScenario } from '../core/scenario/limits';
import { PAUSE, unit, type Work } from '../core/replay/work';
import { type EntryWords, entryWordsWork } from './derive';
import { type TimelineChecks, timelineChecksWork } from './why';

/** Everything the store reads once from a timeline replayed from `ranText`. */
export interface TimelineParts extends TimelineChecks {
  timeline: Timeline;
  words: EntryWords[];
  options: PrincipalOptions;
}

export type RunResult =
  | { kind: 'invalid'; problems: Problem[] }
  | {
      kind: 'ok';
      parts: TimelineParts;
      /** The checks of the text with every rule on (a lesson's done mark), or null when not asked for. */
      safe: CheckResult[] | null;
    };

export interface RunOptions {
  /** Replaces the core's replay in a test (one unit then). */
  replay?: typeof replayText;
  /** Also give the checks with every rule on: the same as the parts' when no rule is off, else one more replay. */
  safe?: boolean;
  /** Called once the text is known to be valid, before its parts are made (an import puts it in the editor then). */
  onValid?(): void;
}

/** The parts of `timeline`, replayed from `text`, as work. */
export function* timelinePartsWork(timeline: Timeline, text: string): Work<TimelineParts> {
  const words = yield* entryWordsWork(timeline);
  const options = principalOptions(timeline);
  yield;
  const checks = yield* timelineChecksWork(timeline, text);
  return { timeline, words, options, ...checks };
}

/**
 * A replay that throws is a bug in the playground, not in the text. It must not blank the page or lose
 * the text (saved before any run): it becomes a problem on screen, and the stack goes to the console.
 */
function* guarded(work: Work<ReplayOutcome>): Work<ReplayOutcome> {
  try {
    return yield* work;
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

/** Replay `text` under `rules` as work, guarded; `replay` replaces the core's in a test (one unit then). */
export function* guardedReplayWork(text: string, rules: Rules, replay?: typeof replayText): Work<ReplayOutcome> {
  return yield* guarded(replay === undefined ? replayTextWork(text, rules) : unit(() => replay(text, rules)));
}

/** The replay a Run does: refused past the size limit, else `text` replayed under `rules`, guarded. */
export function* sizedReplayWork(text: string, rules: Rules, replay?: typeof replayText): Work<ReplayOutcome> {
  // Past the one size limit nothing is parsed: the text stays in the editor, the problem says why.
  const oversized = oversizedScenario(text);
  if (oversized !== null) return { kind: 'invalid', problems: [oversized] };
  return yield* guardedReplayWork(text, rules, replay);
}

/** A Run of `text`: refused past the size limit, else replayed, and for a valid scenario what `options` ask for. */
export function* runWork(text: string, rules: Rules, options: RunOptions = {}): Work<RunResult> {
  const outcome = yield* sizedReplayWork(text, rules, options.replay);
  if (outcome.kind === 'invalid') return { kind: 'invalid', problems: outcome.problems };
  if (options.onValid !== undefined) {
    options.onValid();
    // The page renders what onValid changed (an import's 3 MB text going into the editor) as this task ends.
    yield PAUSE;
  }
  const parts = yield* timelinePartsWork(outcome.timeline, text);
  return { kind: 'ok', parts, safe: options.safe === true ? yield* safeWork(text, rules, parts, options) : null };
}

/** The checks of `text` with every rule on: those of `parts` when no rule was off, else from one more replay. */
function* safeWork(text: string, rules: Rules, parts: TimelineParts, options: RunOptions): Work<CheckResult[]> {
  if (RULES.every((rule) => rules[rule])) return parts.checks;
  const all = yield* guardedReplayWork(text, ALL_RULES, options.replay);
  // The text replayed under the learner's rules, so with every rule on it does too; if not, its own checks.
  return all.kind === 'ok' ? yield* runChecksWork(all.timeline) : parts.checks;
}
