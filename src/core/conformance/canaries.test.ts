/**
 * The canary set as reviewed: what the reference store answers to each step of each canary (accepted,
 * refused, or the item IDs of a query, "$" standing for the canary's prefix), and for a rule with a
 * switch, how the project's own store with that switch off answers it. A canary edited so that a step no
 * longer does what it was written for (a write refused, a query of nobody) changes its line here.
 */
import { describe, expect, it } from 'vitest';
import { RULES, ruleName, type Rule, withRulesOff } from '../store/rules';
import { inProcess } from '../testing/conformance';
import { canaries, CANARY_RULES, ruleTitle, SEED_RULES } from './canaries';
import {
  canaryAgents,
  canaryScenario,
  closeTask,
  forgetUser,
  handoff,
  importItem,
  query,
  QUESTION,
  write,
} from './canaryKit';
import { ownAdapter } from './ownAdapter';
import { referenceOf } from './reference';
import { runScenario } from './run';

const REVIEWED: Record<string, string> = {
  c01: 'taskCheck refuse: ok, [$-app-policy]; off: items at 2',
  c02: 'taskCheck allow: ok, [$-app-policy $-alice-task-1], [$-app-policy $-alice-task-1]; off: conforms',
  c03: 'agentCheck refuse: ok, [$-app-policy]; off: items at 2',
  c04: 'agentCheck allow: ok, [$-app-policy $-researcher-notes]; off: conforms',
  c05: 'declaredReads refuse: ok, ok, [$-app-policy]; off: items at 3',
  c06: 'declaredReads allow: ok, ok, [$-app-policy $-alice-task]; off: items at 3',
  c07: 'keysFromPrincipal refuse: ok, [$-app-policy]; off: items at 2',
  c08: 'keysFromPrincipal allow: ok, [$-app-policy $-planted]; off: items at 2',
  c09: 'cacheKeyPrincipal refuse: ok, ok, [$-app-policy $-alice-task], [$-app-policy $-bob-task]; off: items at 4',
  c10: 'cacheKeyPrincipal allow: ok, [$-app-policy $-alice-task], [$-app-policy $-alice-task]; off: messages at 3',
  c11: 'cacheKeyVersion refuse: ok, [$-app-policy $-alice-task], ok, [$-app-policy]; off: items at 4',
  c12: 'cacheKeyVersion allow: ok, [$-app-policy $-first], ok, [$-app-policy $-first $-second]; off: items at 4',
  c13: 'escaping refuse: ok, [$-app-policy $-tricky]; off: messages at 2',
  c14: 'escaping allow: ok, [$-app-policy $-markup]; off: messages at 2',
  c15: 'atomicHandoff refuse: ok, refused, [$-app-banner]; off: items at 3',
  c16: 'atomicHandoff allow: ok, refused, ok, [$-app-banner handoff-1-brief handoff-1-item-1]; off: items at 4',
  c17: 'handoffReadCheck refuse: ok, ok, refused, refused, [$-app-policy]; off: accepted at 3',
  c18: 'handoffReadCheck allow: ok, ok, [$-app-policy handoff-1-brief handoff-1-item-1]; off: conforms',
  c19: 'perUserDuplicates refuse: ok, refused, refused, [$-app-policy $-dup]; off: conforms',
  c20: 'perUserDuplicates allow: ok, ok, [$-app-policy $-same], [$-app-policy $-same]; off: refused at 2',
  c21: 'authorizeBeforeRanking refuse: ok, ok, ok, ok, [$-app-policy $-alice]; off: items at 5',
  c22: 'authorizeBeforeRanking allow: ok, ok, ok, ok, [$-app-policy $-a1 $-a2 $-a3 $-a4]; off: items at 5',
  c23: 'exactKeys refuse: ok, ok, ok, ok, [$-app-policy]; off: items at 5',
  c24: 'exactKeys allow: ok, ok, [$-app-policy $-acme-user], [$-app-policy $-corp-user]; off: items at 3',
  c25: 'ownerlessHidden refuse: ok, ok, [$-app-policy $-alice-user], [$-app-policy]; off: items at 3',
  c26: 'ownerlessHidden allow: ok, ok, ok, [$-app-policy $-alice-user], [$-app-policy $-bob-task]; off: items at 4',
  c27: 'scopedDelete refuse: ok, ok, ok, ok, [$-app-policy], [$-app-policy]; off: conforms',
  c28: 'scopedDelete allow: ok, ok, ok, ok, [$-app-policy $-bob-user $-bob-task]; off: items at 5',
  c29: 'semanticCachePartition refuse: ok, ok, [$-app-policy $-alice-task], [$-app-policy $-bob-task]; off: items at 4',
  c30: 'semanticCachePartition allow: ok, ok, [$-app-policy $-alice-task], [$-app-policy $-bob-task], [$-app-policy $-alice-task], [$-app-policy $-bob-task]; off: items at 4',
  c31: 'userCheck refuse: ok, ok, ok, [$-app-policy]',
  c32: 'userCheck allow: ok, [$-app-policy $-alice-user]',
  c33: 'wellFormed refuse: ok, refused, refused, refused, refused, refused, refused, refused, refused, refused',
  c34: 'wellFormed allow: ok, ok, [$-app-policy $-short]',
  c35: 'appFromConfiguration refuse: refused, [$-app-policy]',
  c36: 'appFromConfiguration allow: [$-app-policy], [$-app-policy]',
  c37: 'delegate refuse: ok, ok, refused, refused, refused, refused, [$-app-policy $-plan]',
  c38: 'delegate allow: ok, ok, [$-app-policy handoff-1-brief handoff-1-item-1]',
  c39: 'handoffNumbering refuse: refused, ok, refused, [handoff-1-brief]',
  c40: 'handoffNumbering allow: ok, ok, ok, ok, ok, ok, ok, [$-app-policy handoff-1-brief handoff-1-item-1 handoff-2-brief handoff-2-item-1], [$-app-policy handoff-1-brief handoff-1-item-1]',
  c41: 'closeTask refuse: ok, ok, ok, ok, [$-app-policy], [$-app-policy]',
  c42: 'closeTask allow: ok, ok, ok, ok, ok, ok, [$-app-policy $-user $-task], [$-app-policy $-user $-task-2], [$-app-policy $-bob-task]',
};

