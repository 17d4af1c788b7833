import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LESSONS } from './catalogue';
import { replayText } from '../replay/replayText';
import { runChecks } from '../checks/checks';
import { ALL_RULES, type Rules, withRulesOff } from '../store/rules';
import { replayRouterText, runRouterChecks } from '../router/index';
import { replayMemtoolText, runMemtoolChecks } from '../memtool/index';

const storeLessons = LESSONS.filter((lesson) => lesson.engine === 'store');
const path = (file: string) => (file === 'scenario.json' ? 'fixtures/scenario.json' : `fixtures/lessons/${file}`);

function redChecks(file: string, rules: Rules) {
  const outcome = replayText(readFileSync(path(file), 'utf8'), rules);
  if (outcome.kind !== 'ok') throw new Error(`${file}: ${outcome.problems.map((p) => p.message).join('; ')}`);
  return runChecks(outcome.timeline).filter((check) => !check.ok);
}

describe('lessons', () => {
  it.each(storeLessons.map((l) => [l.id, l] as const))('%s is green with every rule on', (_id, lesson) => {
    expect(redChecks(lesson.file, ALL_RULES).map((c) => c.failures[0]?.reason)).toEqual([]);
  });

  it.each(storeLessons.filter((l) => l.reproduce.length > 0).map((l) => [l.id, l] as const))(
    '%s turns a check red with its switches off',
    (_id, lesson) => {
      expect(redChecks(lesson.file, withRulesOff(...lesson.reproduce))).not.toEqual([]);
    },
  );

  it.each([
    [
      'router-authorize-before-ranking',
      (text: string) => {
        const outcome = replayRouterText(text);
        if (outcome.kind !== 'ok') throw new Error(outcome.problems[0]?.message);
        return [runRouterChecks(outcome.timeline, 'safe'), runRouterChecks(outcome.timeline, 'naive')] as const;
      },
    ],
    [
      'memtool-session-scope',
      (text: string) => {
        const outcome = replayMemtoolText(text);
        if (outcome.kind !== 'ok') throw new Error(outcome.problems[0]?.message);
        return [runMemtoolChecks(outcome.timeline, 'safe'), runMemtoolChecks(outcome.timeline, 'naive')] as const;
      },
    ],
  ] as const)('%s is green for the safe side and red for the naive one', (id, checks) => {
    const lesson = LESSONS.find((l) => l.id === id)!;
    const [safe, naive] = checks(readFileSync(path(lesson.file), 'utf8'));
    expect(safe.filter((check) => !check.ok)).toEqual([]);
    expect(naive.filter((check) => !check.ok)).not.toEqual([]);
  });

  it('names each incident link in the incident’s own words, at a public GitHub address', () => {
    const linked = LESSONS.filter((lesson) => lesson.links !== undefined);
    expect(linked.map((lesson) => lesson.id)).toEqual(
      expect.arrayContaining([
        'router-authorize-before-ranking',
        'memtool-session-scope',
        'namespace-prefix',
        'deletion-residue',
        'semantic-cache-tag',
      ]),
    );
    for (const lesson of linked) {
      expect(lesson.links!.length, lesson.id).toBeGreaterThan(0);
      for (const link of lesson.links!) {
        expect(lesson.incident, lesson.id).toContain(link.name);
        expect(link.url).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(issues|pull)\/\d+$/);
        expect(link.url.endsWith(`/${/#(\d+)$/.exec(link.name)![1]}`), link.name).toBe(true);
      }
    }
  });

  it('has unique IDs and files', () => {
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
    expect(new Set(LESSONS.map((l) => l.file)).size).toBe(LESSONS.length);
  });
});
