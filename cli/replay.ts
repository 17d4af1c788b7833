/**
 * npm run --silent replay -- [--check] FILE: the replay in the seed's isolation-result.json format.
 * --check also runs the playground's checks (the always-on invariants and the scenario's `expect`
 * assertions), reports them on stderr and exits 3 when one fails; a step the scenario expects to be
 * rejected is then not an error.
 */
import { replay, replayForSeed, type Timeline, type TimelineEntry } from '../src/core/replay/replay';
import type { Problem } from '../src/core/scenario/scenario';
import { acceptedScenario } from '../src/core/scenario/shape';
import { toSeedResult } from '../src/core/replay/seedResult';
import { pythonDumps } from '../src/core/python/jsonDumps';
import { EXIT, fail, failWithProblems, readInput, writeOutput } from './io';
import { cappedLines } from '../src/core/scenario/shown';
import { checkReport } from './checkReport';

/** Exit code of `--check` when a check fails. */
const CHECK_FAILED = 3;

const flag = process.argv.indexOf('--check', 2);
const check = flag !== -1;
if (check) process.argv.splice(flag, 1);

/** What the command reads of a replay: its entries, and for --check the whole timeline. */
type Replayed =
  | { kind: 'ok'; entries: readonly TimelineEntry[]; timeline: Timeline | null }
  | { kind: 'invalid'; problems: Problem[] };

/**
 * A scenario the stored shape accepts replays without zod, whose loading cost a quarter of a large
 * replay, and without --check it keeps only what the seed's result reads (replayForSeed). Anything
 * else, and any outcome but "ok", goes through replayText (loaded only then), which says what is wrong
 * and where.
 */
async function replayed(text: string, whole: boolean): Promise<Replayed> {
  const scenario = acceptedScenario(text);
  if (scenario !== undefined && whole) {
    const outcome = replay(scenario);
    if (outcome.kind === 'ok') return { kind: 'ok', entries: outcome.timeline.entries, timeline: outcome.timeline };
  } else if (scenario !== undefined) {
    const outcome = replayForSeed(scenario);
    if (outcome.kind === 'ok') return { kind: 'ok', entries: outcome.run.entries, timeline: null };
  }
  const { replayText } = await import('./slow');
  const outcome = replayText(text);
  return outcome.kind === 'ok'
    ? { kind: 'ok', entries: outcome.timeline.entries, timeline: outcome.timeline }
    : outcome;
}

async function main(): Promise<void> {
  const { file, text } = readInput('replay');
  const outcome = await replayed(text, check);
  if (outcome.kind === 'invalid') failWithProblems(file, outcome.problems);
  const report = check ? (await import('./slow')).runChecks(outcome.timeline!) : [];
  const rejected = outcome.entries.filter(
    (entry) => entry.outcome.kind === 'rejected' && !(check && entry.step?.expect?.rejected !== undefined),
  );
  const rejections = rejected.map(
    (entry) =>
      `${file}: step ${entry.index} (${entry.step!.op}): ${entry.outcome.kind === 'rejected' ? entry.outcome.reason : ''}`,
  );
  const checkLines = check ? checkReport(report) : [];
  const checksFailed = report.some((result) => !result.ok);
  if (rejections.length > 0) {
    fail(checksFailed ? CHECK_FAILED : EXIT.rejected, [...cappedLines(rejections), ...checkLines]);
  }
  // Exit as soon as the output is out: winding down on its own, the process would first finish the
  // collector's pending work over the whole timeline and free the heap (~25 ms for 20,000 items).
  const exit = () => process.exit(checksFailed ? CHECK_FAILED : EXIT.ok);
  writeOutput(`${pythonDumps(toSeedResult(outcome), 2)}\n`, () => {
    if (!check) exit();
    else process.stderr.write(checkLines.map((line) => `${line}\n`).join(''), exit);
  });
}

// A CommonJS bundle has no top-level await (and starts faster than a module: see build-cli.mjs).
void main();