/** One canary in a line: its rule, direction, the reference's answers, and its switch's verdict. */
async function line(canary: ReturnType<typeof canaries>[number]): Promise<string> {
  const answers = referenceOf(canary.scenario).expected.map((e) =>
    e.kind === 'items'
      ? `[${e.items.map((id) => id.replace(canary.id, '$')).join(' ')}]`
      : e.kind === 'accepted'
        ? 'ok'
        : 'refused',
  );
  let off = '';
  if ((RULES as readonly string[]).includes(canary.rule)) {
    const run = await runScenario(inProcess(ownAdapter(withRulesOff(canary.rule as Rule))), canary.scenario);
    off = run.failure === null ? '; off: conforms' : `; off: ${run.failure.mismatch.kind} at ${run.failure.step}`;
  }
  return `${canary.rule} ${canary.direction}: ${answers.join(', ')}${off}`;
}

describe('the canary set', () => {
  it('answers on the reference store, and with its switch off, as reviewed', async () => {
    const set = canaries();
    expect(set.map((c) => c.id)).toEqual(Object.keys(REVIEWED));
    for (const canary of set) expect(await line(canary), canary.id).toBe(REVIEWED[canary.id]);
  });

  it('names what each canary checks in a sentence of its own', () => {
    const names = canaries().map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][^\n]{20,}$/);
  });

  it('runs every canary with the canary agents, and app items', () => {
    for (const canary of canaries()) {
      expect(canary.scenario.agents).toEqual(canaryAgents());
      const ids = canary.scenario.configuration.map((c) => c.id);
      expect(ids.length, canary.id).toBeGreaterThan(0);
    }
  });
});

