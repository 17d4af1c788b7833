/**
 * A lesson's tasks judged from texts, as the command line and a test need it: the lesson's own
 * scenario, the scenario to judge (the learner's, or the lesson's with the teacher's solution applied),
 * and the acts. Each text is parsed by its engine's schema, so a problem is located like any other.
 */
import type { LessonKind } from '../lessons/catalogue';
import { type Problem, parseScenario } from '../scenario/scenario';
import { parseRouterScenario } from '../router/scenario';
import { parseMemtoolScenario } from '../memtool/scenario';
import { applySolution } from './solution';
import { verifyMemtoolExercises, verifyRouterExercises, verifyStoreExercises } from './verify';
import type { Exercise, LearnerActs, Solution, TaskVerdict } from './types';

export type TasksOutcome =
  { kind: 'ok'; verdicts: TaskVerdict[] } | { kind: 'invalid'; which: 'lesson' | 'scenario'; problems: Problem[] };

export type SolvedText =
  { kind: 'ok'; text: string; actsFor: (taskId: string) => LearnerActs } | { kind: 'invalid'; problems: Problem[] };

/** The lesson's scenario text with the solution's patch applied (as JSON, two-space indented), and the solution's acts. */
export function solvedText(lessonText: string, solution: Solution | undefined): SolvedText {
  let value: unknown;
  try {
    value = JSON.parse(lessonText);
  } catch (error) {
    return { kind: 'invalid', problems: [{ message: `JSON syntax: ${(error as Error).message}`, path: '(syntax)' }] };
  }
  if (solution === undefined)
    return { kind: 'invalid', problems: [{ message: 'the lesson has no solution', path: 'solution' }] };
  const solved = applySolution(value, solution);
  if (solved.kind === 'invalid') return { kind: 'invalid', problems: [{ message: solved.message, path: 'solution' }] };
  return { kind: 'ok', text: `${JSON.stringify(solved.value, null, 2)}\n`, actsFor: solved.actsFor };
}

type Parsed<T> = { kind: 'ok'; scenario: T } | { kind: 'invalid'; problems: Problem[] };

/** Parse the lesson and the scenario with one engine's parser, then judge with that engine's verifier. */
function judge<T>(
  parse: (text: string) => Parsed<T>,
  texts: { lesson: string; scenario: string },
  verify: (scenario: T, lesson: T, tasks: readonly Exercise[], acts: LearnerActs) => TaskVerdict[],
  exercises: readonly Exercise[],
  actsFor: (taskId: string) => LearnerActs,
): TasksOutcome {
  const lesson = parse(texts.lesson);
  if (lesson.kind === 'invalid') return { kind: 'invalid', which: 'lesson', problems: lesson.problems };
  const scenario = texts.scenario === texts.lesson ? lesson : parse(texts.scenario);
  if (scenario.kind === 'invalid') return { kind: 'invalid', which: 'scenario', problems: scenario.problems };
  // Tasks that share their acts are judged together, so each set of acts replays the scenario once.
  const groups = new Map<string, { acts: LearnerActs; tasks: Exercise[] }>();
  for (const exercise of exercises) {
    const acts = actsFor(exercise.id);
    const key = JSON.stringify([acts.selectedStep, [...acts.rulesOff].sort(), acts.log ?? []]);
    const group = groups.get(key) ?? { acts, tasks: [] };
    group.tasks.push(exercise);
    groups.set(key, group);
  }
  const byId = new Map<string, TaskVerdict>();
  for (const { acts, tasks } of groups.values())
    for (const verdict of verify(scenario.scenario, lesson.scenario, tasks, acts)) byId.set(verdict.id, verdict);
  return { kind: 'ok', verdicts: exercises.map((exercise) => byId.get(exercise.id)!) };
}

/** Parse both texts with the engine's schema and judge every task, each with its own acts when `acts` is a function. */
export function verifyLessonTasks(
  engine: LessonKind,
  exercises: readonly Exercise[],
  texts: { lesson: string; scenario: string },
  acts: LearnerActs | ((taskId: string) => LearnerActs),
): TasksOutcome {
  const actsFor = typeof acts === 'function' ? acts : () => acts;
  switch (engine) {
    case 'store':
      return judge(
        parseScenario,
        texts,
        (scenario, lesson, tasks, a) => verifyStoreExercises(tasks, { scenario, lesson, acts: a }),
        exercises,
        actsFor,
      );
    case 'router':
      return judge(
        parseRouterScenario,
        texts,
        (scenario, _lesson, tasks, a) => verifyRouterExercises(tasks, { scenario, acts: a }),
        exercises,
        actsFor,
      );
    case 'memtool':
      return judge(
        parseMemtoolScenario,
        texts,
        (scenario, _lesson, tasks, a) => verifyMemtoolExercises(tasks, { scenario, acts: a }),
        exercises,
        actsFor,
      );
    case 'vector':
      // Its goals read the rows and plans of a database run (vector/goals.ts), which this pure path has not.
      return {
        kind: 'invalid',
        which: 'scenario',
        problems: [
          { message: 'a vector lesson is judged on a run of its database (vector/goals.ts)', path: '(engine)' },
        ],
      };
  }
}
