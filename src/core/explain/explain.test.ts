/** The explainer's sentence for each verdict `decide` gives, as a learner reads it beside an item. */
import { describe, expect, it } from 'vitest';
import type { Item, Principal } from '../store/entities';
import { makeAgent } from '../store/entities';
import { ALL_RULES, type Rules, withRulesOff } from '../store/rules';
import { decide } from '../store/visibility';
import { reasonFor } from './explain';

const BOB: Principal = { user: 'bob', task: 'task-17', agent: 'planner' };
const PLANNER = makeAgent('planner', 'Plan.', ['delegate'], ['app', 'user', 'task', 'agent']);
const RESEARCHER = makeAgent('researcher', 'Search.', [], ['app', 'agent']);

function item(scope: Item['scope'], fields: Partial<Item> = {}): Item {
  return { id: 'x', scope, text: 't', user: null, task: null, agent: null, source: 'written', seq: 1, ...fields };
}

/** The sentence for `item` as `decide` judges it for `p` acting as `agent`. */
function reason(it: Item, p: Principal = BOB, agent = PLANNER, rules: Rules = ALL_RULES): string {
  return reasonFor(decide(it, p, agent, rules), it, p);
}

const bobs = (scope: Item['scope'], fields: Partial<Item> = {}) =>
  item(scope, { user: 'bob', task: 'task-17', agent: scope === 'agent' ? 'planner' : null, ...fields });

describe('reasonFor, an item in the request', () => {
  it('says why each scope lets the asker read it', () => {
    expect(reason(item('app'))).toBe('app item: every principal reads it');
    expect(reason(bobs('user', { task: null }))).toBe("bob's user item: bob reads it in every task");
    expect(reason(bobs('task'))).toBe("bob's task-17 item, and you are in task-17");
    expect(reason(bobs('agent'))).toBe('your own scratch (planner in task-17)');
  });

  it("names the sender and the handoff's number of a copy handed to the asker", () => {
    const copy = bobs('agent', { id: 'handoff-12-item-3', agent: 'researcher', source: 'handoff:planner:plan' });
    const researcher = { ...BOB, agent: 'researcher' };
    expect(reason(copy, researcher, RESEARCHER)).toBe("copied to you by the planner's handoff 12");
    // A written item whose ID merely looks like a handoff's, and a handoff copy of an unusual ID, are the asker's own.
    expect(reason(bobs('agent', { id: 'handoff-3-mine' }))).toBe('your own scratch (planner in task-17)');
    expect(reason(bobs('agent', { id: 'copied-plan', source: 'handoff:lead:plan' }))).toBe(
      'your own scratch (planner in task-17)',
    );
  });

  it('names the switched-off rule and what the verdict would be with it on', () => {
    const other = bobs('task', { task: 'task-16' });
    expect(reason(other, BOB, PLANNER, withRulesOff('taskCheck'))).toBe(
      "in only because “A task item stays in its task” is switched off: otherwise bob's task-16 item, you are in task-17",
    );
  });
});

describe('reasonFor, an item kept out', () => {
  it('names the owner, the task, the agent or the unread scope that keeps it out', () => {
    expect(reason(item('user', { user: 'alice' }))).toBe('belongs to alice, you are bob');
    expect(reason(item('user', { source: 'import' }))).toBe('stored with no owner, so no user reads it');
    expect(reason(bobs('task', { task: 'task-16' }))).toBe("bob's task-16 item, you are in task-17");
    expect(reason(bobs('agent', { agent: 'researcher' }))).toBe("the researcher's scratch, you are the planner");
    expect(reason(bobs('agent', { agent: 'researcher', source: 'handoff:planner:plan' }))).toBe(
      'handed to the researcher, you are the planner',
    );
    expect(reason(bobs('user'), { ...BOB, agent: 'researcher' }, RESEARCHER)).toBe(
      'a user item, and the researcher does not read the user scope',
    );
  });
});
