/**
 * The diagnosis of a failing step, on the seed scenario: why the reference kept out or let in each item
 * the answers disagree on (the explainer's words), which canary tokens crossed into the adapter's
 * answer, and which switched-off rule of the reference would have answered as the adapter did.
 */
import { describe, expect, it } from 'vitest';
import { withRulesOff } from '../store/rules';
import { seedScenario } from '../testing/fixtures';
import type { Scenario } from '../scenario/scenario';
import { compareAnswer } from './compare';
import { crossedTokens, likeRulesOff, referenceReasons } from './diagnose';
import type { Answer } from './protocol';
import { referenceOf } from './reference';
import { canaryScenario, closeTask, query, write } from './canaryKit';
import type { StepFailure } from './run';

const seed = seedScenario();
const reference = referenceOf(seed);

/** The failure of answering `answer` at step `step` (from 1) of `scenario`. */
function failing(step: number, answer: Answer, scenario: Scenario = seed): StepFailure {
  const expected = referenceOf(scenario).expected[step - 1]!;
  const mismatch = compareAnswer(expected, answer);
  if (mismatch === null) throw new Error('that answer conforms');
  return { step, answer, mismatch };
}

const expectedIds = (step: number) => {
  const expected = reference.expected[step - 1]!;
  return expected.kind === 'items' ? [...expected.items] : [];
};

describe('referenceReasons', () => {
  it("says why each extra item was kept out and each missing one let in, in the explainer's words", () => {
    // Step 7: bob's planner in task-17. The adapter adds alice's contact and drops bob's style.
    const items = [...expectedIds(7).filter((id) => id !== 'bob-style'), 'alice-contact'];
    const failure = failing(7, { kind: 'items', items, messages: null });
    expect(referenceReasons(seed, reference, failure)).toEqual([
      'alice-contact: not in the request: belongs to alice, you are bob',
      "bob-style: in the request: bob's user item: bob reads it in every task",
    ]);
  });

  it('names an item the store does not hold at that step', () => {
    const failure = failing(7, { kind: 'items', items: [...expectedIds(7), 'no-such-item'], messages: null });
    expect(referenceReasons(seed, reference, failure)).toEqual([
      'no-such-item: no such item is in the store at this step',
    ]);
    const gone = failing(12, { kind: 'items', items: [...expectedIds(12), 'bob-export-plan'], messages: null });
    expect(referenceReasons(seed, reference, gone)).toEqual([
      'bob-export-plan: no such item is in the store at this step',
    ]);
  });

  it('gives no reasons for an order or a write, for a principal it cannot make, or an unknown agent', () => {
    const order = failing(7, { kind: 'items', items: [...expectedIds(7)].reverse(), messages: null });
    expect(order.mismatch.kind).toBe('order');
    expect(referenceReasons(seed, reference, order)).toEqual([]);
    expect(referenceReasons(seed, reference, failing(1, { kind: 'error', error: 'no' }))).toEqual([]);
    const stranger: Scenario = {
      ...seed,
      steps: [...seed.steps.slice(0, 6), { op: 'query', as: ['bob', 'task-17', 'auditor'], current: 'q' }],
    };
    const unknown = failing(7, { kind: 'items', items: ['app-policy'], messages: null }, stranger);
    expect(referenceReasons(stranger, referenceOf(stranger), unknown)).toEqual([]);
    const invalid: Scenario = {
      ...seed,
      steps: [...seed.steps.slice(0, 6), { op: 'query', as: ['bob', '', 'planner'], current: 'q' }],
    };
    const bad = failing(7, { kind: 'items', items: ['app-policy'], messages: null }, invalid);
    expect(referenceReasons(invalid, referenceOf(invalid), bad)).toEqual([]);
  });
});

