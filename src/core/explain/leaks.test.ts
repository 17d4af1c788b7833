import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import { explainRequest, whyRows } from './whyRequest';
import { isLeak } from './leaks';
import { ALL_RULES, RULES, type Rules, withRulesOff } from '../store/rules';
import { projectText } from '../testing/fixtures';

function timeline(file: string, rules: Rules): Timeline {
  const outcome = replayText(projectText(file), rules);
  if (outcome.kind !== 'ok') throw new Error(`${file} should replay`);
  return outcome.timeline;
}

/** The leaked item IDs of every query step's own request, by step. */
function leaks(file: string, rules: Rules): Record<number, string[]> {
  const t = timeline(file, rules);
  const out: Record<number, string[]> = {};
  for (const entry of t.entries) {
    if (entry.outcome.kind !== 'queried') continue;
    const found = whyRows(
      explainRequest(t, entry.index, entry.outcome.principal, entry.outcome.context.items, true),
    ).filter(isLeak);
    if (found.length > 0) out[entry.index] = found.map((w) => w.item.id);
  }
  return out;
}

const FILES = ['fixtures/scenario.json', 'fixtures/lessons/attacks.scenario.json'];

describe('isLeak', () => {
  it.each(FILES)('finds none in %s with every rule on', (file) => {
    expect(leaks(file, ALL_RULES)).toEqual({});
  });

  it('finds the task-17 items in the task-18 request when the task check is off', () => {
    expect(leaks('fixtures/scenario.json', withRulesOff('taskCheck'))).toEqual({
      10: ['bob-export-plan', 'planner-scratch'],
    });
  });

  it("finds Bob's items served to Alice from the cache", () => {
    expect(leaks('fixtures/scenario.json', withRulesOff('cacheKeyPrincipal'))[9]).toEqual([
      'bob-style',
      'bob-export-plan',
      'planner-scratch',
    ]);
  });

  it("finds Bob's note written into Alice's scope", () => {
    expect(leaks('fixtures/lessons/attacks.scenario.json', withRulesOff('keysFromPrincipal'))[11]).toEqual([
      'note-for-alice',
    ]);
  });

  it('finds none when only ranking or escaping is broken: those rules guard completeness and the text, not who reads', () => {
    for (const rule of RULES.filter((r) => r === 'authorizeBeforeRanking' || r === 'escaping')) {
      expect(leaks('fixtures/scenario.json', withRulesOff(rule))).toEqual({});
    }
  });
});
