/**
 * `replay --check`'s tasks: which exercises to judge (a lesson's, by --lesson ID, or the file's own),
 * the scenario to judge (the file, or with --solution the teacher's solution applied to it), the acts
 * (the solution's, or --step and --rule-off), and the report, one line per task after the checks.
 * Router and memtool lessons are checked here too: their checks and tasks, with no seed result.
 * Bundled into slow.cjs with zod; replay.ts imports it only for --check.
 */
import { type LessonKind, lessonById, LESSONS } from '../src/core/lessons/catalogue';
import { courseLessons } from '../src/core/lessons/course';
import type { Problem } from '../src/core/scenario/scenario';
import { type LessonExercises, parseLessonExercises } from '../src/core/exercises/lessonExercises';
import { solvedText, verifyLessonTasks } from '../src/core/exercises/lessonTasks';
import type { Act, LearnerActs, TaskVerdict } from '../src/core/exercises/types';
import { RULES, type Rule } from '../src/core/store/rules';
import { KEEPING_RULES, type KeepingRule } from '../src/core/store/visibility';
import type { CheckResult } from '../src/core/checks/checks';
import { replayRouterText } from '../src/core/router/replay';
import { runRouterChecks } from '../src/core/router/checks';
import { replayMemtoolText } from '../src/core/memtool/replay';
import { runMemtoolChecks } from '../src/core/memtool/checks';
import { formatProblem, readTextFile } from './io';
import { cappedLines } from '../src/core/scenario/shown';
import { pathWithStep } from '../src/core/timeline/stepNumbers';

/** What the command line asked of the tasks. */
export interface TaskOptions {
  lesson: string | null;
  solution: boolean;
  step: number | null;
  rulesOff: string[];
  /** The act flags (--see, --mark, --predict, --choose) with their values, in the order given. */
  log: Array<{ flag: string; value: string }>;
}

/** Everything needed to judge the tasks, once the scenario to judge has been replayed. */
export interface PreparedTasks {
  engine: LessonKind;
  /** The text to replay and check: the file, or the lesson with the solution applied. */
  text: string;
  /** How a problem in `text` names its file: the file, or "FILE (with its solution)". */
  label: string;
  /** The lesson's own scenario, against which "new" users and assertions are judged. */
  lessonText: string;
  /** The tasks to judge, or null: neither the lesson nor the file has any. */
  exercises: LessonExercises | null;
  actsFor: (taskId: string) => LearnerActs;
}

export type Prepared = { kind: 'ok'; tasks: PreparedTasks } | { kind: 'invalid'; lines: string[] };

/** The scenario file of a lesson in the gallery, from the project root. */
export function lessonScenarioPath(id: string): string | null {
  const lesson = lessonById(id);
  if (lesson === undefined) return null;
  return lesson.file === 'scenario.json' ? 'fixtures/scenario.json' : `fixtures/lessons/${lesson.file}`;
}

/** `replay --list-lessons`: each lesson as `ID<tab>ENGINE<tab>TITLE`, in the course's order (the gallery's). */
export function lessonListLines(): string[] {
  return courseLessons().map((lesson) => `${lesson.id}\t${lesson.engine}\t${lesson.title}`);
}

const unknownLesson = (id: string) =>
  `--lesson ${id}: no such lesson (one of ${LESSONS.map((lesson) => lesson.id).join(', ')})`;

/** Which engine a scenario is for, from its top-level fields (a router lesson has banks, a memtool one sessions, a vector one a question and iterative_scan). */
function engineOf(value: unknown): LessonKind {
  if (typeof value !== 'object' || value === null) return 'store';
  if ('banks' in value && 'contexts' in value) return 'router';
  if ('sessions' in value) return 'memtool';
  if ('question' in value && 'iterative_scan' in value) return 'vector';
  return 'store';
}

