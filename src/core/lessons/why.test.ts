/** After success, the why: every task of every lesson has its own explanation, the rule, the fix and what comes next. */
import { describe, expect, it } from 'vitest';
import { LESSONS } from './catalogue';
import { COURSE } from './course';
import { FIXES } from './fixes';
import { afterSuccess } from './why';
import { parseLessonExercises } from '../exercises/lessonExercises';
import { projectText } from '../testing/fixtures';

const tasksOf = (id: string, engine: (typeof LESSONS)[number]['engine']) => {
  const parsed = parseLessonExercises(engine, projectText(`fixtures/exercises/${id}.json`));
  if (parsed.kind === 'invalid') throw new Error(`${id}: ${parsed.problems[0]?.message}`);
  return parsed.scenario.exercises;
};

describe('afterSuccess', () => {
  it.each(LESSONS.map((lesson) => [lesson.id, lesson] as const))(
    'explains each task of %s in its own words, with the rule, the fix and the next lesson',
    (id, lesson) => {
      const whys = new Set<string>();
      for (const task of tasksOf(id, lesson.engine)) {
        const shown = afterSuccess(id, task)!;
        expect(task.why, task.id).toBeDefined();
        expect(shown.why).toBe(task.why);
        expect(shown.why).not.toBe(task.answer);
        expect(shown.why.length).toBeLessThan(240);
        whys.add(shown.why);
        expect(shown.rule).toBe(lesson.rule);
        expect(shown.fix).toBe(FIXES[id]);
        expect(shown.links).toEqual(lesson.links ?? []);
      }
      expect(whys.size).toBeGreaterThan(1);
    },
  );

  it('names the next lesson of the course, and none after the last', () => {
    const task = tasksOf('seed-alice-bob', 'store')[0]!;
    expect(afterSuccess('seed-alice-bob', task)!.next?.id).toBe(COURSE[1]!.id);
    const last = COURSE.at(-1)!;
    const lesson = LESSONS.find((l) => l.id === last.id)!;
    expect(afterSuccess(last.id, tasksOf(last.id, lesson.engine)[0]!)!.next).toBeNull();
  });

  it('falls back to the answer for a teacher’s task without a why, and knows no lesson outside the gallery', () => {
    const own = {
      id: 'x',
      task: 't',
      goal: { kind: 'stepSelected', step: 1 } as const,
      hints: ['a', 'b'],
      answer: 'A.',
    };
    expect(afterSuccess('seed-alice-bob', own)!.why).toBe('A.');
    expect(afterSuccess('no-such-lesson', own)).toBeNull();
  });

  it('has a fix for every lesson and none for a lesson that does not exist', () => {
    expect(Object.keys(FIXES).sort()).toEqual(LESSONS.map((l) => l.id).sort());
  });
});
