/**
 * npm run --silent replay -- [--check] [--lesson ID] [--solution] [--step K] [--rule-off R]...
 * [--see K]... [--mark K:ITEM]... [--predict K:ITEM|K:none]... [--choose K:ITEM:RULE]... [FILE]:
 * the replay in the seed's isolation-result.json format. --check also runs the playground's checks
 * (the always-on invariants and the scenario's `expect` assertions), reports them on stderr and exits 3
 * when one fails; a step the scenario expects to be rejected is then not an error. It then reports each
 * task of the lesson's exercises (--lesson ID's, or the file's own) as met or not; --solution applies
 * the exercises' reference solution first and exits 4 when a task is still unmet. --lesson, --solution,
 * --step, --rule-off and the act flags (--see, --mark, --predict, --choose: the learner's act log, in the
 * order given) imply --check; a router or memtool lesson is checked too (no seed result).
 *
 * npm run --silent replay -- --check --course FILE: prove a course pack (cli/course.ts): exit 0 every
 * lesson proved, 2 usage, 3 a solution misses a task, 4 an unsolved lesson meets a task, 5 invalid pack,
 * 6 a lesson's scenario refuses a step or fails a check.
 *
 * npm run --silent replay -- --list-lessons: every gallery lesson, one line each in the gallery's order,
 * `ID<tab>ENGINE<tab>TITLE` (engine: store, router or memtool), so a teacher or CI can check them all.
 */
import { replay, replayForSeed, type Timeline, type TimelineEntry } from '../src/core/replay/replay';
import type { Problem } from '../src/core/scenario/scenario';
import { acceptedScenario } from '../src/core/scenario/accepted';
import { toSeedResult } from '../src/core/replay/seedResult';
import { pythonDumps } from '../src/core/python/jsonDumps';
import { EXIT, FILE_READ, fail, failWithProblems, linesText, readInput, writeOutput } from './io';
import { commandArgs, flagOption, stringOption, stringsOption } from './args';
import { REPLAY, REPLAY_EXIT } from './spec/replay';
import { cappedLines } from '../src/core/scenario/shown';
import { checkReport } from './checkReport';
import type { PreparedTasks, TaskOptions } from './tasks';
import type { TaskVerdict } from '../src/core/exercises/types';

/** The options that add to the learner's act log (tasks.ts actOfFlag reads each value). */
const ACT_FLAGS = ['see', 'mark', 'predict', 'choose'];

const CHECK_FAILED = REPLAY_EXIT.checkFailed;
const TASK_UNMET = REPLAY_EXIT.taskUnmet;

interface ReplayOptions extends TaskOptions {
  check: boolean;
  course: string | null;
  listLessons: boolean;
  /** Anything else given with --list-lessons. */
  others: boolean;
  /** The arguments that are not options: FILE. */
  files: string[];
}

/** The command line (cli/spec/replay.ts): --help, --version and a wrong option end the process here. */
function takeOptions(argv: string[]): ReplayOptions {
  const args = commandArgs(REPLAY, argv);
  const step = stringOption(args, 'step');
  const options = {
    check: flagOption(args, 'check'),
    course: stringOption(args, 'course'),
    lesson: stringOption(args, 'lesson'),
    solution: flagOption(args, 'solution'),
    step: step === null ? null : Number(step),
    rulesOff: stringsOption(args, 'rule-off'),
    log: args.given
      .filter(({ name }) => ACT_FLAGS.includes(name))
      .map(({ name, value }) => ({ flag: `--${name}`, value: value ?? '' })),
    listLessons: flagOption(args, 'list-lessons'),
    others: args.positionals.length > 0 || args.given.some(({ name }) => name !== 'list-lessons'),
    files: args.positionals,
  };
  options.check ||=
    options.solution ||
    options.lesson !== null ||
    options.step !== null ||
    options.rulesOff.length > 0 ||
    options.log.length > 0;
  return options;
}

const options = takeOptions(process.argv.slice(2));
const check = options.check;

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

/** For --check: the tasks to judge, with the text to replay (the file, or the lesson with its solution). */
async function prepared(): Promise<PreparedTasks | null> {
  if (!check) return null;
  const slow = await import('./slow');
  if (options.lesson !== null && options.files.length === 0) {
    const path = slow.lessonScenarioPath(options.lesson);
    if (path === null) fail(EXIT.invalid, [`--lesson ${options.lesson}: no such lesson`]);
    options.files.push(path);
  }
  const { file, text } = readInput('replay', FILE_READ, options.files);
  const outcome = slow.prepareTasks(file, text, options);
  if (outcome.kind === 'invalid') fail(EXIT.invalid, outcome.lines);
  return outcome.tasks;
}

/** The task lines, and whether a task is unmet; exit 2 when the lesson or the scenario does not parse. */
async function taskLines(
  tasks: PreparedTasks,
): Promise<{ lines: string[]; unmet: boolean; verdicts: readonly TaskVerdict[] }> {
  if (tasks.exercises === null) return { lines: [], unmet: false, verdicts: [] };
  const slow = await import('./slow');
  const judged = slow.judgeTasks(tasks);
  if (judged.kind === 'invalid') fail(EXIT.invalid, judged.lines);
  return {
    lines: slow.taskReport(judged.verdicts),
    unmet: judged.verdicts.some((v) => !v.met),
    verdicts: judged.verdicts,
  };
}

