/** The indexed store's own behaviour: restore, the kept naive ranking, handoff details and rule switches. */
import { describe, expect, it } from 'vitest';
import { ScopeError } from './errors';
import { makeAgent, makePrincipal } from './entities';
import { ContextStore } from './store';
import { ALL_RULES, type Rules, withRulesOff } from './rules';
import { ids } from '../testing/fixtures';

const AGENTS = [
  makeAgent('planner', 'Plan.', ['delegate'], ['app', 'user', 'task', 'agent']),
  makeAgent('researcher', 'Research.', [], ['app', 'agent']),
];
const BOB = makePrincipal('bob', 't1', 'planner');
const ALICE = makePrincipal('alice', 't1', 'planner');

function store(rules: Rules = ALL_RULES): ContextStore {
  return new ContextStore(AGENTS, rules);
}

describe('restore', () => {
  it('holds exactly the given items at the given version, and new items come after them', () => {
    const s = store();
    s.configure('policy', 'Policy.');
    s.write(BOB, 'task', 'plan', 'Plan.');
    s.write(ALICE, 'user', 'pref', 'Pref.');
    const restored = ContextStore.restore(AGENTS, s.items(), 7);
    expect(restored.items()).toEqual(s.items());
    expect(restored.version).toBe(7);
    expect(restored.size).toBe(3);
    expect(ids(restored.visible(BOB))).toEqual(['policy', 'plan']);
    const next = restored.write(BOB, 'user', 'later', 'Later.');
    expect(next.seq).toBeGreaterThan(Math.max(...s.items().map((item) => item.seq)));
    expect(restored.version).toBe(8);
    expect(() => restored.write(BOB, 'user', 'plan', 'Again.')).toThrow(
      new ScopeError('duplicate item id plan', 'duplicateId', 'plan'),
    );
    expect(() => restored.configure('pref', 'Taken by Alice.')).toThrow(
      new ScopeError('duplicate item id pref', 'duplicateId', 'pref'),
    );
  });
});

describe('configure', () => {
  it('adds an app item every principal reads, checking the ID against every user', () => {
    const s = store();
    s.write(ALICE, 'user', 'alice-note', 'Note.');
    expect(() => s.configure('alice-note', 'Policy.')).toThrow(
      new ScopeError('duplicate item id alice-note', 'duplicateId', 'alice-note'),
    );
    expect(() => s.configure('Bad', 'Policy.')).toThrow(
      new ScopeError('item.id must match [a-z0-9][a-z0-9-]{0,63}', 'invalidIdentifier'),
    );
    const policy = s.configure('policy', 'Policy.');
    expect(policy).toEqual({
      id: 'policy',
      scope: 'app',
      text: 'Policy.',
      user: null,
      task: null,
      agent: null,
      source: 'configuration',
      seq: 1,
    });
    expect(Object.isFrozen(policy)).toBe(true);
    expect(s.version).toBe(2);
  });
});

describe('write', () => {
  it('fills task and agent keys only for the scopes that have them, and freezes the item', () => {
    const s = store();
    const task = s.write(BOB, 'task', 'a', 'A.');
    expect([task.user, task.task, task.agent, task.source, task.seq]).toEqual(['bob', 't1', null, 'written', 0]);
    expect(Object.isFrozen(task)).toBe(true);
  });

  it('ignores a payload user_id, unless keysFromPrincipal is switched off', () => {
    expect(store().write(BOB, 'user', 'n', 'Note.', 'alice').user).toBe('bob');
    const broken = store(withRulesOff('keysFromPrincipal'));
    expect(broken.write(BOB, 'user', 'n', 'Note.', 'alice').user).toBe('alice');
    expect(broken.write(BOB, 'user', 'm', 'Note.').user).toBe('bob');
    expect(() => broken.write(BOB, 'user', 'k', 'Note.', 'Alice')).toThrow(
      new ScopeError('user_id must match [a-z0-9][a-z0-9-]{0,63}', 'invalidIdentifier'),
    );
  });

  it('with perUserDuplicates off, reveals that another user holds the ID', () => {
    const broken = store(withRulesOff('perUserDuplicates'));
    broken.write(ALICE, 'user', 'secret-plan', 'Alice.');
    expect(() => broken.write(BOB, 'user', 'secret-plan', 'Bob.')).toThrow(
      new ScopeError('duplicate item id secret-plan', 'duplicateId', 'secret-plan'),
    );
    expect(store().write(BOB, 'user', 'x', 'Bob.').id).toBe('x');
  });
});

