/** Reading a timeline at any step: the items then, a store in that state, and any principal's request. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makePrincipal } from '../store/entities';
import { itemsAt, storeAt } from './timeline';
import { requestAt } from './timelineIndex';
import type { Scenario } from '../scenario/scenario';
import { ids, QUESTION, replayOk, seedScenario } from '../testing/fixtures';
import { AGENTS, QUESTIONS, scenarioArb, TASKS, USERS } from '../testing/arbitraries';

describe('itemsAt', () => {
  it('holds only the configuration before the first step', () => {
    expect(ids(itemsAt(replayOk(seedScenario()), 0))).toEqual(['app-policy']);
  });

  it('holds an item from the step that added it until the step that removed it', () => {
    const timeline = replayOk(seedScenario());
    expect(ids(itemsAt(timeline, 5))).toEqual([
      'app-policy',
      'alice-contact',
      'alice-export-limit',
      'bob-style',
      'bob-export-plan',
      'planner-scratch',
    ]);
    expect(ids(itemsAt(timeline, 6))).toEqual([
      'app-policy',
      'alice-contact',
      'alice-export-limit',
      'bob-style',
      'bob-export-plan',
      'planner-scratch',
      'handoff-1-brief',
      'handoff-1-item-1',
    ]);
    expect(ids(itemsAt(timeline, 10))).toEqual(ids(itemsAt(timeline, 6)));
    // Step 11 closes bob/task-17: the plan, the draft and both handoff copies leave.
    expect(ids(itemsAt(timeline, 11))).toEqual(['app-policy', 'alice-contact', 'alice-export-limit', 'bob-style']);
    expect(ids(itemsAt(timeline, 12))).toEqual(ids(itemsAt(timeline, 11)));
  });
});

describe('storeAt', () => {
  it("is a store in that step's state, with that step's version", () => {
    const timeline = replayOk(seedScenario());
    for (const entry of timeline.entries) {
      const store = storeAt(timeline, entry.index);
      expect(store.items()).toEqual(itemsAt(timeline, entry.index));
      expect(store.version).toBe(entry.version);
      expect(store.size).toBe(entry.size);
    }
  });

  it('clamps a step before the start or past the end', () => {
    const timeline = replayOk(seedScenario());
    expect(storeAt(timeline, -3).items()).toEqual(itemsAt(timeline, 0));
    expect(storeAt(timeline, -3).version).toBe(1);
    expect(storeAt(timeline, 99).items()).toEqual(itemsAt(timeline, 12));
    expect(storeAt(timeline, 99).version).toBe(8);
  });

  it('keeps working as a store: a write continues from where the timeline stopped', () => {
    const timeline = replayOk(seedScenario());
    const store = storeAt(timeline, 6);
    const bob = makePrincipal('bob', 'task-17', 'planner');
    const { items } = store.handoff(bob, 'researcher', ['bob-style'], 'Second brief.');
    expect(ids(items)).toEqual(['handoff-2-brief', 'handoff-2-item-1']);
    expect(new Set(store.items().map((item) => item.seq)).size).toBe(store.size);
    expect(store.version).toBe(8);
  });
});

describe('requestAt', () => {
  it("gives the seed's recorded request at the step where it was asked", () => {
    const timeline = replayOk(seedScenario());
    for (const entry of timeline.entries) {
      if (entry.outcome.kind !== 'queried') continue;
      const request = requestAt(timeline, entry.index, entry.outcome.principal, entry.outcome.question);
      expect(request.kind).toBe('ok');
      if (request.kind !== 'ok') continue;
      expect(request.context).toEqual(entry.outcome.context);
      expect(request.naive).toEqual(entry.outcome.naive);
      expect(request.leaked).toEqual(entry.outcome.leaked);
      expect(request.naiveMessages).toEqual(entry.outcome.naiveMessages);
    }
  });

  it('shows a closed task as it was before the close', () => {
    const timeline = replayOk(seedScenario());
    const bob = makePrincipal('bob', 'task-17', 'planner');
    const before = requestAt(timeline, 10, bob, QUESTION);
    const after = requestAt(timeline, 11, bob, QUESTION);
    expect(before.kind === 'ok' && before.context.item_ids).toEqual([
      'app-policy',
      'bob-style',
      'bob-export-plan',
      'planner-scratch',
    ]);
    expect(after.kind === 'ok' && after.context.item_ids).toEqual(['app-policy', 'bob-style']);
  });

  it('rejects an unknown agent with the store wording', () => {
    expect(requestAt(replayOk(seedScenario()), 3, makePrincipal('bob', 'task-17', 'admin'), QUESTION)).toEqual({
      kind: 'rejected',
      reason: 'unknown agent admin',
    });
  });

  it('equals what a replay truncated at that step, then asked the question, would give', () => {
    const principalArb = fc.tuple(fc.constantFrom(...USERS), fc.constantFrom(...TASKS), fc.constantFrom(...AGENTS));
    fc.assert(
      fc.property(scenarioArb, fc.nat(), principalArb, fc.constantFrom(...QUESTIONS), (scenario, at, as, question) => {
        const timeline = replayOk(scenario);
        const index = at % timeline.entries.length;
        const truncated: Scenario = {
          ...scenario,
          steps: [...scenario.steps.slice(0, index), { op: 'query', as, current: question }],
        };
        const asked = replayOk(truncated).entries.at(-1)!.outcome;
        const request = requestAt(timeline, index, makePrincipal(...as), question);
        if (asked.kind === 'rejected') {
          expect(request).toEqual({ kind: 'rejected', reason: asked.reason });
          return;
        }
        if (asked.kind !== 'queried' || request.kind !== 'ok')
          throw new Error(`expected a query, got ${asked.kind} and ${request.kind}`);
        expect(request.context).toEqual(asked.context);
        expect(request.naive).toEqual(asked.naive);
        expect(request.leaked).toEqual(asked.leaked);
        expect(request.naiveMessages).toEqual(asked.naiveMessages);
      }),
      { numRuns: Number(process.env.CORE_PROPERTY_RUNS ?? 150) },
    );
  });
});

describe('requestAt and programmer errors', () => {
  it('throws what is not a ScopeError instead of calling it a rejection', () => {
    const timeline = replayOk(seedScenario());
    expect(() => requestAt(timeline, 3, makePrincipal('bob', 'task-17', 'planner'), 42 as unknown as string)).toThrow(
      TypeError,
    );
  });
});
