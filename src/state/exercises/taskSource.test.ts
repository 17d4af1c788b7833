import { describe, expect, it } from 'vitest';
import { lessonById } from '../../core/lessons/catalogue';
import { projectText } from '../../core/testing/fixtures';
import { MAX_JUDGED_CHARS } from '../../core/limits';
import { taskSource } from './verdictWatcher';

const lesson = lessonById('seed-alice-bob')!;
const gallery = { exercises: [], lessonText: projectText('fixtures/scenario.json') };
const tutoring = projectText('fixtures/courses/tutoring.scenario.json');

describe('taskSource', () => {
  it('takes the lesson’s tasks for a scenario without its own, and the scenario’s own where it has them', () => {
    const origins = new Map<string, string>();
    expect(taskSource(lesson, gallery, gallery.lessonText, origins)).toMatchObject({
      key: 'seed-alice-bob',
      title: lesson.title,
      lessonText: gallery.lessonText,
    });
    const own = taskSource(lesson, gallery, tutoring, origins);
    expect(own.key).toMatch(/^scenario-/);
    expect(own.title).toBe('A scenario of sam, lee');
    expect(own.exercises.map((e) => e.id)).toEqual(['spot-the-copied-draft', 'keep-the-grader-blind']);
    expect(own.lessonText).toBe(tutoring);
  });
  it('judges an edit against the text the tasks first came with, and leaves a text too large to judge to the lesson', () => {
    const origins = new Map<string, string>();
    const first = taskSource(lesson, gallery, tutoring, origins);
    const edited = tutoring.replace('Lee is revising', 'Lee is now revising');
    expect(taskSource(lesson, gallery, edited, origins)).toMatchObject({ key: first.key, lessonText: tutoring });
    const huge = tutoring.replace('"steps"', `"padding": "${'x'.repeat(MAX_JUDGED_CHARS)}", "steps"`);
    expect(taskSource(lesson, gallery, huge, origins).key).toBe('seed-alice-bob');
  });
});