describe('handoff', () => {
  it('returns the receiver, the copies brief first, and the items they were made from', () => {
    const s = store();
    const plan = s.write(BOB, 'task', 'plan', 'The plan.');
    const pref = s.write(BOB, 'user', 'pref', 'Short answers.');
    const result = s.handoff(BOB, 'researcher', ['pref', 'plan'], 'Look it up.');
    expect(result.target).toEqual({ user: 'bob', task: 't1', agent: 'researcher' });
    expect(result.sources).toEqual([pref, plan]);
    expect(
      result.items.map((item) => [item.id, item.scope, item.text, item.user, item.task, item.agent, item.source]),
    ).toEqual([
      ['handoff-1-brief', 'agent', 'Look it up.', 'bob', 't1', 'researcher', 'handoff:planner:brief'],
      ['handoff-1-item-1', 'agent', 'Short answers.', 'bob', 't1', 'researcher', 'handoff:planner:pref'],
      ['handoff-1-item-2', 'agent', 'The plan.', 'bob', 't1', 'researcher', 'handoff:planner:plan'],
    ]);
    expect(result.items.map((item) => item.seq)).toEqual([2, 3, 4]);
    expect(result.items.every(Object.isFrozen)).toBe(true);
    expect(s.version).toBe(3);
    expect(s.items()).toEqual([plan, pref, ...result.items]);
  });

  it('numbers per user, one above the highest brief still stored', () => {
    const s = store();
    s.handoff(BOB, 'researcher', [], 'One.');
    s.handoff(ALICE, 'researcher', [], 'Alice one.');
    s.handoff(makePrincipal('bob', 't2', 'planner'), 'researcher', [], 'Two.');
    expect(ids(s.items())).toEqual(['handoff-1-brief', 'handoff-1-brief', 'handoff-2-brief']);
    s.closeTask('bob', 't2');
    expect(ids(s.handoff(BOB, 'researcher', [], 'Again.').items)).toEqual(['handoff-2-brief']);
    for (let n = 3; n <= 10; n++) s.handoff(BOB, 'researcher', [], `Brief ${n}.`);
    expect(ids(s.handoff(BOB, 'researcher', [], 'Eleven.').items)).toEqual(['handoff-11-brief']);
  });

  it('checks the sender, the delegate tool, the receiver and repeats before what the sender can read', () => {
    const s = store();
    expect(() => s.handoff(makePrincipal('bob', 't1', 'ghost'), 'planner', ['x', 'x'], '')).toThrow(
      'unknown agent ghost',
    );
    expect(() => s.handoff(makePrincipal('bob', 't1', 'researcher'), 'ghost', ['x', 'x'], '')).toThrow(
      'agent researcher has no delegate tool',
    );
    expect(() => s.handoff(BOB, 'ghost', ['x', 'x'], '')).toThrow('hand off to a different, configured agent');
    expect(() => s.handoff(BOB, 'researcher', ['x', 'x'], '')).toThrow('handoff lists an item twice');
    expect(() => s.handoff(BOB, 'researcher', ['x'], '')).toThrow("sender cannot read ['x']");
    expect(() => s.handoff(BOB, 'researcher', [], ' ')).toThrow('item text must be nonblank');
  });

  it('with handoffReadCheck off, copies an item the sender could never read', () => {
    const broken = store(withRulesOff('handoffReadCheck'));
    broken.write(ALICE, 'user', 'alice-card', 'Alice card number.');
    const { items, sources } = broken.handoff(BOB, 'researcher', ['alice-card'], 'Brief.');
    expect(items[1]!.text).toBe('Alice card number.');
    expect(sources[0]!.user).toBe('alice');
    expect(() => broken.handoff(BOB, 'researcher', ['nothing'], 'Brief.')).toThrow("sender cannot read ['nothing']");
  });

  it('with atomicHandoff off, leaves the copies written before a later copy failed', () => {
    const broken = store(withRulesOff('atomicHandoff'));
    broken.configure('blank', ' ');
    broken.write(BOB, 'task', 'plan', 'Plan.');
    const version = broken.version;
    expect(() => broken.handoff(BOB, 'researcher', ['plan', 'blank'], 'Brief.')).toThrow('item text must be nonblank');
    expect(ids(broken.items())).toEqual(['blank', 'plan', 'handoff-1-brief', 'handoff-1-item-1']);
    expect(broken.version).toBe(version + 2);
    const ok = broken.handoff(BOB, 'researcher', ['plan'], 'Again.');
    expect(ids(ok.items)).toEqual(['handoff-2-brief', 'handoff-2-item-1']);
    expect(broken.version).toBe(version + 4);
  });
});

