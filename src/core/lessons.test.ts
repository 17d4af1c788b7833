import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LESSONS } from './lessons';
import { replayText } from './replay';
import { runChecks } from './checks';
import { ALL_RULES, type Rules, withRulesOff } from './rules';

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
    '%s turns a check red with its switches off', (_id, lesson) => {
      expect(redChecks(lesson.file, withRulesOff(...lesson.reproduce))).not.toEqual([]);
    });

  it('has unique IDs and files', () => {
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
    expect(new Set(LESSONS.map((l) => l.file)).size).toBe(LESSONS.length);
  });
});
