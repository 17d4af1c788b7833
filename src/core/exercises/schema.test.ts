import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/scenario';
import { parseRouterScenario } from '../router/scenario';
import { projectText } from '../testing/fixtures';

const seed = () => JSON.parse(projectText('fixtures/scenario.json')) as Record<string, unknown>;
const pick = {
  id: 'pick',
  task: 'Select step 7.',
  goal: { kind: 'stepSelected', step: 7 },
  hints: ['a', 'b'],
  answer: '7',
};
const problems = (value: unknown) => {
  const outcome = parseScenario(JSON.stringify(value, null, 2));
  return outcome.kind === 'invalid' ? outcome.problems.map((p) => `${p.line}:${p.column} ${p.path}: ${p.message}`) : [];
};

describe('a scenario with exercises', () => {
  it('parses with its exercises and solution kept as data', () => {
    const value = { ...seed(), exercises: [pick], solution: { acts: { selectedStep: 7 } } };
    const outcome = parseScenario(JSON.stringify(value));
    expect(outcome.kind === 'ok' && [outcome.scenario.exercises, outcome.scenario.solution]).toEqual([
      [pick],
      { acts: { selectedStep: 7 } },
    ]);
  });

  it('locates a goal from another engine, a step 0, a single hint, and a repeated ID', () => {
    const value = {
      ...seed(),
      exercises: [
        { ...pick, goal: { kind: 'scorerLeak', step: 3 } },
        { ...pick, id: 'b', goal: { kind: 'stepSelected', step: 0 } },
        { ...pick, id: 'c', hints: ['only one'] },
      ],
    };
    const found = problems(value);
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^\d+:\d+ exercises\[0\]\.goal\.kind: /);
    expect(found[1]).toMatch(/^\d+:\d+ exercises\[1\]\.goal\.step: /);
    expect(found[2]).toMatch(/^\d+:\d+ exercises\[2\]\.hints: /);
    // Zod runs the list's own check once every exercise is valid: progress is kept by ID, so IDs repeat never.
    expect(problems({ ...seed(), exercises: [pick, { ...pick, task: 'Again.' }] })).toEqual([
      expect.stringMatching(/^\d+:\d+ exercises\[1\]\.id: duplicate exercise id pick \(also exercises\[0\]\)$/),
    ]);
  });

  it('refuses a rule that does not exist and a patch operation JSON Patch does not have', () => {
    const found = problems({
      ...seed(),
      solution: { acts: { rulesOff: ['taskChek'] }, patch: [{ op: 'move', path: '/steps/0', from: '/steps/1' }] },
    });
    expect(found.map((p) => p.split(': ')[0]!.split(' ')[1])).toEqual([
      'solution.acts.rulesOff[0]',
      'solution.patch[0].op',
    ]);
  });

  it('lets a router lesson carry its own goals, and refuses a store goal there', () => {
    const router = JSON.parse(projectText('fixtures/lessons/router-authorize-before-ranking.json')) as object;
    const ok = parseRouterScenario(
      JSON.stringify({ ...router, exercises: [{ ...pick, goal: { kind: 'scorerLeak', step: 1 } }] }),
    );
    expect(ok.kind).toBe('ok');
    const bad = parseRouterScenario(
      JSON.stringify({ ...router, exercises: [{ ...pick, goal: { kind: 'ruleOff', rule: 'taskCheck' } }] }),
    );
    expect(bad.kind === 'invalid' && bad.problems[0]!.path).toBe('exercises[0].goal.kind');
  });
});