describe('closeTask', () => {
  it("removes the task's items, returns them, and raises the version even when nothing was there", () => {
    const s = store();
    const plan = s.write(BOB, 'task', 'plan', 'Plan.');
    const pref = s.write(BOB, 'user', 'pref', 'Pref.');
    const draft = s.write(BOB, 'agent', 'draft', 'Draft.');
    const other = s.write(makePrincipal('bob', 't2', 'planner'), 'task', 'other', 'Other.');
    expect(s.closeTask('bob', 't1')).toEqual([plan, draft]);
    expect(s.items()).toEqual([pref, other]);
    expect(s.version).toBe(5);
    expect(s.closeTask('nobody', 't1')).toEqual([]);
    expect(s.version).toBe(6);
    expect(s.size).toBe(2);
    // The removed IDs are free again, for Bob and in the naive index.
    expect(s.write(BOB, 'task', 'plan', 'New plan.').text).toBe('New plan.');
    expect(ids(s.naive('plan'))).toEqual(['plan']);
  });
});

describe('naive', () => {
  it('keeps a ranking current as items arrive and leave, for every question asked', () => {
    const s = store();
    const questions = Array.from({ length: 12 }, (_, i) => `export job q${i}`);
    s.write(BOB, 'task', 'b', 'export');
    for (const q of questions) expect(ids(s.naive(q))).toEqual(['b']);
    s.write(ALICE, 'task', 'a', 'export job');
    for (const q of questions) expect(ids(s.naive(q))).toEqual(['a', 'b']);
    s.write(ALICE, 'task', 'c', 'export job q3');
    expect(ids(s.naive('export job q3'))).toEqual(['c', 'a', 'b']);
    expect(ids(s.naive('export job q3', 2))).toEqual(['c', 'a']);
    s.closeTask('alice', 't1');
    for (const q of questions) expect(ids(s.naive(q))).toEqual(['b']);
    expect(s.naive('nothing shared')).toEqual([]);
  });

  it('keeps the rankings of questions named in advance as items arrive and leave', () => {
    const s = store();
    s.keepNaive(['export job', 'export job', 'plan', ...Array.from({ length: 20 }, (_, i) => `q${i}`)]);
    s.write(BOB, 'task', 'a', 'export');
    s.write(ALICE, 'task', 'b', 'export job plan');
    s.write(ALICE, 'user', 'c', 'q19 plan');
    expect(ids(s.naive('export job'))).toEqual(['b', 'a']);
    expect(ids(s.naive('plan'))).toEqual(['b', 'c']);
    expect(ids(s.naive('q19'))).toEqual(['c']);
    s.closeTask('alice', 't1');
    expect(ids(s.naive('export job'))).toEqual(['a']);
    expect(ids(s.naive('plan'))).toEqual(['c']);
  });

  it('counts each question word once, whatever its case, and matches whole words only', () => {
    const s = store();
    s.write(BOB, 'task', 'one', 'job job JOB');
    s.write(BOB, 'task', 'two', 'export jobs');
    s.write(BOB, 'task', 'three', 'Export, job!');
    expect(ids(s.naive('JOB job export'))).toEqual(['three', 'one', 'two']);
  });
});

