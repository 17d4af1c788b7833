/**
 * Every store lesson's "Try this" done as the learner would, through the lessons shell (issue 15, item
 * 16): the rules it names are the switches' own titles, ticking them shows the incident (a check turns
 * red), and an edit it asks for leaves every check green. The router and memtool lessons ask the learner
 * to look, not to change anything: their steps are tested in their own lesson specs.
 */
import { inPageEngines } from '../../engine/worker/inPage';
import { framingOf, namedUsers } from './framing';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../core/lessons/catalogue';
import { RULE_INFO, RULES, type Rule } from '../../core/store/rules';
import { seedAnswerBook } from '../seedData';
import { createLessonsStore } from './lessonsStore';
import { memoryLessonsStorage } from './lessonStorage';

async function openStoreLesson(id: string) {
  const lessons = createLessonsStore({
    storage: memoryLessonsStorage(),
    answers: seedAnswerBook(),
    engines: inPageEngines(),
    clearFragment() {},
  });
  await lessons.getState().openLesson(id);
  const session = lessons.getState().session!;
  if (session.engine !== 'store') throw new Error(`${id} is a store lesson`);
  return session.store;
}

/** The rules a "Try this" names by their switches' names, in quotes. */
const namedRules = (text: string): Rule[] =>
  [...text.matchAll(/[“"]([^”"]+)[”"]/g)].flatMap(([, title]) =>
    RULES.filter((rule) => RULE_INFO[rule].name === title),
  );

const red = (store: Awaited<ReturnType<typeof openStoreLesson>>) =>
  store
    .getState()
    .checks.filter((check) => !check.ok)
    .map((check) => check.title);

describe('each store lesson’s "Try this"', () => {
  const tickers = LESSONS.filter(
    (lesson) => lesson.engine === 'store' && /^Switch (one rule )?off/.test(lesson.tryThis),
  );

  it('asks to switch rules off by their own names (on = enforced), never to tick a name', async () => {
    expect(tickers.length).toBeGreaterThan(5);
    for (const lesson of LESSONS) expect(lesson.tryThis).not.toMatch(/Tick /);
  });

  it.each(tickers.map((lesson) => [lesson.id, lesson] as const))(
    '%s: switching off what it names shows the incident',
    async (id, lesson) => {
      const store = await openStoreLesson(id);
      expect(red(store)).toEqual([]);
      const rules = namedRules(lesson.tryThis);
      // "One at a time": each rule the lesson reproduces, alone.
      const sets = rules.length > 0 ? [rules] : lesson.reproduce.map((rule) => [rule]);
      expect(sets.length).toBeGreaterThan(0);
      for (const set of sets) {
        store.getState().setRulesOff(set);
        await store.getState().settled();
        expect(red(store), `${id} with ${set.join(', ')} off`).not.toEqual([]);
      }
    },
  );

  it('no-group-means-every-group: editing the blank user into "bob", as it says, keeps every check green', async () => {
    const store = await openStoreLesson('no-group-means-every-group');
    const lesson = LESSONS.find((l) => l.id === 'no-group-means-every-group')!;
    expect(lesson.tryThis).toContain('step 5');
    const lessonUsers = namedUsers(store.getState().options);
    expect(lessonUsers).toEqual(['alice', 'bob']);
    const scenario = JSON.parse(store.getState().text);
    const step = scenario.steps[4];
    expect(step.as[0]).toBe('');
    step.as[0] = 'bob';
    step.expect = { accepted: true };
    store.getState().loadScenario(JSON.stringify(scenario, null, 2));
    await store.getState().settled();
    expect(store.getState().problems).toEqual([]);
    expect(red(store)).toEqual([]);
    expect(store.getState().words.at(5)!.rejected).toBe(false);
    // Still the lesson: the blank user was never one of its users, so the card keeps its incident.
    expect(framingOf(lessonUsers, namedUsers(store.getState().options))).toEqual({ kind: 'lesson' });
  });
});
