import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import { explainRequest, whyRows } from './whyRequest';
import { requestAt } from '../timeline/timelineIndex';
import { ALL_RULES, type Rules, withRulesOff } from '../store/rules';
import { makePrincipal } from '../store/entities';
import { ALICE, BOB, projectText, QUESTION, replayOk, scenarioWith } from '../testing/fixtures';

function seed(rules: Rules = ALL_RULES): Timeline {
  const outcome = replayText(projectText('fixtures/scenario.json'), rules);
  if (outcome.kind !== 'ok') throw new Error('the seed scenario should replay');
  return outcome.timeline;
}

/** The query step's own request, explained. */
function atStep(timeline: Timeline, index: number) {
  const outcome = timeline.entries[index]!.outcome;
  if (outcome.kind !== 'queried') throw new Error(`step ${index} is not a query`);
  return explainRequest(timeline, index, outcome.principal, outcome.context.items, true);
}

const row = (why: ReturnType<typeof atStep>, id: string) => whyRows(why).find((i) => i.item.id === id)!;

describe('explainRequest', () => {
  it('agrees with the request at every query of the seed, and names the step each item came from', () => {
    const timeline = seed();
    for (const index of [7, 8, 9, 10, 12]) {
      const why = atStep(timeline, index);
      expect(why.wrongCache).toBeNull();
      expect(whyRows(why).filter((i) => i.mismatch !== null)).toEqual([]);
      expect(whyRows(why).every((i) => i.inRequest === (i.status === 'in'))).toBe(true);
    }
    const bob = atStep(timeline, 7);
    expect(row(bob, 'app-policy')).toMatchObject({ arrival: 'configured', addedAt: 0 });
    expect(row(bob, 'bob-export-plan')).toMatchObject({ arrival: 'written', addedAt: 4, inRequest: true });
    expect(row(bob, 'handoff-1-item-1')).toMatchObject({ arrival: 'copied', addedAt: 6, inRequest: false });
  });

  it('lists deleted items with the step that deleted them', () => {
    const why = atStep(seed(), 12);
    expect(row(why, 'bob-export-plan')).toMatchObject({
      status: 'deleted',
      inRequest: false,
      because: 'deleted when bob closed task-17 at step 11',
    });
  });

  it("names the cache when it serves Bob's context to Alice", () => {
    const why = atStep(seed(withRulesOff('cacheKeyPrincipal')), 9);
    expect(why.wrongCache).toMatchObject({ builtFor: BOB, builtAtStep: 7 });
    expect(row(why, 'bob-style')).toMatchObject({
      status: 'out',
      inRequest: true,
      mismatch: 'in the request anyway: the cache served the context built for bob/task-17/planner at step 7',
    });
    expect(row(why, 'alice-contact')).toMatchObject({
      status: 'in',
      inRequest: false,
      mismatch: 'readable, but left out: the cache served the context built for bob/task-17/planner at step 7',
    });
  });

  it('names a stale cache that still serves a deleted item', () => {
    const why = atStep(seed(withRulesOff('cacheKeyVersion')), 12);
    expect(row(why, 'bob-export-plan')).toMatchObject({
      status: 'deleted',
      inRequest: true,
      mismatch: 'in the request anyway: the cache served the context built at step 7, before the store changed',
    });
  });

  it('names ranking before the check when a readable item is left out', () => {
    const why = atStep(seed(withRulesOff('authorizeBeforeRanking')), 7);
    expect(row(why, 'bob-style')).toMatchObject({ status: 'in', inRequest: false });
    expect(row(why, 'bob-style').mismatch).toMatch(
      /^readable, but left out: with “Authorize before ranking” switched off, only the best-ranked/,
    );
  });

  it('explains a what-if request, which never comes from the cache', () => {
    const timeline = seed(withRulesOff('cacheKeyPrincipal'));
    const who = makePrincipal('bob', 'task-18', 'planner');
    const request = requestAt(timeline, 9, who, QUESTION);
    if (request.kind !== 'ok') throw new Error('expected a request');
    const why = explainRequest(timeline, 9, who, request.context.items, false);
    expect(why.wrongCache).toBeNull();
    expect(row(why, 'bob-export-plan')).toMatchObject({
      because: "bob's task-17 item, you are in task-18",
      inRequest: false,
      mismatch: null,
    });
    expect(whyRows(why).some((i) => i.item.user === ALICE.user && i.inRequest)).toBe(false);
  });
});