describe('naive over a store that lost items', () => {
  it('ranks nothing once every item is deleted, and ranks what is left for a question named afterwards', () => {
    const s = store();
    s.write(BOB, 'task', 'gone', 'export job');
    s.closeTask('bob', 't1');
    expect(s.naive('export job')).toEqual([]);
    s.write(ALICE, 'task', 'kept', 'export job');
    s.write(ALICE, 'task', 'dropped', 'export');
    s.closeTask('bob', 't1');
    s.forgetUser('nobody');
    s.write(BOB, 'task', 'closed', 'export job now');
    s.closeTask('bob', 't1');
    s.keepNaive(['export job']);
    expect(ids(s.naive('export job'))).toEqual(['kept', 'dropped']);
  });

  it('counts the word "undefined" in an item only when the question asks it', () => {
    const s = store();
    s.keepNaive(['export job']);
    s.write(BOB, 'task', 'a-undefined', 'undefined export');
    s.write(BOB, 'task', 'b-both', 'export job');
    expect(ids(s.naive('export job'))).toEqual(['b-both', 'a-undefined']);
    expect(ids(s.naive('undefined export'))).toEqual(['a-undefined', 'b-both']);
  });
});

describe('item IDs over time', () => {
  it('stay unique per owner however many items the owner holds', () => {
    const s = store();
    const many = Array.from({ length: 40 }, (_, i) => `note-${i}`);
    for (const id of many.slice(0, 20)) s.write(BOB, 'task', id, 'Bob.');
    expect(() => s.write(BOB, 'user', 'note-3', 'Again.')).toThrow(
      new ScopeError('duplicate item id note-3', 'duplicateId', 'note-3'),
    );
    for (const id of many.slice(20)) s.write(BOB, 'user', id, 'Bob.');
    expect(() => s.write(BOB, 'task', 'note-33', 'Again.')).toThrow(
      new ScopeError('duplicate item id note-33', 'duplicateId', 'note-33'),
    );
    expect(s.write(ALICE, 'task', 'note-3', 'Alice.').user).toBe('alice');
    s.closeTask('bob', 't1');
    expect(s.write(BOB, 'task', 'note-3', 'Free again.').text).toBe('Free again.');
    expect(() => s.write(BOB, 'task', 'note-25', 'Still held.')).toThrow(
      new ScopeError('duplicate item id note-25', 'duplicateId', 'note-25'),
    );
  });

  it('free an ID for configuration only when no user holds it any more', () => {
    const s = store();
    s.write(BOB, 'task', 'shared', 'Bob.');
    s.write(ALICE, 'task', 'shared', 'Alice.');
    s.closeTask('bob', 't1');
    expect(() => s.configure('shared', 'Policy.')).toThrow(
      new ScopeError('duplicate item id shared', 'duplicateId', 'shared'),
    );
    s.closeTask('alice', 't1');
    expect(s.configure('shared', 'Policy.').scope).toBe('app');
    s.write(BOB, 'task', 'solo', 'Bob.');
    s.closeTask('bob', 't1');
    expect(s.configure('solo', 'Policy.').scope).toBe('app');
  });
});

describe('visible', () => {
  it("keeps insertion order when configuration comes between a user's writes", () => {
    const s = store();
    s.write(BOB, 'task', 'first', 'First.');
    s.configure('policy', 'Policy.');
    s.write(BOB, 'task', 'second', 'Second.');
    s.configure('late', 'Late.');
    expect(ids(s.visible(BOB))).toEqual(['first', 'policy', 'second', 'late']);
    expect(ids(s.visible(ALICE))).toEqual(['policy', 'late']);
    expect(ids(ContextStore.restore(AGENTS, s.items(), s.version).visible(BOB))).toEqual([
      'first',
      'policy',
      'second',
      'late',
    ]);
  });
});

