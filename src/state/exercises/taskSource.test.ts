import { describe, expect, it } from 'vitest';
import { lessonById } from '../../core/lessons/catalogue';
import { projectText } from '../../core/testing/fixtures';
import { ownTasksOf } from '../../core/exercises/ownExercises';
import { MAX_JUDGED_CHARS } from '../../core/limits';
import { createSession } from '../../engine/worker/session';
import { seedAnswerBook } from '../seedData';
import { taskSource } from './verdictWatcher';

const lesson = lessonById('seed-alice-bob')!;
const gallery = { exercises: [], lessonText: projectText('fixtures/scenario.json') };
const tutoring = projectText('fixtures/courses/tutoring.scenario.json');

/** A text as the engine answers it when it runs it: the text and the tasks it carries. */
function ran(text: string) {
  const reply = createSession(seedAnswerBook()).run({ text, rulesOff: [], mode: 'run' });
  if (reply.kind !== 'ok') throw new Error(`does not run: ${reply.problems[0]?.message}`);
  return { ranText: reply.screen.ranText, ownTasks: reply.screen.ownTasks };
}

describe('taskSource', () => {
  it('takes the lesson’s tasks for a scenario without its own, and the scenario’s own where it has them', () => {
    const origins = new Map<string, string>();
    expect(taskSource(lesson, gallery, ran(gallery.lessonText), origins)).toMatchObject({
      key: 'seed-alice-bob',
      title: lesson.title,
      lessonText: gallery.lessonText,
    });
    const own = taskSource(lesson, gallery, ran(tutoring), origins);
    expect(own.key).toMatch(/^scenario-/);
    expect(own.title).toBe('A scenario of sam, lee');
    expect(own.exercises.map((e) => e.id)).toEqual(['spot-the-copied-draft', 'keep-the-grader-blind']);
    expect(own.lessonText).toBe(tutoring);
  });
  it('judges an edit against the text the tasks first came with, and leaves a text too large to judge to the lesson', () => {
    const origins = new Map<string, string>();
    const first = taskSource(lesson, gallery, ran(tutoring), origins);
    const edited = tutoring.replace('Lee is revising', 'Lee is now revising');
    expect(taskSource(lesson, gallery, ran(edited), origins)).toMatchObject({ key: first.key, lessonText: tutoring });
    const huge = tutoring.replace('"steps"', `"padding": "${'x'.repeat(MAX_JUDGED_CHARS)}", "steps"`);
    expect(ownTasksOf('store', huge)).toBeNull();
    expect(taskSource(lesson, gallery, { ranText: huge, ownTasks: null }, origins).key).toBe('seed-alice-bob');
  });
  it('reads the tasks the engine found when it ran the text, and never parses the text itself', () => {
    // The page's thread does not parse a ran text (up to 200,000 characters) again: the engine answered.
    const origins = new Map<string, string>();
    expect(taskSource(lesson, gallery, { ranText: tutoring, ownTasks: null }, origins).key).toBe('seed-alice-bob');
    const own = ownTasksOf('store', tutoring)!;
    expect(taskSource(lesson, gallery, { ranText: '{', ownTasks: own }, origins)).toMatchObject({
      key: own.key,
      exercises: own.exercises,
    });
  });
});
