/**
 * Every lesson in the gallery has 2 to 5 tasks, each with 2 or 3 hints, in fixtures/exercises/<id>.json;
 * its reference solution meets every task, and the unedited lesson meets none that needs the learner.
 */
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../lessons/catalogue';
import { projectText } from '../testing/fixtures';
import { parseLessonExercises } from './lessonExercises';
import { solvedText, verifyLessonTasks } from './lessonTasks';
import { NO_ACTS } from './types';

const scenarioPath = (file: string) =>
  file === 'scenario.json' ? 'fixtures/scenario.json' : `fixtures/lessons/${file}`;

describe.each(LESSONS.map((lesson) => [lesson.id, lesson] as const))('the exercises of %s', (_id, lesson) => {
  const parsed = parseLessonExercises(lesson.engine, projectText(`fixtures/exercises/${lesson.id}.json`));
  const lessonText = projectText(scenarioPath(lesson.file));
  if (parsed.kind === 'invalid') throw new Error(JSON.stringify(parsed.problems));
  const { exercises, solution } = parsed.scenario;

  it('has 2 to 5 tasks of 2 or 3 hints each', () => {
    expect(exercises.length).toBeGreaterThanOrEqual(2);
    expect(exercises.length).toBeLessThanOrEqual(5);
    for (const exercise of exercises) expect([2, 3]).toContain(exercise.hints.length);
  });

  it('meets no task on the unedited lesson, with nothing selected or switched off', () => {
    const outcome = verifyLessonTasks(lesson.engine, exercises, { lesson: lessonText, scenario: lessonText }, NO_ACTS);
    expect(outcome.kind).toBe('ok');
    if (outcome.kind === 'ok') expect(outcome.verdicts.filter((v) => v.met)).toEqual([]);
  });

  it('meets every task with the reference solution applied', () => {
    const solved = solvedText(lessonText, solution);
    if (solved.kind === 'invalid') throw new Error(JSON.stringify(solved.problems));
    const outcome = verifyLessonTasks(
      lesson.engine,
      exercises,
      { lesson: lessonText, scenario: solved.text },
      solved.actsFor,
    );
    expect(outcome.kind === 'ok' ? outcome.verdicts.filter((v) => !v.met) : outcome).toEqual([]);
  });
});