describe('visible with exactKeys off', () => {
  it('gives a principal the items of every user whose name begins with its own, in insertion order', () => {
    const s = store(withRulesOff('exactKeys'));
    const bobby = makePrincipal('bobby', 't1', 'planner');
    s.configure('policy', 'Policy.');
    s.write(bobby, 'user', 'bobby-first', 'Bobby.');
    s.write(BOB, 'user', 'bob-own', 'Bob.');
    s.write(makePrincipal('jimbob', 't1', 'planner'), 'user', 'jimbob-note', 'Jimbob.');
    s.configure('late', 'Late.');
    s.write(bobby, 'user', 'bobby-second', 'Bobby again.');
    expect(ids(s.visible(BOB))).toEqual(['policy', 'bobby-first', 'bob-own', 'late', 'bobby-second']);
    expect(ids(s.visible(bobby))).toEqual(['policy', 'bobby-first', 'late', 'bobby-second']);
  });
});

describe('a refusal', () => {
  const codeOf = (act: () => unknown) => {
    try {
      act();
    } catch (error) {
      if (error instanceof ScopeError) return [error.code, error.itemId];
      throw error;
    }
    return null;
  };

  it('carries a code for each rule it enforces, and the ID only for a duplicate', () => {
    const s = store();
    s.write(BOB, 'task', 'plan', 'Plan.');
    expect(codeOf(() => s.write(BOB, 'app', 'y', 'Everyone.'))).toEqual(['badScope', null]);
    expect(codeOf(() => s.write(BOB, 'task', 'handoff-1-brief', 'Mine.'))).toEqual(['reservedId', null]);
    expect(codeOf(() => s.write(BOB, 'task', 'plan', 'Again.'))).toEqual(['duplicateId', 'plan']);
    expect(codeOf(() => s.write(BOB, 'task', 'y', ' '))).toEqual(['blankText', null]);
    expect(codeOf(() => s.write(BOB, 'task', 'y', 42 as unknown as string))).toEqual(['blankText', null]);
    expect(codeOf(() => s.write(makePrincipal('bob', 't1', 'ghost'), 'task', 'y', 'Y.'))).toEqual([
      'unknownAgent',
      null,
    ]);
    const researcher = makePrincipal('bob', 't1', 'researcher');
    expect(codeOf(() => s.handoff(researcher, 'planner', [], 'Brief.'))).toEqual(['noDelegateTool', null]);
    expect(codeOf(() => s.handoff(BOB, 'planner', [], 'Brief.'))).toEqual(['badReceiver', null]);
    expect(codeOf(() => s.handoff(BOB, 'researcher', ['plan', 'plan'], 'Brief.'))).toEqual(['listedTwice', null]);
    expect(codeOf(() => s.handoff(BOB, 'researcher', ['nope'], 'Brief.'))).toEqual(['unreadable', null]);
  });
});

describe('with perUserDuplicates off', () => {
  it('frees an ID for every user once the last item holding it is deleted', () => {
    const s = store(withRulesOff('perUserDuplicates'));
    s.write(BOB, 'task', 'x', 'Bob.');
    s.write(ALICE, 'user', 'x2', 'Alice.');
    expect(() => s.write(ALICE, 'task', 'x', 'Alice too.')).toThrow(ScopeError);
    s.closeTask('bob', 't1');
    expect(s.write(ALICE, 'task', 'x', 'Alice now.').user).toBe('alice');
    s.closeTask('alice', 't1');
    expect(s.configure('x', 'Policy.').scope).toBe('app');
    expect(() => s.configure('x2', 'Policy.')).toThrow(ScopeError);
  });
});