/** A router or memtool lesson: its safe-side checks and its tasks on stderr, nothing on stdout. */
async function checkEngineLesson(tasks: PreparedTasks): Promise<void> {
  const slow = await import('./slow');
  const checked = slow.engineChecks(tasks);
  if (checked.kind === 'invalid') fail(EXIT.invalid, checked.lines);
  const failed = checked.checks.some((result) => !result.ok);
  const judged = await taskLines(tasks);
  const code = failed ? CHECK_FAILED : options.solution && judged.unmet ? TASK_UNMET : EXIT.ok;
  process.stderr.write(linesText([...checkReport(checked.checks), ...judged.lines]), () => process.exit(code));
}

/** The vector lesson: its database opened in PGlite, the checks on its query and its tasks on stderr. */
async function checkVectorLesson(tasks: PreparedTasks): Promise<void> {
  const slow = await import('./slow');
  const checked = await slow.vectorChecks(tasks);
  if (checked.kind === 'invalid') fail(EXIT.invalid, checked.lines);
  const failed = checked.checks.some((result) => !result.ok);
  const unmet = checked.verdicts.some((verdict) => !verdict.met);
  const lines = [
    ...checkReport(checked.checks),
    ...(tasks.exercises === null ? [] : slow.taskReport(checked.verdicts)),
  ];
  const code = failed ? CHECK_FAILED : options.solution && unmet ? TASK_UNMET : EXIT.ok;
  process.stderr.write(linesText(lines), () => process.exit(code));
}

/** --course FILE: prove the pack; nothing on stdout, the report on stderr. */
async function checkCoursePack(file: string): Promise<void> {
  if (
    options.lesson !== null ||
    options.solution ||
    options.step !== null ||
    options.rulesOff.length > 0 ||
    options.log.length > 0
  )
    fail(EXIT.invalid, ['--course proves every lesson with and without its solution: give it alone (with --check)']);
  if (options.files.length > 0) fail(EXIT.invalid, ['usage: npm run --silent replay -- --check --course FILE']);
  const { checkCourse, PACK_READ } = await import('./slow');
  const { file: name, text } = readInput('replay -- --check --course', PACK_READ, [file]);
  const { code, lines } = checkCourse(name, text);
  process.stderr.write(linesText(lines), () => process.exit(code));
}

/** --list-lessons: one line per lesson; given with anything else it is a usage error. */
async function listLessons(): Promise<void> {
  if (options.others) fail(EXIT.invalid, ['usage: npm run --silent replay -- --list-lessons']);
  const lines = (await import('./slow')).lessonListLines();
  writeOutput(lines.map((line) => `${line}\n`).join(''), () => process.exit(EXIT.ok));
}

async function main(): Promise<void> {
  if (options.listLessons) return listLessons();
  if (options.course !== null) return checkCoursePack(options.course);
  const tasks = await prepared();
  if (tasks !== null && tasks.engine === 'vector') return checkVectorLesson(tasks);
  if (tasks !== null && tasks.engine !== 'store') return checkEngineLesson(tasks);
  const { file, text } =
    tasks === null ? readInput('replay', FILE_READ, options.files) : { file: tasks.label, text: tasks.text };
  const outcome = await replayed(text, check);
  if (outcome.kind === 'invalid' && tasks === null) {
    // A router or memtool lesson is not a store scenario: say what to run instead of listing every field.
    const engine = (await import('./slow')).engineOfText(text);
    if (engine !== 'store')
      fail(EXIT.invalid, [`${file}: a ${engine} lesson has no seed result to print: run it with --check`]);
  }
  if (outcome.kind === 'invalid') failWithProblems(file, outcome.problems);
  const report = check ? (await import('./slow')).runChecks(outcome.timeline!) : [];
  const rejected = outcome.entries.filter(
    (entry) => entry.outcome.kind === 'rejected' && !(check && entry.step?.expect?.rejected !== undefined),
  );
  const rejections = rejected.map(
    (entry) =>
      `${file}: step ${entry.index} (${entry.step!.op}): ${entry.outcome.kind === 'rejected' ? entry.outcome.reason : ''}`,
  );
  const judged = tasks === null ? { lines: [], unmet: false, verdicts: [] } : await taskLines(tasks);
  const checkLines = check ? [...checkReport(report), ...judged.lines] : [];
  const checksFailed = report.some((result) => !result.ok);
  if (rejections.length > 0) {
    fail(checksFailed ? CHECK_FAILED : EXIT.rejected, [...cappedLines(rejections), ...checkLines]);
  }
  const code = checksFailed ? CHECK_FAILED : options.solution && judged.unmet ? TASK_UNMET : EXIT.ok;
  // Exit as soon as the output is out: winding down on its own, the process would first finish the
  // collector's pending work over the whole timeline and free the heap (~25 ms for 20,000 items).
  const exit = () => process.exit(code);
  // A learner's check of a lesson sees what the page shows: no verdict a pending task would copy.
  const learner = tasks !== null && tasks.exercises !== null && !options.solution;
  const result = learner
    ? (await import('./slow')).withheldResult(
        toSeedResult(outcome),
        outcome.entries,
        tasks.exercises!.exercises,
        judged.verdicts,
      )
    : toSeedResult(outcome);
  writeOutput(`${pythonDumps(result, 2)}\n`, () => {
    if (!check) exit();
    else process.stderr.write(linesText(checkLines), exit);
  });
}

// A CommonJS bundle has no top-level await (and starts faster than a module: see build-cli.mjs).
void main();
