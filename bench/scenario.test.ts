/** The benchmark's generated scenarios: deterministic, valid, and mixing every kind of step. */
import { describe, expect, it } from 'vitest';
import { replay } from '../src/core/replay/replayText';
import { parseScenario } from '../src/core/scenario/scenario';
import { toSeedResult } from '../src/core/replay/seedResult';
import { words } from '../src/core/python/strings';
import { generateScenario, QUESTIONS, seededRandom } from './scenario';

const size = { users: 60, itemsPerUser: 10, queries: 25 };

describe('generateScenario', () => {
  it('gives the same scenario for the same seed, and another for another seed', () => {
    expect(JSON.stringify(generateScenario(size))).toBe(JSON.stringify(generateScenario(size)));
    expect(JSON.stringify(generateScenario(size, 7))).not.toBe(JSON.stringify(generateScenario(size)));
    expect(Array.from({ length: 3 }, seededRandom(1))).toEqual(Array.from({ length: 3 }, seededRandom(1)));
  });

  it('writes a scenario the parser accepts and the store replays without rejecting a step', () => {
    const parsed = parseScenario(JSON.stringify(generateScenario(size), null, 2));
    expect(parsed.kind).toBe('ok');
    if (parsed.kind !== 'ok') return;
    const outcome = replay(parsed.scenario);
    expect(outcome.kind).toBe('ok');
    if (outcome.kind !== 'ok') return;
    expect(outcome.timeline.entries.filter((e) => e.outcome.kind === 'rejected')).toEqual([]);
    expect(toSeedResult(outcome.timeline).steps.filter((s) => 'principal' in s)).toHaveLength(size.queries);
  });

  it('mixes writes of every scope, handoffs, close_task and queries, ten items per user', () => {
    const { steps } = generateScenario(size);
    const count = (op: string) => steps.filter((s) => s.op === op).length;
    const scopes = new Set(steps.flatMap((s) => (s.op === 'write' ? [s.scope] : [])));
    expect([...scopes].sort()).toEqual(['agent', 'task', 'user']);
    expect(count('handoff')).toBe(size.users);
    expect(count('close_task')).toBeGreaterThan(0);
    expect(count('query')).toBe(size.queries);
    const created = count('write') + steps.reduce((n, s) => n + (s.op === 'handoff' ? 1 + s.items.length : 0), 0);
    expect(created).toBe(size.users * size.itemsPerUser);
  });

  it('writes texts that share words with the questions, so the naive baseline has something to rank', () => {
    const question = new Set(QUESTIONS.flatMap((q) => [...words(q)]));
    const texts = generateScenario(size).steps.flatMap((s) => (s.op === 'write' ? [s.text] : []));
    const sharing = texts.filter((text) => [...words(text)].some((w) => question.has(w)));
    expect(sharing.length / texts.length).toBeGreaterThan(0.8);
  });
});
