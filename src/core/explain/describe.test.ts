import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import { describeEntry, describeStep, ownerLabel, provenance, quote, QUOTED_CHARS } from './describe';

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
