import { describe, expect, it } from 'vitest';
import { canaries } from '../conformance/canaries';
import { replay } from '../replay/replay';
import { withRulesOff } from '../store/rules';
import {
  brokenRule,
  guessRule,
  LAB_GUESSES,
  LAB_RULES,
  type LabProgress,
  labChoices,
  labReveal,
  labStatus,
  probe,
  probeLines,
  STARTER_PROBE,
} from './lab';

/** What the lab would show of a canary's scenario with `rule` off, as one string to compare. */
function shown(scenario: Parameters<typeof replay>[0], rule: (typeof LAB_RULES)[number]): string {
  const replayed = replay(scenario, withRulesOff(rule));
  if (replayed.kind !== 'ok') throw new Error('a canary does not replay');
  return JSON.stringify(probeLines(replayed.timeline));
}

const fresh = (seed: number): LabProgress => ({ seed, probes: 0, guesses: [] });

describe('the final lab', () => {
  it('can tell every pair of its broken rules apart by what a probe shows', () => {
    // The conformance suite's canaries stand in for a learner's probes: each variant must answer at
    // least one of them differently from every other variant, or it could not be found by probing.
    const scenarios = canaries().map((c) => c.scenario);
    const seen = LAB_RULES.map((rule) => scenarios.map((s) => shown(s, rule)));
    const alike: string[] = [];
    for (let a = 0; a < LAB_RULES.length; a++)
      for (let b = a + 1; b < LAB_RULES.length; b++)
        if (seen[a]!.every((view, i) => view === seen[b]![i])) alike.push(`${LAB_RULES[a]} ~ ${LAB_RULES[b]}`);
    expect(alike).toEqual([]);
  });

  it('shows each broken rule in some probe: no variant looks like the intact store everywhere', () => {
    const scenarios = canaries().map((c) => c.scenario);
    const intact = scenarios.map((s) => {
      const replayed = replay(s);
      return replayed.kind === 'ok' ? JSON.stringify(probeLines(replayed.timeline)) : '';
    });
    for (const rule of LAB_RULES)
      expect(
        scenarios.some((s, i) => shown(s, rule) !== intact[i]),
        rule,
      ).toBe(true);
  });

  it('gives learners different rules, every rule to someone, and the same rule on every reload', () => {
    const picked = Array.from({ length: 400 }, (_, seed) => brokenRule(seed));
    expect(new Set(picked)).toEqual(new Set(LAB_RULES));
    expect(brokenRule(12345)).toBe(brokenRule(12345));
    expect(labChoices(7)).toEqual(labChoices(7));
    expect([...labChoices(7)].sort()).toEqual([...LAB_RULES].sort());
    expect(
      Array.from({ length: 50 }, (_, s) => labChoices(s).join()).filter((o, i, all) => all.indexOf(o) === i).length,
    ).toBeGreaterThan(40);
  });

  it('asks for a probe before a guess, and refuses the same rule twice', () => {
    const rule = LAB_RULES.find((r) => r !== brokenRule(3))!;
    expect(guessRule(fresh(3), rule)).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/^Probe the store first/),
    });
    const once = guessRule({ ...fresh(3), probes: 1 }, rule);
    expect(once).toMatchObject({ kind: 'guessed', right: false });
    if (once.kind !== 'guessed') return;
    expect(once.message).toMatch(/that rule holds here\. 2 guesses left\.$/);
    expect(guessRule(once.progress, rule)).toMatchObject({ kind: 'refused' });
  });

  it('is solved by naming the rule, and over after three wrong names, showing the rule either way', () => {
    const seed = 11;
    const rule = brokenRule(seed);
    const right = guessRule({ ...fresh(seed), probes: 1 }, rule);
    expect(right).toMatchObject({ kind: 'guessed', right: true });
    if (right.kind === 'guessed') expect(labStatus(right.progress)).toEqual({ kind: 'solved', rule, guesses: 1 });
    let progress: LabProgress = { ...fresh(seed), probes: 1 };
    for (const wrong of LAB_RULES.filter((r) => r !== rule).slice(0, LAB_GUESSES)) {
      const next = guessRule(progress, wrong);
      if (next.kind !== 'guessed') throw new Error(next.message);
      progress = next.progress;
    }
    expect(labStatus(progress)).toEqual({ kind: 'out-of-guesses', rule });
    expect(guessRule(progress, rule)).toMatchObject({ kind: 'refused' });
    expect(labReveal(rule).name).toMatch(/^“.+”$/);
  });

  it('rewards guessing without looking at the probe no better than chance', () => {
    // A careless learner names the first three choices shown, whatever the probe said.
    const seeds = Array.from({ length: 2000 }, (_, s) => s);
    const solved = seeds.filter((seed) => {
      let progress: LabProgress = { ...fresh(seed), probes: 1 };
      for (const rule of labChoices(seed).slice(0, LAB_GUESSES)) {
        const next = guessRule(progress, rule);
        if (next.kind === 'guessed') progress = next.progress;
      }
      return labStatus(progress).kind === 'solved';
    }).length;
    const chance = LAB_GUESSES / LAB_RULES.length;
    expect(solved / seeds.length).toBeLessThan(chance + 0.05);
  });

  it('shows what the store did, never a verdict, and locates a broken probe', () => {
    const result = probe(5, STARTER_PROBE);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.lines.map((l) => l.op)).toEqual(['write', 'write', 'query', 'query']);
    const words = JSON.stringify(result.lines);
    expect(words).not.toMatch(/leak|belongs to|should not|broken|rule/i);
    const bad = probe(5, '{\n  "agents": [,\n}');
    expect(bad.kind).toBe('invalid');
    if (bad.kind === 'invalid') expect(bad.problems[0]).toMatchObject({ line: 2 });
    expect(probe(5, ' '.repeat(60_000))).toMatchObject({ kind: 'invalid' });
  });
});
