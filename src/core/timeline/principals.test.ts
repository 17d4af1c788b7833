import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import {
  actingPrincipals,
  defaultPrincipal,
  namedPrincipals,
  principalOptions,
  samePrincipal,
  scenarioPrincipals,
} from './principals';
import { defaultQuestion } from './timelineIndex';

function timelineOf(text: string): Timeline {
  const outcome = replayText(text);
  if (outcome.kind !== 'ok') throw new Error('invalid scenario');
  return outcome.timeline;
}
const seedText = readFileSync('fixtures/scenario.json', 'utf8');

describe('principalOptions', () => {
  it('lists every user, task and agent the scenario mentions, not only the queries', () => {
    expect(principalOptions(timelineOf(seedText))).toEqual({
      users: ['alice', 'bob'],
      tasks: ['task-9', 'task-17', 'task-18'],
      agents: ['planner', 'researcher'],
    });
  });

  it('includes an agent a step names even when it is not configured', () => {
    const text = seedText.replace(
      '"bob",\n        "task-18",\n        "planner"',
      '"bob",\n        "task-18",\n        "auditor"',
    );
    expect(principalOptions(timelineOf(text)).agents).toEqual(['planner', 'researcher', 'auditor']);
  });
});

describe('defaultPrincipal and defaultQuestion', () => {
  it("start from the first query's principal", () => {
    expect(defaultPrincipal(timelineOf(seedText))).toEqual({ user: 'bob', task: 'task-17', agent: 'planner' });
  });

  it("use the query step's question, else the latest one before it, else the first", () => {
    const scenario = JSON.parse(seedText);
    scenario.steps[8].current = 'Who is Alice?';
    const timeline = timelineOf(JSON.stringify(scenario));
    expect(defaultQuestion(timeline, 0)).toBe('What is the plan for the export job?');
    expect(defaultQuestion(timeline, 9)).toBe('Who is Alice?');
    expect(defaultQuestion(timeline, 11)).toBe('What is the plan for the export job?');
  });

  it('fall back when the scenario has no steps', () => {
    const timeline = timelineOf(JSON.stringify({ agents: [], configuration: [], steps: [] }));
    expect(defaultPrincipal(timeline)).toBeNull();
    expect(defaultQuestion(timeline, 0)).toBe('What is the plan?');
  });

  it('compare principals by all three keys', () => {
    expect(samePrincipal({ user: 'a', task: 't', agent: 'x' }, { user: 'a', task: 't', agent: 'x' })).toBe(true);
    expect(samePrincipal({ user: 'a', task: 't', agent: 'x' }, { user: 'a', task: 'u', agent: 'x' })).toBe(false);
    expect(samePrincipal(null, null)).toBe(false);
  });
});

describe('actingPrincipals and scenarioPrincipals', () => {
  const text = JSON.stringify({
    agents: [{ name: 'planner', role: 'Plan.', tools: ['delegate'], reads: ['app', 'user', 'task', 'agent'] }],
    configuration: [],
    steps: [
      { op: 'write', as: ['bob', 't1', 'planner'], scope: 'user', id: 'a', text: 'A.' },
      { op: 'close_task', user: 'bob', task: 't1' },
      { op: 'query', as: ['Bob', 't1', 'planner'], current: 'Q?' },
      { op: 'query', as: ['bob', 't1', 'planner'], current: 'Q?' },
    ],
  });

  it('list the principal of every step but close_task, in step order, queries marked', () => {
    expect(actingPrincipals(timelineOf(text))).toEqual([
      { principal: { user: 'bob', task: 't1', agent: 'planner' }, query: false },
      { principal: { user: 'Bob', task: 't1', agent: 'planner' }, query: true },
      { principal: { user: 'bob', task: 't1', agent: 'planner' }, query: true },
    ]);
  });

  it('keep each valid principal once, in order of first appearance', () => {
    expect(scenarioPrincipals(timelineOf(text))).toEqual([{ user: 'bob', task: 't1', agent: 'planner' }]);
  });
});

describe('the principals of handoffs, imports and forgotten users', () => {
  const withSteps = (...steps: object[]) => {
    const scenario = JSON.parse(seedText) as { steps: object[] };
    scenario.steps.push(...steps);
    return timelineOf(JSON.stringify(scenario));
  };

  it('name a forgotten user and a handoff’s receiving agent, and no one for an import', () => {
    const timeline = withSteps(
      { op: 'import', id: 'imported-note', text: 'A note from the old system.' },
      { op: 'forget_user', user: 'carol' },
      { op: 'handoff', as: ['dave', 'task-4', 'planner'], to: 'summarizer', items: [], brief: 'Sum up.' },
    );
    expect(principalOptions(timeline)).toEqual({
      users: ['alice', 'bob', 'carol', 'dave'],
      tasks: ['task-9', 'task-17', 'task-18', 'task-4'],
      agents: ['planner', 'researcher', 'summarizer'],
    });
    expect(actingPrincipals(timeline).at(-1)).toEqual({
      principal: { user: 'dave', task: 'task-4', agent: 'planner' },
      query: false,
    });
  });

  it('add each handoff receiver no step acts as to the access picture’s rows, once, and no refused name', () => {
    const timeline = withSteps(
      { op: 'handoff', as: ['bob', 'task-17', 'planner'], to: 'researcher', items: [], brief: 'Again.' },
      { op: 'handoff', as: ['alice', 'task-9', 'planner'], to: 'researcher', items: [], brief: 'Look.' },
      { op: 'handoff', as: ['alice', 'task-9', 'planner'], to: 'researcher', items: [], brief: 'Look again.' },
      { op: 'handoff', as: ['alice', 'task-9', 'planner'], to: '', items: [], brief: 'Nobody.' },
    );
    const named = namedPrincipals(timeline).map((p) => `${p.user}/${p.task}/${p.agent}`);
    expect(named.slice(0, scenarioPrincipals(timeline).length)).toEqual(
      scenarioPrincipals(timeline).map((p) => `${p.user}/${p.task}/${p.agent}`),
    );
    expect(named.filter((n) => n === 'alice/task-9/researcher')).toHaveLength(1);
    expect(named.filter((n) => n === 'bob/task-17/researcher')).toHaveLength(1);
    expect(named.some((n) => n.endsWith('/'))).toBe(false);
  });
});

describe('defaultPrincipal when no step acts as anyone', () => {
  const planner = { name: 'planner', role: 'Plan.', tools: [], reads: ['app', 'agent'] };
  const of = (agents: object[], steps: object[]) =>
    defaultPrincipal(timelineOf(JSON.stringify({ agents, configuration: [], steps })));

  it('builds one from the first user, task and agent the scenario names', () => {
    expect(of([planner], [{ op: 'close_task', user: 'bob', task: 't1' }])).toEqual({
      user: 'bob',
      task: 't1',
      agent: 'planner',
    });
  });

  it('gives none when the scenario names no user, no task or no agent', () => {
    expect(of([planner], [])).toBeNull();
    expect(of([planner], [{ op: 'forget_user', user: 'bob' }])).toBeNull();
    expect(of([], [{ op: 'close_task', user: 'bob', task: 't1' }])).toBeNull();
  });

  it('compares with no principal as different, either way round', () => {
    const p = { user: 'a', task: 't', agent: 'x' };
    expect(samePrincipal(p, null)).toBe(false);
    expect(samePrincipal(null, p)).toBe(false);
    expect(samePrincipal(p, { ...p, user: 'b' })).toBe(false);
    expect(samePrincipal(p, { ...p, agent: 'y' })).toBe(false);
  });
});