/** The engine of a scenario text (store when it is not JSON). */
export function engineOfText(text: string): LessonKind {
  return engineOf(parsedJson(text));
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The exercises and solution a scenario file carries itself, or null when it carries none. */
function ownExercises(file: string, engine: LessonKind, value: unknown): LessonExercises | null | string[] {
  if (typeof value !== 'object' || value === null || !('exercises' in value)) return null;
  const { exercises, solution } = value as Record<string, unknown>;
  const parsed = parseLessonExercises(engine, JSON.stringify({ exercises, solution }));
  // The scenario's own parse locates these problems in the file; this one only says they exist.
  return parsed.kind === 'ok' ? parsed.scenario : parsed.problems.map((p) => formatProblem(file, p));
}

/** Read the lesson's exercises, apply the solution when asked, and settle the acts. */
export function prepareTasks(file: string, text: string, options: TaskOptions): Prepared {
  const value = parsedJson(text);
  let engine = engineOf(value);
  let exercises: LessonExercises | null = null;
  if (options.lesson !== null) {
    const lesson = lessonById(options.lesson);
    if (lesson === undefined) return { kind: 'invalid', lines: [unknownLesson(options.lesson)] };
    engine = lesson.engine;
    const path = `fixtures/exercises/${lesson.id}.json`;
    const read = readTextFile(path);
    if (read.kind !== 'ok') return { kind: 'invalid', lines: [read.line] };
    const exercisesText = read.text;
    const parsed = parseLessonExercises(engine, exercisesText);
    if (parsed.kind === 'invalid')
      return { kind: 'invalid', lines: parsed.problems.map((p) => formatProblem(path, p)) };
    exercises = parsed.scenario;
  } else if (value !== undefined) {
    const own = ownExercises(file, engine, value);
    // A file whose exercises are invalid is reported by the replay's own parse, located.
    exercises = Array.isArray(own) ? null : own;
  }
  const lessonPath = options.lesson === null ? file : lessonScenarioPath(options.lesson)!;
  let lessonText = text;
  if (lessonPath !== file) {
    const read = readTextFile(lessonPath);
    if (read.kind !== 'ok') return { kind: 'invalid', lines: [read.line] };
    lessonText = read.text;
  }
  const flags = actsFromFlags(options);
  if (typeof flags === 'string') return { kind: 'invalid', lines: [flags] };
  if (!options.solution)
    return {
      kind: 'ok',
      tasks: {
        engine,
        text,
        label: file,
        lessonText,
        exercises,
        actsFor: () => flags ?? { selectedStep: 0, rulesOff: [] },
      },
    };
  const solved = solvedText(text, exercises?.solution);
  if (solved.kind === 'invalid')
    return { kind: 'invalid', lines: solved.problems.map((p) => `${file}: ${pathWithStep(p.path)}: ${p.message}`) };
  return {
    kind: 'ok',
    tasks: {
      engine,
      text: solved.text,
      label: `${file} (with its solution)`,
      lessonText,
      exercises,
      actsFor: flags === null ? solved.actsFor : () => flags,
    },
  };
}

/** The step number a flag's value starts with ("9" of "9:alice-note"), or null. */
const stepOf = (text: string) => (/^\d+$/.test(text) ? Number(text) : null);

/**
 * One act flag's value as an act: --see K, --mark K:ITEM, --predict K:ITEM or K:none, --choose
 * K:ITEM:RULE. A string says what is wrong.
 */
export function actOfFlag(flag: string, value: string): Act | string {
  const [first = '', ...rest] = value.split(':');
  const step = stepOf(first);
  const forms: Record<string, string> = {
    '--see': 'K',
    '--mark': 'K:ITEM',
    '--predict': 'K:ITEM or K:none',
    '--choose': `K:ITEM:RULE (RULE one of ${KEEPING_RULES.join(', ')})`,
  };
  const wrong = `${flag} ${value}: expected ${forms[flag] ?? 'a value'}`;
  if (step === null) return wrong;
  if (flag === '--see') return rest.length === 0 ? { kind: 'see', step } : wrong;
  if (flag === '--choose') {
    const rule = rest.pop();
    const item = rest.join(':');
    if (item === '' || !(KEEPING_RULES as readonly string[]).includes(rule ?? '')) return wrong;
    return { kind: 'choose', step, item, rule: rule as KeepingRule };
  }
  const item = rest.join(':');
  if (item === '') return wrong;
  if (flag === '--mark') return { kind: 'mark', step, item };
  return { kind: 'predict', step, leak: item === 'none' ? null : item };
}

/** --step K, --rule-off R and the act flags as acts; null when none was given; a string says what is wrong. */
function actsFromFlags(options: TaskOptions): LearnerActs | null | string {
  if (options.step === null && options.rulesOff.length === 0 && options.log.length === 0) return null;
  const bad = options.rulesOff.find((rule) => !(RULES as readonly string[]).includes(rule));
  if (bad !== undefined) return `--rule-off ${bad}: no such rule (one of ${RULES.join(', ')})`;
  if (options.step !== null && !(Number.isInteger(options.step) && options.step >= 0))
    return '--step: expected a step number as the timeline shows it (step 1 is steps[0]; 0: the configuration, no step selected)';
  const log: Act[] = [];
  for (const { flag, value } of options.log) {
    const act = actOfFlag(flag, value);
    if (typeof act === 'string') return act;
    log.push(act);
  }
  return { selectedStep: options.step ?? 0, rulesOff: options.rulesOff as Rule[], log };
}

/** The task lines: "N tasks, M met", then "task ID: met: reason" or "task ID: not met: reason". */
export function taskReport(verdicts: readonly TaskVerdict[]): string[] {
  const met = verdicts.filter((v) => v.met).length;
  return [
    `${verdicts.length} task${verdicts.length === 1 ? '' : 's'}, ${met} met`,
    ...cappedLines(verdicts.map((v) => `task ${v.id}: ${v.met ? 'met' : 'not met'}: ${v.reason}`)),
  ];
}

export type TasksJudged = { kind: 'ok'; verdicts: TaskVerdict[] } | { kind: 'invalid'; lines: string[] };

/** Judge the prepared tasks (none: an empty list). */
export function judgeTasks(tasks: PreparedTasks): TasksJudged {
  if (tasks.exercises === null) return { kind: 'ok', verdicts: [] };
  const outcome = verifyLessonTasks(
    tasks.engine,
    tasks.exercises.exercises,
    { lesson: tasks.lessonText, scenario: tasks.text },
    tasks.actsFor,
  );
  if (outcome.kind === 'ok') return outcome;
  const label = outcome.which === 'lesson' ? 'the lesson' : tasks.label;
  return { kind: 'invalid', lines: outcome.problems.map((p: Problem) => formatProblem(label, p)) };
}

type Checked = { kind: 'ok'; checks: CheckResult[] } | { kind: 'invalid'; lines: string[] };

/** A router or memtool lesson's safe-side checks (the engine's invariants and the scenario's `expect`s), or its located problems. */
export function engineChecks(tasks: PreparedTasks): Checked {
  const invalid = (problems: Problem[]): Checked => ({
    kind: 'invalid',
    lines: problems.map((p) => formatProblem(tasks.label, p)),
  });
  if (tasks.engine === 'vector')
    return invalid([{ message: 'a vector lesson is checked on its database (vectorChecks)', path: '(engine)' }]);
  if (tasks.engine === 'router') {
    const outcome = replayRouterText(tasks.text);
    return outcome.kind === 'ok'
      ? { kind: 'ok', checks: runRouterChecks(outcome.timeline, 'safe') }
      : invalid(outcome.problems);
  }
  const outcome = replayMemtoolText(tasks.text);
  return outcome.kind === 'ok'
    ? { kind: 'ok', checks: runMemtoolChecks(outcome.timeline, 'safe') }
    : invalid(outcome.problems);
}
