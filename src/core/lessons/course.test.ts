import { describe, expect, it } from 'vitest';
import { LESSONS } from './catalogue';
import { BEGINNER_PATH, COURSE, courseLessons, courseStep, nextLesson, pathMinutes } from './course';

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
    expect(courseStep('deletion-residue')?.buildsOn).toEqual(['scoped-delete', 'semantic-cache-tag']);
  });
  it('reads as a path: each lesson follows on from a recent one, never jumping back to the first lesson', () => {
    COURSE.forEach((step, i) => {
      expect(step.buildsOn.length, step.id).toBeLessThanOrEqual(2);
      if (i > 1) expect(step.buildsOn, step.id).not.toContain('seed-alice-bob');
      for (const id of step.buildsOn)
        expect(i - COURSE.findIndex((s) => s.id === id), `${step.id} builds on ${id}`).toBeLessThanOrEqual(7);
    });
    // scoped-delete builds on the beginner lessons: it is one of them, not the course's last.
    expect(COURSE.at(-1)!.id).not.toBe('scoped-delete');
  });
  it('opens with a beginner path of about five lessons, each with a time estimate', () => {
    expect(BEGINNER_PATH).toHaveLength(5);
    expect(BEGINNER_PATH[0]).toBe('seed-alice-bob');
    expect(COURSE.slice(0, 5).map((s) => s.id)).toEqual(BEGINNER_PATH);
    for (const step of COURSE) expect(step.minutes, step.id).toBeGreaterThanOrEqual(5);
    expect(pathMinutes(BEGINNER_PATH)).toBe(46);
  });
});
