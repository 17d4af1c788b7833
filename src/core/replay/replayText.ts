/** Replay of a scenario (replay.ts) and of scenario text, every problem located by line and column. */
import { type ParseOutcome, parseScenario } from '../scenario/scenario';
import { locateAll } from '../scenario/locate';
import { ALL_RULES, type Rules } from '../store/rules';
import { replay, type ReplayOutcome } from './replay';

export * from './replay';

/** Parse and replay scenario text; every problem, setup ones included, carries line and column. */
export function replayText(text: string, rules: Rules = ALL_RULES): ReplayOutcome {
  const parsed: ParseOutcome = parseScenario(text);
  if (parsed.kind === 'invalid') return parsed;
  const outcome = replay(parsed.scenario, rules);
  if (outcome.kind === 'ok') return outcome;
  const spans = locateAll(
    text,
    outcome.problems.map((problem) => ({ path: problem.segments ?? [] })),
  );
  return { kind: 'invalid', problems: outcome.problems.map((problem, i) => ({ ...problem, ...spans[i] })) };
}