describe('explainRequest with provenance', () => {
  function attacks(rules: Rules) {
    const outcome = replayText(projectText('fixtures/lessons/attacks.scenario.json'), rules);
    if (outcome.kind !== 'ok') throw new Error('the attacks lesson should replay');
    return outcome.timeline;
  }

  it("names the writer of an item in Alice's scope that Bob wrote through the payload's user_id", () => {
    const why = atStep(attacks(withRulesOff('keysFromPrincipal')), 11);
    expect(row(why, 'note-for-alice')).toMatchObject({
      status: 'in',
      inRequest: true,
      mismatch:
        'in the request, but bob wrote it: the write named alice as the owner, because “Scope keys come from the principal” is switched off',
    });
    expect(whyRows(atStep(attacks(ALL_RULES), 11)).filter((i) => i.mismatch !== null)).toEqual([]);
  });

  it('names the writer of a copy a handoff took from Alice', () => {
    const why = atStep(attacks(withRulesOff('handoffReadCheck')), 13);
    expect(row(why, 'handoff-1-item-1')).toMatchObject({
      inRequest: true,
      mismatch:
        'in the request, but alice wrote it: a handoff copied it, because “A handoff copies only readable items” is switched off',
    });
  });
});

describe('explainRequest, every disagreement named', () => {
  it("names another user's item that a prefix key let in", () => {
    const outcome = replayText(
      projectText('fixtures/lessons/namespace-prefix.scenario.json'),
      withRulesOff('exactKeys'),
    );
    if (outcome.kind !== 'ok') throw new Error('the lesson should replay');
    expect(row(atStep(outcome.timeline, 5), 'corp-renewal').mismatch).toBe(
      'in the request, but acme-corp wrote it: its scope keys name acme-corp',
    );
  });

  it("names a handoff that copied another user's data, even with every handoff check on", () => {
    const steps = [
      { op: 'write', as: ['bob', 'task-17', 'planner'], scope: 'user', id: 'note', user_id: 'alice', text: 'A note.' },
      { op: 'handoff', as: ['alice', 'task-9', 'planner'], to: 'researcher', items: ['note'], brief: 'Read it.' },
      { op: 'query', as: ['alice', 'task-9', 'researcher'], current: 'What does the note say?' },
    ];
    const timeline = replayOk(scenarioWith(steps), withRulesOff('keysFromPrincipal'));
    expect(row(atStep(timeline, 3), 'handoff-1-item-1').mismatch).toBe(
      'in the request, but bob wrote it: a handoff copied it',
    );
  });

  it('says when a request given to explain disagrees with the store, and no cache is to blame', () => {
    const timeline = seed();
    const alices = timeline.lives.find((life) => life.item.id === 'alice-contact')!.item;
    const why = explainRequest(timeline, 7, BOB, [alices], false);
    expect(why.wrongCache).toBeNull();
    expect(row(why, 'alice-contact')).toMatchObject({
      inRequest: true,
      mismatch: 'in the request anyway: the request disagrees with the store',
    });
    expect(row(why, 'bob-style')).toMatchObject({
      inRequest: false,
      mismatch: 'readable, but the request left it out',
    });
    expect(why.inRequest.map((i) => i.item.id)).toEqual(['alice-contact']);
  });

  it('reuses the rows it made: the same request twice, and an unchanged left-out row from step to step', () => {
    const timeline = seed();
    expect(atStep(timeline, 7)).toBe(atStep(timeline, 7));
    const left = (index: number) => row(explainRequest(timeline, index, BOB, [], false), 'alice-contact');
    expect(left(7)).toBe(left(8));
    expect(left(7)).toMatchObject({ inRequest: false, mismatch: null, status: 'out' });
  });

  it('keeps one explanation per request: another request at the same step is explained anew', () => {
    const timeline = seed(withRulesOff('cacheKeyPrincipal'));
    const byId = (id: string) => timeline.lives.find((life) => life.item.id === id)!.item;
    const held = (why: ReturnType<typeof atStep>) => why.inRequest.map((i) => i.item.id);
    const a = explainRequest(timeline, 9, ALICE, [byId('alice-contact')], true);
    const b = explainRequest(timeline, 9, ALICE, [byId('bob-style')], true);
    const none = explainRequest(timeline, 9, ALICE, [], true);
    expect([held(a), held(b), held(none)]).toEqual([['alice-contact'], ['bob-style'], []]);
    expect(explainRequest(timeline, 9, ALICE, [], false).wrongCache).toBeNull();
    // The cache rows are read once per timeline: every request at the step names the same one.
    expect(b.wrongCache).not.toBeNull();
    expect(a.wrongCache).toBe(b.wrongCache);
  });
});
