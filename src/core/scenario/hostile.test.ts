import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayText } from '../replay/replayText';
import { itemBlock } from '../store/context';

interface Case {
  file: string;
  expect: 'invalid' | 'rejected' | 'ok';
  message: string;
  line?: number | null;
  column?: number | null;
}

const manifest: Case[] = JSON.parse(readFileSync('fixtures/hostile/manifest.json', 'utf8'));
const seed = JSON.parse(readFileSync('fixtures/scenario.json', 'utf8'));

describe('the hostile corpus', () => {
  it.each(manifest.map((c) => [c.file, c] as const))('%s gets a plain, located outcome', (_file, c) => {
    const outcome = replayText(readFileSync(`fixtures/hostile/${c.file}`, 'utf8'));
    if (c.expect === 'invalid') {
      expect(outcome.kind).toBe('invalid');
      if (outcome.kind !== 'invalid') return;
      const [first] = outcome.problems;
      expect(outcome.problems.map((p) => `${p.path}: ${p.message}`).join('\n')).toContain(c.message);
      expect(first?.line).toBeGreaterThanOrEqual(1);
      expect(first?.column).toBeGreaterThanOrEqual(1);
      if (c.line != null) expect(first?.line).toBe(c.line);
      if (c.column != null) expect(first?.column).toBe(c.column);
      return;
    }
    expect(outcome.kind).toBe('ok');
    if (outcome.kind !== 'ok') return;
    const rejected = outcome.timeline.entries.flatMap((e) => (e.outcome.kind === 'rejected' ? [e.outcome.reason] : []));
    if (c.expect === 'ok') expect(rejected).toEqual([]);
    else expect(rejected[0]).toContain(c.message);
  });

  it('never pollutes Object.prototype', () => {
    for (const c of manifest) replayText(readFileSync(`fixtures/hostile/${c.file}`, 'utf8'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).user).toBeUndefined();
  });

  it('keeps markup in item text as escaped data', () => {
    const outcome = replayText(readFileSync('fixtures/hostile/text-markup-and-bidi.json', 'utf8'));
    if (outcome.kind !== 'ok') throw new Error('the markup scenario is valid');
    const query = outcome.timeline.entries.find((e) => e.outcome.kind === 'queried');
    const content = query?.outcome.kind === 'queried' ? query.outcome.context.messages[1].content : '';
    expect(content).not.toContain('<script>');
    expect(content).toContain('&lt;script&gt;');
    expect(content.split('</item>').length - 1).toBe(3);
  });

  it('replays a 1 MB item text', () => {
    const big = structuredClone(seed);
    big.steps[2].text = 'Bob prefers short answers. '.repeat(40_000);
    const outcome = replayText(JSON.stringify(big));
    expect(outcome.kind).toBe('ok');
    if (outcome.kind === 'ok') expect(itemBlock(outcome.timeline.lives[3]!.item).length).toBeGreaterThan(1_000_000);
  });

  it('replays 100,000 steps', () => {
    const many = structuredClone(seed);
    many.steps = Array.from({ length: 100_000 }, (_, i) => ({
      op: 'write',
      as: [`user-${i % 500}`, `task-${i % 7}`, 'planner'],
      scope: 'task',
      id: `note-${i}`,
      text: `Note ${i} about the export job.`,
    }));
    const outcome = replayText(JSON.stringify(many));
    expect(outcome.kind === 'ok' && outcome.timeline.entries.length).toBe(100_001);
  });

  it('refuses JSON nested 100,000 levels deep without overflowing the stack', () => {
    const outcome = replayText(`{"agents": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(outcome.kind === 'invalid' && outcome.problems[0]?.message).toContain('nested deeper than');
  });
});
