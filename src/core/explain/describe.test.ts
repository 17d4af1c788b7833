import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import {
  describeEntry,
  describeStep,
  NO_OWNER,
  ownerLabel,
  ownerOf,
  provenance,
  quote,
  QUOTED_CHARS,
  stepPrincipal,
} from './describe';
import { type Rules, withRulesOff } from '../store/rules';
import { scenarioSchema } from '../scenario/scenario';
import { projectJson, replayOk, scenarioWith, seedScenario } from '../testing/fixtures';

function seed(): Timeline {
  const outcome = replayText(readFileSync('fixtures/scenario.json', 'utf8'));
  if (outcome.kind !== 'ok') throw new Error('seed scenario is invalid');
  return outcome.timeline;
}

describe('describeStep', () => {
  it('says who writes which kind of item', () => {
    expect(describeStep(seed().entries[4]!.step)).toBe("bob's planner writes a task item bob-export-plan");
    expect(describeStep(seed().entries[5]!.step)).toBe("bob's planner writes an agent item planner-scratch");
  });

  it('names every kind of step', () => {
    const sentences = seed().entries.map((entry) => describeStep(entry.step));
    expect(sentences[0]).toBe('The configuration sets the app items');
    expect(sentences[6]).toBe("bob's planner hands bob-export-plan to the researcher");
    expect(sentences[8]).toBe("bob's researcher asks in task-17: “What is the plan for the export job?”");
    expect(sentences[11]).toBe('bob closes task-17');
  });
});

describe('describeEntry', () => {
  it('tells where a written item went and who decided its owner', () => {
    const { position, result } = describeEntry(seed().entries[2]!, 12);
    expect(position).toBe('Step 2 of 12');
    expect(result).toMatch(/^Stored in task · alice\/task-9\./);
  });

  it('counts the leak of a query', () => {
    expect(describeEntry(seed().entries[9]!, 12).result).toBe(
      "The scoped request holds 3 items. The naive list holds 3 items, 2 of them another user's (bob's): a leak to alice.",
    );
  });

  it('lists what a closed task deleted', () => {
    expect(describeEntry(seed().entries[11]!, 12).result).toBe(
      'Deleted 4 items: bob-export-plan, planner-scratch, handoff-1-brief and handoff-1-item-1.',
    );
  });

  it("shows a rejected step's reason", () => {
    const text = readFileSync('fixtures/scenario.json', 'utf8').replace('"scope": "user"', '"scope": "app"');
    const outcome = replayText(text);
    if (outcome.kind !== 'ok') throw new Error('expected a timeline');
    expect(describeEntry(outcome.timeline.entries[1]!, 12).result).toBe(
      'Rejected: principals write user, task or agent items; app items come from configuration. The store is unchanged.',
    );
  });
});

describe('ownerLabel', () => {
  it('names scope and owner in words', () => {
    const labels = seed().lives.map((life) => ownerLabel(life.item));
    expect(labels).toContain('app · everyone');
    expect(labels).toContain('user · alice');
    expect(labels).toContain('task · bob/task-17');
    expect(labels).toContain('agent · bob/task-17/researcher');
  });
});

describe('provenance', () => {
  it('says where a handoff copy came from, and nothing for a written item', () => {
    const byId = new Map(seed().lives.map((life) => [life.item.id, life.item]));
    expect(provenance(byId.get('handoff-1-item-1')!)).toBe('a copy of bob-export-plan, handed over by the planner');
    expect(provenance(byId.get('handoff-1-brief')!)).toBe("the brief of the planner's handoff");
    expect(provenance(byId.get('bob-export-plan')!)).toBeNull();
  });
});

describe('articles', () => {
  it('reads "a user item", not "an user item"', () => {
    expect(describeStep(seed().entries[1]!.step)).toBe("alice's planner writes a user item alice-contact");
  });
});

describe('a long question, quoted', () => {
  it('is quoted whole up to QUOTED_CHARS', () => {
    expect(quote('What is the plan?')).toBe('“What is the plan?”');
    expect(quote('x'.repeat(QUOTED_CHARS))).toBe(`“${'x'.repeat(QUOTED_CHARS)}”`);
  });

  it('is cut past it, with its length said, and never splits a surrogate pair', () => {
    expect(quote('x'.repeat(1_000_000))).toBe(`“${'x'.repeat(QUOTED_CHARS)}…” (1,000,000 characters)`);
    const emoji = `${'x'.repeat(QUOTED_CHARS - 1)}😀${'x'.repeat(10)}`;
    expect(quote(emoji)).toBe(`“${'x'.repeat(QUOTED_CHARS - 1)}…” (${emoji.length} characters)`);
  });

  it('a query step’s sentence quotes it cut short', () => {
    const step = seed().entries.find((entry) => entry.step?.op === 'query')!.step!;
    if (step.op !== 'query') throw new Error('not a query');
    const sentence = describeStep({ ...step, current: 'q'.repeat(1_000_000) });
    expect(sentence.length).toBeLessThan(QUOTED_CHARS + 100);
    expect(sentence).toMatch(/…” \(1,000,000 characters\)$/);
  });
});

