/**
 * Every lesson in the gallery has 2 to 5 tasks, each with 2 or 3 hints, in fixtures/exercises/<id>.json;
 * its reference solution meets every task, and the unedited lesson meets none that needs the learner:
 * not with nothing done, and not by stepping through every step of the timeline and doing nothing else.
 */
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../lessons/catalogue';
import { projectText } from '../testing/fixtures';
import { parseLessonExercises } from './lessonExercises';
import { solvedText, verifyLessonTasks } from './lessonTasks';
import { type Act, NO_ACTS } from './types';

const scenarioPath = (file: string) =>
  file === 'scenario.json' ? 'fixtures/scenario.json' : `fixtures/lessons/${file}`;

describe('the gallery’s tasks', () => {
  it('are each lesson’s own: no task text appears in two lessons', () => {
    const lessonOf = new Map<string, string>();
    const shared: string[] = [];
    for (const lesson of LESSONS) {
      const parsed = parseLessonExercises(lesson.engine, projectText(`fixtures/exercises/${lesson.id}.json`));
      if (parsed.kind === 'invalid') throw new Error(JSON.stringify(parsed.problems));
      for (const { task } of parsed.scenario.exercises) {
        const other = lessonOf.get(task);
        if (other !== undefined && other !== lesson.id) shared.push(`${other} and ${lesson.id}: ${task}`);
        lessonOf.set(task, lesson.id);
      }
    }
    expect(shared).toEqual([]);
  });
});

// The vector lesson's tasks are judged on a run of its database: src/db/vectorDb.test.ts proves them.
const REPLAYED = LESSONS.filter((lesson) => lesson.engine !== 'vector');

describe.each(REPLAYED.map((lesson) => [lesson.id, lesson] as const))('the exercises of %s', (_id, lesson) => {
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

  it('meets no task when the learner steps through every step and does nothing else', () => {
    const steps = (JSON.parse(lessonText) as { steps: unknown[] }).steps.length;
    const log: Act[] = [];
    const metOnTheWay: string[] = [];
    for (let step = 0; step <= steps; step++) {
      if (step > 0) log.push({ kind: 'see', step });
      const acts = { selectedStep: step, rulesOff: [], log: [...log] };
      const outcome = verifyLessonTasks(lesson.engine, exercises, { lesson: lessonText, scenario: lessonText }, acts);
      if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome.problems));
      for (const verdict of outcome.verdicts) if (verdict.met) metOnTheWay.push(`${verdict.id} at step ${step}`);
    }
    expect(metOnTheWay).toEqual([]);
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