describe('crossedTokens', () => {
  it('counts the extra items, and item IDs the adapter wrote into its messages and the reference did not', () => {
    const expected = reference.expected[6]!;
    if (expected.kind !== 'items') throw new Error('step 7 is a query');
    const messages = expected.messages.map((m, i) =>
      i === expected.messages.length - 1 ? { ...m, content: `${m.content}\nsee alice-contact and task` } : m,
    );
    const failure = failing(7, { kind: 'items', items: [...expected.items, 'alice-export-limit'], messages });
    expect(crossedTokens(reference, failure).sort()).toEqual(['alice-contact', 'alice-export-limit']);
    const quiet = failing(7, { kind: 'items', items: [...expected.items, 'alice-export-limit'], messages: null });
    expect(crossedTokens(reference, quiet)).toEqual(['alice-export-limit']);
  });
});

describe('likeRulesOff', () => {
  it('names the rules whose reference, switched off, answers as the adapter did', () => {
    const broken = referenceOf(seed, withRulesOff('taskCheck')).expected[9]!;
    if (broken.kind !== 'items') throw new Error('step 10 is a query');
    const failure = failing(10, { kind: 'items', items: [...broken.items], messages: null });
    const like = likeRulesOff(seed, failure);
    expect(like).toContain('taskCheck');
    for (const rule of like)
      expect(compareAnswer(referenceOf(seed, withRulesOff(rule)).expected[9]!, failure.answer)).toBeNull();
    expect(likeRulesOff(seed, { ...failure, step: 0 })).toEqual([]);
  });
});

describe('the diagnosis on a small scenario', () => {
  const A1 = 'alice/task-1/planner';
  const small: Scenario = canaryScenario(
    {
      name: 'two users hold one ID',
      direction: 'allow',
      steps: [
        write(A1, 'user', 'same', 'Alice keeps notes.'),
        write('bob/task-1/planner', 'user', 'same', 'Bob keeps notes.'),
        write(A1, 'user', 'memo', 'A short ID.'),
        write(A1, 'user', 'note1', 'A five-letter ID.'),
        closeTask('alice', 'task-1'),
        query('bob/task-1/planner'),
      ],
    },
    'c00',
  );
  const ref = referenceOf(small);
  const bobAsks = ref.expected[5]!;
  if (bobAsks.kind !== 'items') throw new Error('step 6 is a query');

  it('explains only the holder of a repeated ID the request should not carry', () => {
    const failure = failing(6, { kind: 'items', items: [...bobAsks.items, 'same'], messages: null }, small);
    expect(failure.mismatch.extra).toEqual(['same']);
    expect(referenceReasons(small, ref, failure)).toEqual(['same: not in the request: belongs to alice, you are bob']);
  });

  it('gives no reasons for a refused reset or a step that is not a query', () => {
    expect(referenceReasons(small, ref, failing(5, { kind: 'error', error: 'no' }, small))).toEqual([]);
    const reset = {
      step: 0,
      answer: { kind: 'error', error: 'no' },
      mismatch: compareAnswer({ kind: 'accepted' }, { kind: 'error', error: 'no' })!,
    } as StepFailure;
    expect(referenceReasons(small, ref, reset)).toEqual([]);
    expect(crossedTokens(ref, reset)).toEqual([]);
    expect(likeRulesOff(small, reset)).toEqual([]);
  });

  it('counts an ID of five characters or more written into messages, not across two of them', () => {
    const said = (...contents: string[]): Answer => ({
      kind: 'items',
      items: [...bobAsks.items],
      messages: contents.map((content) => ({ role: 'user', content })),
    });
    const crossed = (answer: Answer) => crossedTokens(ref, failing(6, answer, small));
    expect(crossed(said('see note1 and memo'))).toEqual(['note1']);
    expect(crossed(said('see no', 'te1'))).toEqual([]);
    // An answer with messages to a write, or to the reset, crosses nothing but its extra items.
    const toWrite = { step: 1, answer: said('note1'), mismatch: compareAnswer(ref.expected[0]!, said('note1'))! };
    expect(crossedTokens(ref, toWrite)).toEqual([]);
    expect(crossedTokens(ref, { ...toWrite, step: 0 })).toEqual([]);
  });
});