describe('every kind of step and outcome, in words', () => {
  const lesson = (name: string, rules?: Rules) =>
    replayOk(scenarioSchema.parse(projectJson(`fixtures/lessons/${name}.scenario.json`)), rules);
  const results = (timeline: Timeline) =>
    timeline.entries.map((entry) => describeEntry(entry, timeline.entries.length - 1).result);

  it('says whom a forget deleted, and names the other users a broken delete took too', () => {
    const scoped = lesson('scoped-delete');
    expect(describeStep(scoped.entries[6]!.step)).toBe('alice asks to be forgotten');
    expect(results(scoped)[6]).toBe('Deleted 2 items: alice-style and alice-trip.');
    expect(results(lesson('scoped-delete', withRulesOff('scopedDelete')))[6]).toBe(
      "Deleted 4 items: alice-style, alice-trip, bob-style and bob-trip, bob's among them.",
    );
  });

  it('says a query leaked nothing, and counts one item as one', () => {
    expect(results(lesson('scoped-delete'))[7]).toBe(
      "The scoped request holds 3 items. The naive list holds 1 item, none of them another user's.",
    );
    expect(results(lesson('scoped-delete', withRulesOff('scopedDelete')))[7]).toBe(
      "The scoped request holds 1 item. The naive list holds 0 items, none of them another user's.",
    );
  });

  it('says an import has no owner, and labels it so', () => {
    const timeline = lesson('ownerless-rows');
    expect(describeStep(timeline.entries[3]!.step)).toBe(
      'A system import stores the user item legacy-review with no owner',
    );
    expect(results(timeline)[3]).toBe("Stored with no owner: no user, task or agent. No principal's keys match it.");
    const imported = timeline.lives.find((life) => life.item.id === 'legacy-review')!.item;
    expect([ownerOf(imported), ownerLabel(imported)]).toEqual([NO_OWNER, 'user · no owner']);
  });

  it('names the app items of the configuration, one or many or none', () => {
    const seed = seedScenario();
    expect(describeEntry(replayOk(seed).entries[0]!, 12)).toEqual({
      position: 'Configuration',
      summary: 'The configuration sets the app items',
      result: '1 app item (app-policy): every principal reads it.',
    });
    const two = [...seed.configuration, { id: 'app-terms', text: 'Be brief.' }];
    expect(results(replayOk(scenarioWith(seed.steps, two)))[0]).toBe(
      '2 app items (app-policy and app-terms): every principal reads them.',
    );
    expect(results(replayOk(scenarioWith(seed.steps, [])))[0]).toBe('No app items.');
  });

  it('says where a handoff copied its items, and that closing an empty task deletes nothing', () => {
    const timeline = seed();
    expect(results(timeline)[6]).toBe(
      "Copied as handoff-1-brief and handoff-1-item-1 into the researcher's own scope (bob/task-17/researcher).",
    );
    const empty = replayOk(scenarioWith([{ op: 'close_task', user: 'carol', task: 'task-1' }]));
    expect(results(empty)[1]).toBe('Nothing to delete.');
    const forgotten = replayOk(scenarioWith([{ op: 'forget_user', user: 'carol' }]));
    expect(results(forgotten)[1]).toBe('Nothing to delete.');
  });

  it('names the requester of a step that has one', () => {
    const steps = seed().entries.map((entry) => stepPrincipal(entry.step));
    expect(steps[0]).toBeNull();
    expect(steps[1]).toEqual({ user: 'alice', task: 'task-9', agent: 'planner' });
    expect(steps[11]).toBeNull();
  });
});

describe('the rarer sentences', () => {
  it('reads "an app item", and "nothing" for a handoff of no items', () => {
    const as = ['bob', 'task-17', 'planner'] as [string, string, string];
    expect(describeStep({ op: 'write', as, scope: 'app', id: 'x', text: 't' })).toBe(
      "bob's planner writes an app item x",
    );
    expect(describeStep({ op: 'handoff', as, to: 'researcher', items: [], brief: 'b' })).toBe(
      "bob's planner hands nothing to the researcher",
    );
  });

  it('finds no provenance in a source that is not a whole handoff source', () => {
    const item = (source: string) => ({ ...seed().lives[0]!.item, source });
    expect(
      ['written', 'configuration', 'import', 'handoff', 'handoff:planner', 'copy:planner:plan'].map((s) =>
        provenance(item(s)),
      ),
    ).toEqual([null, null, null, null, null, null]);
    expect(provenance(item('handoff:planner:plan'))).toBe('a copy of plan, handed over by the planner');
  });
});