describe('the canary agents', () => {
  it('each have a role sentence, which the reference puts in the system message of its queries', () => {
    for (const agent of canaryAgents()) expect(agent.role, agent.name).toMatch(/^[A-Z][^.]+\.$/);
    for (const canary of canaries()) {
      const expected = referenceOf(canary.scenario).expected;
      canary.scenario.steps.forEach((step, k) => {
        const answer = expected[k]!;
        if (step.op !== 'query' || answer.kind !== 'items') return;
        const agent = canaryAgents().find((a) => a.name === step.as[2])!;
        expect(answer.messages[0]!.content.endsWith(`You are the ${agent.name} agent. ${agent.role}`)).toBe(true);
      });
    }
  });
});

describe('ruleTitle', () => {
  it('says what a switch guards in the page’s words, and a rule without a switch in its own sentence', () => {
    expect(CANARY_RULES).toEqual([...RULES, ...Object.keys(SEED_RULES)]);
    for (const rule of RULES) expect(ruleTitle(rule)).toBe(`guards ${ruleName(rule)}`);
    expect(ruleTitle('closeTask')).toBe("Closing a task deletes that user's task and agent items, and nothing else");
    for (const rule of Object.keys(SEED_RULES) as Array<keyof typeof SEED_RULES>)
      expect(ruleTitle(rule), rule).toMatch(/^[A-Z][a-z ]{2}.{20,}[a-z]$/);
  });
});

describe('the canary kit', () => {
  it('reads a principal as user/task/agent, blank where a part is missing', () => {
    expect(query('alice/task-1/planner')).toMatchObject({ as: ['alice', 'task-1', 'planner'] });
    expect(query('alice')).toMatchObject({ as: ['alice', '', ''] });
    expect(query('alice/task-1')).toMatchObject({ as: ['alice', 'task-1', ''] });
    expect(query('a/b/c')).toEqual({ op: 'query', as: ['a', 'b', 'c'], current: QUESTION });
  });

  it('builds each op with its default words, and a user_id only when given', () => {
    expect(write('bob/t/planner', 'task', '$-x')).toEqual({
      op: 'write',
      as: ['bob', 't', 'planner'],
      scope: 'task',
      id: '$-x',
      text: "Canary $-x: bob's task note on the export plan.",
    });
    expect(write('bob/t/planner', 'user', '$-x', 'Own words.', 'alice')).toMatchObject({
      text: 'Own words.',
      user_id: 'alice',
    });
    expect(handoff('bob/t/planner', 'researcher', ['$-x'])).toEqual({
      op: 'handoff',
      as: ['bob', 't', 'planner'],
      to: 'researcher',
      items: ['$-x'],
      brief: 'Canary $ brief: check the plan.',
    });
    expect(closeTask('bob', 't')).toEqual({ op: 'close_task', user: 'bob', task: 't' });
    expect(importItem('$-old')).toEqual({
      op: 'import',
      id: '$-old',
      text: 'Canary $-old: an imported note on the export plan, stored with no owner.',
    });
    expect(importItem('$-old', 'Mine.')).toMatchObject({ text: 'Mine.' });
    expect(forgetUser('bob')).toEqual({ op: 'forget_user', user: 'bob' });
  });

  it('puts the prefix in every string of the steps and configuration, and keeps the rest', () => {
    const scenario = canaryScenario(
      {
        name: 'n',
        direction: 'refuse',
        configuration: [{ id: '$-app-x', text: 'About $.' }],
        semanticCache: { threshold: 0.5 },
        steps: [handoff('bob/t/planner', 'researcher', ['$-a', '$-b'], '$ and $')],
      },
      'c99',
    );
    expect(scenario).toEqual({
      agents: canaryAgents(),
      configuration: [{ id: 'c99-app-x', text: 'About c99.' }],
      semanticCache: { threshold: 0.5 },
      steps: [
        {
          op: 'handoff',
          as: ['bob', 't', 'planner'],
          to: 'researcher',
          items: ['c99-a', 'c99-b'],
          brief: 'c99 and c99',
        },
      ],
    });
    const plain = canaryScenario({ name: 'n', direction: 'allow', steps: [] }, 'c01');
    expect(plain).toEqual({
      agents: canaryAgents(),
      configuration: [{ id: 'c01-app-policy', text: 'Canary c01: answer from the context.' }],
      steps: [],
    });
    expect('semanticCache' in plain).toBe(false);
  });
});
