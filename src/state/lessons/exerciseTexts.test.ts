import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../core/lessons/catalogue';
import { lessonExercises } from './exerciseTexts';

describe('lessonExercises', () => {
  it('loads every gallery lesson its tasks, each with a stable ID', async () => {
    for (const lesson of LESSONS) {
      const { exercises, solution } = await lessonExercises(lesson);
      expect(exercises.length).toBeGreaterThanOrEqual(2);
      expect(new Set(exercises.map((e) => e.id)).size).toBe(exercises.length);
      expect(solution).toBeDefined();
    }
  });

  it('throws for a lesson without an exercises file, naming the file', async () => {
    await expect(lessonExercises({ ...LESSONS[0]!, id: 'no-such-lesson' })).rejects.toThrow(
      'fixtures/exercises/no-such-lesson.json',
    );
  });
});
