import { describe, expect, it } from 'vitest';
import { LESSONS } from './catalogue';
import { COURSE, courseLessons, courseStep, nextLesson } from './course';

describe('the course', () => {
  it('holds every lesson of the catalogue exactly once, starting with Alice and Bob', () => {
    expect(COURSE.map((step) => step.id).sort()).toEqual(LESSONS.map((lesson) => lesson.id).sort());
    expect(new Set(COURSE.map((step) => step.id)).size).toBe(COURSE.length);
    expect(courseLessons()[0]!.id).toBe('seed-alice-bob');
  });
  it('builds each lesson only on lessons taken before it, and never lowers the level', () => {
    const levels = ['beginner', 'intermediate', 'advanced'];
    COURSE.forEach((step, i) => {
      const earlier = COURSE.slice(0, i).map((s) => s.id);
      for (const id of step.buildsOn) expect(earlier, `${step.id} builds on ${id}`).toContain(id);
      if (i > 0) expect(levels.indexOf(step.level)).toBeGreaterThanOrEqual(levels.indexOf(COURSE[i - 1]!.level));
      expect(step.teaches.length).toBeGreaterThan(10);
    });
  });
  it('offers the next lesson in order, and none after the last', () => {
    expect(nextLesson('seed-alice-bob')?.id).toBe(COURSE[1]!.id);
    expect(nextLesson(COURSE.at(-1)!.id)).toBeNull();
    expect(nextLesson('no-such-lesson')).toBeNull();
    expect(courseStep('deletion-residue')?.buildsOn).toEqual(['cache-without-user']);
  });
});