describe('importItem', () => {
  it('stores a user item with no owner that no principal reads, and refuses what a write refuses', () => {
    const s = store();
    s.write(BOB, 'user', 'pref', 'Pref.');
    const legacy = s.importItem('legacy', 'Imported note.');
    expect(legacy).toMatchObject({ scope: 'user', user: null, task: null, agent: null, source: 'import' });
    expect(s.version).toBe(2);
    expect(ids(s.visible(BOB))).toEqual(['pref']);
    expect(ids(s.visible(ALICE))).toEqual([]);
    // Its ID is taken as an app item's is: for the other imports and every writer.
    expect(() => s.importItem('legacy', 'Again.')).toThrow(
      new ScopeError('duplicate item id legacy', 'duplicateId', 'legacy'),
    );
    expect(() => s.write(ALICE, 'user', 'legacy', 'Mine.')).toThrow(ScopeError);
    expect(s.importItem('pref', 'Bob holds pref, an import may too.').id).toBe('pref');
    expect(() => s.importItem('handoff-1-brief', 'Brief.')).toThrow(ScopeError);
    expect(() => s.importItem('Bad ID', 'Text.')).toThrow(ScopeError);
    expect(() => s.importItem('blank', '  ')).toThrow(ScopeError);
  });

  it('refuses in the words and with the code a write refuses with', () => {
    const s = store();
    const refusal = (act: () => unknown) => {
      try {
        act();
      } catch (error) {
        if (error instanceof ScopeError) return [error.message, error.code];
        throw error;
      }
      return null;
    };
    expect(refusal(() => s.importItem('handoff-1-brief', 'Brief.'))).toEqual([
      'item IDs starting with handoff- are reserved for handoffs',
      'reservedId',
    ]);
    expect(refusal(() => s.importItem('Bad ID', 'Text.'))).toEqual([
      'item.id must match [a-z0-9][a-z0-9-]{0,63}',
      'invalidIdentifier',
    ]);
    expect(refusal(() => s.importItem('blank', ' \t'))).toEqual(['item text must be nonblank', 'blankText']);
    expect(refusal(() => s.importItem('number', 42 as unknown as string))).toEqual([
      'item text must be nonblank',
      'blankText',
    ]);
    expect(s.size).toBe(0);
    expect(s.version).toBe(0);
  });

  it('with ownerlessHidden off, gives the ownerless item to every user, reported as the rule switched off', () => {
    const s = store(withRulesOff('ownerlessHidden'));
    s.importItem('legacy', 'Imported note.');
    expect(ids(s.visible(BOB))).toEqual(['legacy']);
    expect(ids(s.visible(ALICE))).toEqual(['legacy']);
  });
});

describe('forgetUser', () => {
  it("deletes every item of the user, in every scope and task, and nobody else's", () => {
    const s = store();
    s.configure('policy', 'Policy.');
    s.write(ALICE, 'user', 'a-user', 'A.');
    s.write(makePrincipal('alice', 't2', 'planner'), 'agent', 'a-agent', 'A.');
    s.write(BOB, 'task', 'b-task', 'B.');
    s.importItem('legacy', 'Imported.');
    expect(ids(s.forgetUser('alice'))).toEqual(['a-user', 'a-agent']);
    expect(ids(s.items())).toEqual(['policy', 'b-task', 'legacy']);
    expect(s.version).toBe(6);
    expect(s.forgetUser('nobody')).toEqual([]);
    expect(s.write(ALICE, 'user', 'a-user', 'A again.').id).toBe('a-user');
  });

  it("with scopedDelete off, deletes every user's items: a reset, app and ownerless items aside", () => {
    const s = store(withRulesOff('scopedDelete'));
    s.configure('policy', 'Policy.');
    s.write(ALICE, 'user', 'a-user', 'A.');
    s.write(BOB, 'task', 'b-task', 'B.');
    s.write(ALICE, 'task', 'a-task', 'A.');
    expect(ids(s.forgetUser('alice'))).toEqual(['a-user', 'b-task', 'a-task']);
    expect(ids(s.items())).toEqual(['policy']);
    expect(s.naive('A B')).toEqual([]);
  });
});
